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
const RESTRICTED_PATH = 'import/no-restricted-paths'

/** Probes each rule must catch: what the rule keeps, the file, its code, the rule. */
const CAUGHT: readonly (readonly [string, string, string, string])[] = [
  ['src/domain pure', DOMAIN_PROBE, "import Taro from '@tarojs/taro'\nexport const x = Taro\n", 'no-restricted-imports'],
  ['src/domain pure', DOMAIN_PROBE, "import { useState } from 'react'\nexport const x = useState\n", 'no-restricted-imports'],
  ['src/domain pure', DOMAIN_PROBE, "import { ROUTES } from '../config/routes'\nexport const x = ROUTES\n", RESTRICTED_PATH],
  ['dependencies one-way', 'src/platform/probe.ts', "import { PageShell } from '../components/page-shell/PageShell'\nexport const x = PageShell\n", RESTRICTED_PATH],
  ['dependencies one-way', 'src/components/probe.ts', "import Page from '../pages/apply/pay/index'\nexport const x = Page\n", RESTRICTED_PATH],
  ['dependencies one-way', 'src/config/probe.ts', "import { createNavigator } from '../platform/navigator'\nexport const x = createNavigator\n", RESTRICTED_PATH],
  ['features between pages and the shared layers', 'src/components/probe.ts', "import { PayScreen } from '../features/payment'\nexport const x = PayScreen\n", RESTRICTED_PATH],
  ['features between pages and the shared layers', 'src/stores/probe.ts', "import { PayScreen } from '../features/payment'\nexport const x = PayScreen\n", RESTRICTED_PATH],
  ['features between pages and the shared layers', 'src/features/payment/probe.ts', "import Page from '../../pages/apply/pay/index'\nexport const x = Page\n", RESTRICTED_PATH],
  ["a feature out of another feature's internals", 'src/features/payment/probe.ts', "import { OrderTimeline } from '../order/timeline/OrderTimeline'\nexport const x = OrderTimeline\n", RESTRICTED_PATH],
  ['services out of the platform', 'src/services/api/probe.ts', "import { createSecureStorage } from '../../platform/secure-storage'\nexport const x = createSecureStorage\n", RESTRICTED_PATH],
  ['feature functions within a screenful', 'src/features/order/probe.ts', `export function long(): number {\n${'  void 0\n'.repeat(80)}  return 1\n}\n`, 'max-lines-per-function'],
  ['toasts, dialogs and calls in the UI service', 'src/features/order/probe.ts', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showModal({ title: 'x' })\n", 'no-restricted-properties'],
  ['toasts, dialogs and calls in the UI service', 'src/components/probe.ts', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showToast({ title: 'x' })\n", 'no-restricted-properties'],
  ['toasts, dialogs and calls in the UI service', 'src/pages/probe.tsx', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.makePhoneCall({ phoneNumber: '1' })\n", 'no-restricted-properties'],
  ['toasts, dialogs and calls in the UI service', 'src/features/photo/probe.ts', "import { showModal } from '@tarojs/taro'\nexport const x = showModal\n", 'no-restricted-imports'],
  ['debug output out of app code', 'src/platform/probe.ts', "console.log('x')\n", 'no-console'],
  ['the app layer on top', 'src/features/order/probe.ts', "import { RootStore } from '../../app/root-store'\nexport const x = RootStore\n", RESTRICTED_PATH],
  ['the app layer on top', 'src/stores/probe.ts', "import { createApi } from '../app/create-api'\nexport const x = createApi\n", RESTRICTED_PATH],
  ['the app layer on top', 'src/pages/probe.tsx', "import { AppStoreProvider } from '../app/store-provider'\nexport const x = AppStoreProvider\n", RESTRICTED_PATH],
]

/** Probes no rule may catch: what they show is allowed, the file, its code. */
const ALLOWED: readonly (readonly [string, string, string])[] = [
  ['the domain importing itself', DOMAIN_PROBE, "import { HOTLINE } from './constants'\nexport const x = HOTLINE\n"],
  ['the platform using services', 'src/platform/probe.ts', "import { createSealedBox } from '../services/crypto/sealed-box'\nexport const x = createSealedBox\n"],
  ["a feature using another feature's public index", 'src/features/payment/probe.ts', "import { OrderTimeline } from '../order'\nexport const x = OrderTimeline\n"],
  ['a feature using its own files', 'src/features/payment/pay/probe.ts', "import { MissingOrder } from '../MissingOrder'\nexport const x = MissingOrder\n"],
  ['the platform layer calling Taro for the UI service', 'src/platform/probe.ts', "import Taro from '@tarojs/taro'\nexport const x = () => Taro.showModal({ title: 'x' })\n"],
  ['the app layer building a feature\'s own state', 'src/app/probe.ts', "import { ProvinceStore } from '../features/apply/province/province-store'\nexport const x = ProvinceStore\n"],
  ['a feature function of 80 lines', 'src/features/order/probe.ts', `export function long(): number {\n${'  void 0\n'.repeat(77)}  return 1\n}\n`],
]

describe('architecture boundaries (lint)', () => {
  it.each(CAUGHT.map(([what, file, code, rule]) => [what, file, rule, probe(file, code)] as const))('keeps %s: %s breaks %s', (_what, _file, rule, found) => {
    expect(found()).toContain(rule)
  })

  it.each(ALLOWED.map(([what, file, code]) => [what, file, probe(file, code)] as const))('allows %s: %s', (_what, _file, found) => {
    expect(found()).toEqual([])
  })
})
