/**
 * The WeChat mini-program in the headless world the mini suite runs it in (__tests__/mini/support):
 * script time from the app's first script to the plate page's first `setData` with the keyboard,
 * and from the plate page's 下一步 (where the WeChat build signs in silently with wx.login's code)
 * to the consent page's first `setData`, every network call answered after the phone's round trip
 * (phone.ts). Each run is a cold launch: jest runs mini-program-walk.ts in a process of its own (a
 * fresh app, server and embedded database). With the main package's size, as the package-size
 * tests measure it.
 *
 * Alipay is not measured: it has no offline renderer (../shared/TOOLCHAIN.md), so its pages have
 * no drawn first frame to time.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { WEAPP_DIST, weappBuilt } from '../../../__tests__/mini/support/weapp-build'
import { ROOT, sourcesChangedAt } from '../h5-build'
import { packageSizes } from '../mini-package-sizes'
import type { PackageSizes } from '../mini-package-sizes'
import { MOBILE_LATENCY_MS } from './phone'

export interface MiniProgramSample {
  /** From app.js starting to run to the plate page's first setData that draws the keyboard. */
  readonly launchToKeyboardMs: number
  /** From the tap on 下一步 (plate typed, not signed in) to the consent page's first setData. */
  readonly loginToConsentMs: number
  /** Requests to the server made between the tap and the consent page opening. */
  readonly loginRequests: number
  /** wx.login calls (to WeChat's servers) made between the tap and the consent page opening. */
  readonly wxLogins: number
}

export interface MiniProgramResult {
  readonly latencyMs: number
  readonly samples: readonly MiniProgramSample[]
  readonly sizes: PackageSizes
}

const WALK = path.join(__dirname, 'mini-program-walk.ts')

interface JestProject {
  displayName?: string
}

/** The mini suite's jest project (its jsdom environment and transforms), running only the walk. */
function walkConfig(): string {
  const { projects } = createRequire(__filename)(path.join(ROOT, 'jest.config.js')) as { projects: JestProject[] }
  const mini = projects.find((project) => project.displayName === 'mini')
  if (!mini) throw new Error('jest.config.js has no mini project')
  return JSON.stringify({ ...mini, rootDir: ROOT, testMatch: [WALK] })
}

/** dist/weapp as `npm run build:weapp` makes it, rebuilt when a source changed since. */
function ensureWeappBuild(): void {
  if (weappBuilt() && statSync(path.join(WEAPP_DIST, 'app.json')).mtimeMs > sourcesChangedAt()) return
  console.log('[weapp] dist/weapp missing or stale: running `taro build --type weapp` …')
  const built = spawnSync('npx', ['taro', 'build', '--type', 'weapp'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (built.status !== 0) throw new Error(`the WeChat build failed (exit ${built.status ?? 'signal'})`)
}

function walkOnce(config: string, out: string): MiniProgramSample {
  const run = spawnSync('npx', ['jest', '--config', config, '--runInBand', '--ci', WALK], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      BENCH_MINI_OUT: out,
      MINI_REQUEST_LATENCY_MS: String(MOBILE_LATENCY_MS),
      // Script time only: the host's other answers (storage, navigation) come at once.
      MINI_MAX_DELAY_MS: '0',
    },
  })
  if (run.status !== 0) throw new Error(`the mini-program walk failed:\n${run.stderr}`)
  return JSON.parse(readFileSync(out, 'utf8')) as MiniProgramSample
}

export function measureMiniProgram(runs: number): MiniProgramResult {
  ensureWeappBuild()
  const config = walkConfig()
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'etc-bench-mini-'))
  try {
    const samples: MiniProgramSample[] = []
    for (let run = 0; run < runs; run += 1) {
      samples.push(walkOnce(config, path.join(scratch, `run-${run}.json`)))
      console.log(`mini-program run ${run + 1} of ${runs} done`)
    }
    return { latencyMs: MOBILE_LATENCY_MS, samples, sizes: packageSizes(WEAPP_DIST) }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
