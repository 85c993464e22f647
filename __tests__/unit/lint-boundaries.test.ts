import { execFile } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')
const PROBE_LINTER = path.join(__dirname, '../support/lint-probes.mjs')

interface Probe {
  file: string
  code: string
}

const probes: Probe[] = []
let linted: string[][] | undefined

/**
 * `code` linted as if it were `file`: registered while the tests are collected, linted with every
 * other probe in one ESLint run before they run (starting ESLint once per probe took minutes).
 * Answers the rule ids the probe broke, once that run is done.
 */
function probe(file: string, code: string): () => string[] {
  const index = probes.push({ file, code }) - 1
  return () => {
    const found = linted?.[index]
    if (!found) throw new Error('the probes have not been linted')
    return found
  }
}

function lintProbes(): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [PROBE_LINTER], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`))
      else resolve(JSON.parse(stdout) as string[][])
    })
    child.stdin?.end(JSON.stringify(probes))
  })
}

beforeAll(async () => {
  linted = await lintProbes()
})

jest.setTimeout(60_000)

const DOMAIN_PROBE = 'src/domain/probe.ts'

describe('architecture boundaries (lint)', () => {
  it.each(
    [
      ["import Taro from '@tarojs/taro'\nexport const x = Taro\n", 'no-restricted-imports'],
      ["import { useState } from 'react'\nexport const x = useState\n", 'no-restricted-imports'],
      ["import { ROUTES } from '../config/routes'\nexport const x = ROUTES\n", 'import/no-restricted-paths'],
    ].map(([code, rule]) => [code, rule, probe(DOMAIN_PROBE, code!)] as const),
  )('keeps src/domain pure: %s', (_code, rule, found) => {
    expect(found()).toContain(rule)
  })

  const domainItself = probe(DOMAIN_PROBE, "import { HOTLINE } from './constants'\nexport const x = HOTLINE\n")
  it('lets the domain import itself', () => {
    expect(domainItself()).toEqual([])
  })

  it.each(
    [
      ['src/platform/probe.ts', "import { PageShell } from '../components/page-shell/PageShell'\nexport const x = PageShell\n"],
      ['src/components/probe.ts', "import Page from '../pages/apply/pay/index'\nexport const x = Page\n"],
      ['src/config/probe.ts', "import { createNavigator } from '../platform/navigator'\nexport const x = createNavigator\n"],
    ].map(([file, code]) => [file, probe(file!, code!)] as const),
  )('keeps dependencies one-way: %s', (_file, found) => {
    expect(found()).toContain('import/no-restricted-paths')
  })

  const intoPlatform = probe('src/services/api/probe.ts', "import { createSecureStorage } from '../../platform/secure-storage'\nexport const x = createSecureStorage\n")
  const intoServices = probe('src/platform/probe.ts', "import { createSealedBox } from '../services/crypto/sealed-box'\nexport const x = createSealedBox\n")
  it('lets platform use services, never services platform', () => {
    expect(intoPlatform()).toContain('import/no-restricted-paths')
    expect(intoServices()).toEqual([])
  })

  it.each(
    [
      ['src/components/probe.ts', "import { PayScreen } from '../features/payment'\nexport const x = PayScreen\n"],
      ['src/stores/probe.ts', "import { PayScreen } from '../features/payment'\nexport const x = PayScreen\n"],
      ['src/features/payment/probe.ts', "import Page from '../../pages/apply/pay/index'\nexport const x = Page\n"],
    ].map(([file, code]) => [file, probe(file!, code!)] as const),
  )('keeps features between pages and the shared layers: %s', (_file, found) => {
    expect(found()).toContain('import/no-restricted-paths')
  })

  const otherInternals = probe('src/features/payment/probe.ts', "import { OrderTimeline } from '../order/timeline/OrderTimeline'\nexport const x = OrderTimeline\n")
  it("keeps a feature out of another feature's internals", () => {
    expect(otherInternals()).toContain('import/no-restricted-paths')
  })

  const otherIndex = probe('src/features/payment/probe.ts', "import { OrderTimeline } from '../order'\nexport const x = OrderTimeline\n")
  const ownFiles = probe('src/features/payment/pay/probe.ts', "import { MissingOrder } from '../MissingOrder'\nexport const x = MissingOrder\n")
  it("lets a feature use another feature's public index, and its own files", () => {
    expect(otherIndex()).toEqual([])
    expect(ownFiles()).toEqual([])
  })

  it.each(
    [
      ['src/features/order/probe.ts', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showModal({ title: 'x' })\n", 'no-restricted-properties'],
      ['src/components/probe.ts', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showToast({ title: 'x' })\n", 'no-restricted-properties'],
      ['src/pages/probe.tsx', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.makePhoneCall({ phoneNumber: '1' })\n", 'no-restricted-properties'],
      ['src/features/photo/probe.ts', "import { showModal } from '@tarojs/taro'\nexport const x = showModal\n", 'no-restricted-imports'],
    ].map(([file, code, rule]) => [file, rule, probe(file!, code!)] as const),
  )('keeps toasts, dialogs and calls in the UI service: %s', (_file, rule, found) => {
    expect(found()).toContain(rule)
  })

  const platformUi = probe('src/platform/probe.ts', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showModal({ title: 'x' })\n")
  it('lets the platform layer call Taro for the UI service', () => {
    expect(platformUi()).toEqual([])
  })

  const debugOutput = probe('src/platform/probe.ts', "console.log('x')\n")
  it('forbids debug output in app code', () => {
    expect(debugOutput()).toContain('no-console')
  })
})
