import { execFile } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')
const ESLINT_BIN = path.join(ROOT, 'node_modules/eslint/bin/eslint.js')

interface LintResult {
  messages: { ruleId: string | null; message: string }[]
}

/**
 * Lints `code` as if it were `file`, through the CLI: the flat config is an ES module, which
 * jest's module sandbox cannot import. import/no-cycle is off for these probes because it needs
 * the file on disk (it is exercised by `npm run lint`).
 */
function ruleIdsFor(file: string, code: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [ESLINT_BIN, '--format', 'json', '--rule', 'import/no-cycle: off', '--stdin', '--stdin-filename', path.join(ROOT, file)],
      { cwd: ROOT },
      (error, stdout) => {
        // Exit code 1 just means problems were found; anything unparsable is a real failure.
        try {
          const [result] = JSON.parse(stdout) as LintResult[]
          resolve((result?.messages ?? []).map((message) => message.ruleId ?? message.message))
        } catch {
          reject(error ?? new Error(`eslint printed no JSON: ${stdout}`))
        }
      },
    )
    child.stdin?.end(code)
  })
}

jest.setTimeout(60_000)

describe('architecture boundaries (lint)', () => {
  it.each([
    ["import Taro from '@tarojs/taro'\nexport const x = Taro\n", 'no-restricted-imports'],
    ["import { useState } from 'react'\nexport const x = useState\n", 'no-restricted-imports'],
    ["import { ROUTES } from '../config/routes'\nexport const x = ROUTES\n", 'import/no-restricted-paths'],
  ])('keeps src/domain pure: %s', async (code, rule) => {
    expect(await ruleIdsFor('src/domain/probe.ts', code)).toContain(rule)
  })

  it('lets the domain import itself', async () => {
    const code = "import { HOTLINE } from './constants'\nexport const x = HOTLINE\n"
    expect(await ruleIdsFor('src/domain/probe.ts', code)).toEqual([])
  })

  it.each([
    ['src/platform/probe.ts', "import { PageShell } from '../components/page-shell/PageShell'\nexport const x = PageShell\n"],
    ['src/components/probe.ts', "import Page from '../pages/apply/pay/index'\nexport const x = Page\n"],
    ['src/config/probe.ts', "import { createNavigator } from '../platform/navigator'\nexport const x = createNavigator\n"],
  ])('keeps dependencies one-way: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('import/no-restricted-paths')
  })

  it('forbids debug output in app code', async () => {
    expect(await ruleIdsFor('src/platform/probe.ts', "console.log('x')\n")).toContain('no-console')
  })
})
