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

  it('lets platform use services, never services platform', async () => {
    const intoPlatform = "import { createSecureStorage } from '../../platform/secure-storage'\nexport const x = createSecureStorage\n"
    expect(await ruleIdsFor('src/services/api/probe.ts', intoPlatform)).toContain('import/no-restricted-paths')
    const intoServices = "import { createSealedBox } from '../services/crypto/sealed-box'\nexport const x = createSealedBox\n"
    expect(await ruleIdsFor('src/platform/probe.ts', intoServices)).toEqual([])
  })

  it.each([
    ['src/components/probe.ts', "import { PayScreen } from '../features/payment'\nexport const x = PayScreen\n"],
    ['src/stores/probe.ts', "import { PayScreen } from '../features/payment'\nexport const x = PayScreen\n"],
    ['src/features/payment/probe.ts', "import Page from '../../pages/apply/pay/index'\nexport const x = Page\n"],
  ])('keeps features between pages and the shared layers: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('import/no-restricted-paths')
  })

  it("keeps a feature out of another feature's internals", async () => {
    const code = "import { OrderTimeline } from '../order/timeline/OrderTimeline'\nexport const x = OrderTimeline\n"
    expect(await ruleIdsFor('src/features/payment/probe.ts', code)).toContain('import/no-restricted-paths')
  })

  it("lets a feature use another feature's public index, and its own files", async () => {
    const other = "import { OrderTimeline } from '../order'\nexport const x = OrderTimeline\n"
    const own = "import { MissingOrder } from '../MissingOrder'\nexport const x = MissingOrder\n"
    expect(await ruleIdsFor('src/features/payment/probe.ts', other)).toEqual([])
    expect(await ruleIdsFor('src/features/payment/pay/probe.ts', own)).toEqual([])
  })

  it.each([
    ['src/features/order/probe.ts', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showModal({ title: 'x' })\n", 'no-restricted-properties'],
    ['src/components/probe.ts', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showToast({ title: 'x' })\n", 'no-restricted-properties'],
    ['src/pages/probe.tsx', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.makePhoneCall({ phoneNumber: '1' })\n", 'no-restricted-properties'],
    ['src/features/photo/probe.ts', "import { showModal } from '@tarojs/taro'\nexport const x = showModal\n", 'no-restricted-imports'],
  ])('keeps toasts, dialogs and calls in the UI service: %s', async (file, code, rule) => {
    expect(await ruleIdsFor(file, code)).toContain(rule)
  })

  it('lets the platform layer call Taro for the UI service', async () => {
    const code = "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showModal({ title: 'x' })\n"
    expect(await ruleIdsFor('src/platform/probe.ts', code)).toEqual([])
  })

  it('forbids debug output in app code', async () => {
    expect(await ruleIdsFor('src/platform/probe.ts', "console.log('x')\n")).toContain('no-console')
  })
})
