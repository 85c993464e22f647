/**
 * The WeChat package passes WeChat's own code-quality check (miniprogram-ci's checkCodeQuality,
 * run offline by scripts/mini-code-quality.ts): compression on for JS, WXML and WXSS, lazy code
 * loading, no package over 1.5 MB, no image or audio over 200 KB, no file the package does not
 * use. And the check bites: a copy with compression off and an unused file fails it. Needs
 * `npm run build:weapp` first; CI builds it and sets REQUIRE_MINI_BUILD=1 so a missing build fails
 * instead of skipping.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const ROOT = path.resolve(__dirname, '../..')
const DIST = path.join(ROOT, 'dist', 'weapp')
const built = existsSync(path.join(DIST, 'app.json'))
if (!built && process.env.REQUIRE_MINI_BUILD === '1') throw new Error(`REQUIRE_MINI_BUILD=1 but ${DIST}/app.json is missing: run npm run build:weapp`)
if (!built) console.warn('!! dist/weapp is not built: skipping its code-quality check (npm run build:weapp)')

/** The checks miniprogram-ci 2.1 runs: one gone missing would pass unnoticed. */
const CHECKS = [
  'PACKAGE_SIZE_LIMIT',
  'JS_COMPRESS_OPEN',
  'WXML_COMPRESS_OPEN',
  'WXSS_COMPRESS_OPEN',
  'LAZYCODE_LOADING_OPEN',
  'IMAGE_AND_AUDIO_LIMIT',
  'CONTAINS_OTHER_PKG_JS',
  'CONTAINS_OTHER_PKG_COMPONENTS',
  'CONTAINS_UNUSED_PLUGINS',
  'CONTAINS_UNUSED_COMPONENTS',
  'CONTAINS_UNUSED_CODES',
]

interface Report {
  checks: { name: string; success: boolean; detail?: unknown }[]
  errors: string[]
}

/** Starting the tool and scanning the package: seconds on a loaded machine. */
const CHECK_TIMEOUT_MS = 120_000

async function checkCodeQuality(projectPath: string): Promise<{ exitCode: number; report: Report }> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'code-quality-'))
  const json = path.join(out, 'report.json')
  try {
    const tsx = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')
    const run = promisify(execFile)(process.execPath, [tsx, path.join(ROOT, 'scripts', 'mini-code-quality.ts'), projectPath, '--json', json], { cwd: ROOT })
    const exitCode = await run.then(
      () => 0,
      (error: { code?: number }) => error.code ?? 1,
    )
    return { exitCode, report: JSON.parse(readFileSync(json, 'utf8')) as Report }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

const outcomes = (report: Report) => Object.fromEntries(report.checks.map(({ name, success }) => [name, success]))

;(built ? describe : describe.skip)("dist/weapp and WeChat's code-quality check", () => {
  it('passes every check', async () => {
    const { exitCode, report } = await checkCodeQuality(DIST)
    expect(report.errors).toEqual([])
    expect(outcomes(report)).toEqual(Object.fromEntries(CHECKS.map((name) => [name, true])))
    expect(exitCode).toBe(0)
  }, CHECK_TIMEOUT_MS)

  it('fails a copy with compression off and a file the package does not use', async () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'weapp-copy-'))
    try {
      cpSync(DIST, copy, { recursive: true })
      const configPath = path.join(copy, 'project.config.json')
      const config = JSON.parse(readFileSync(configPath, 'utf8')) as { setting: Record<string, unknown> }
      writeFileSync(configPath, JSON.stringify({ ...config, setting: { ...config.setting, minified: false } }))
      writeFileSync(path.join(copy, 'unused.js'), 'module.exports = 1\n')
      const { exitCode, report } = await checkCodeQuality(copy)
      expect(outcomes(report)).toMatchObject({ JS_COMPRESS_OPEN: false, CONTAINS_UNUSED_CODES: false, WXML_COMPRESS_OPEN: true })
      expect(exitCode).toBe(1)
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  }, CHECK_TIMEOUT_MS)
})
