/**
 * The app on a test database, with a fake clock, captured (masked) log lines, the SMS simulator,
 * in-memory file storage and the simulated outside parties (identity providers, phone numbers,
 * cashier, risk reviewer, issuer, WeChat platform). Options override any dep or configuration value.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../../../server/app'
import { createSimulatedIdentityProviders } from '../../../server/auth/identity-providers'
import { createSmsSimulator } from '../../../server/auth/sms-gateway'
import { createOcrSimulator } from '../../../server/simulators/ocr-simulator'
import type { SmsGateway } from '../../../server/auth/sms-gateway'
import { APP_ENV, loadConfig } from '../../../server/config'
import type { Config } from '../../../server/config'
import type { Db } from '../../../server/db/database'
import { cryptoRandom } from '../../../server/runtime/random'
import type { AppDeps } from '../../../server/deps'
import type { Clock } from '../../../server/runtime/clock'
import { createSimulatedCashier } from '../../../server/payments/cashier'
import { createSimulatedPhoneNumbers } from '../../../server/platform/phone-numbers'
import { createSimulatedWechatPlatform } from '../../../server/platform/wechat'
import { createSimulatedRiskReviewer } from '../../../server/catalogue/risk-review'
import { createSimulatedIssuer } from '../../../server/simulators/issuer'
import { createMemoryFileStorage } from '../../../server/storage/file-storage'
import { TEST_DATA_KEY_HEX } from './test-keys'

export class FakeClock implements Clock {
  private current: number

  constructor(start: Date | string = '2026-03-01T08:00:00.000Z') {
    this.current = new Date(start).getTime()
  }

  now(): Date {
    return new Date(this.current)
  }

  advance(ms: number): void {
    this.current += ms
  }
}

export class LogCapture {
  readonly lines: string[] = []

  write(line: string): void {
    this.lines.push(line)
  }

  text(): string {
    return this.lines.join('')
  }

  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  }
}

export interface TestAppOptions extends Partial<Omit<AppDeps, 'config' | 'db' | 'clock'>> {
  config?: Partial<Config>
  clock?: FakeClock
}

export interface TestApp {
  readonly app: FastifyInstance
  readonly clock: FakeClock
  readonly logs: LogCapture
  readonly sms: SmsGateway
  readonly config: Config
  inject(options: InjectOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** The operator secret in tests: the simulated issuer's notifications and the simulator calls (the server and `npm run sim` share testConfig). */
export const TEST_SIM_OPERATOR_SECRET = 'test-operator-secret-0123456789abcdef'

/** The test configuration: defaults for a development machine, no environment read. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const development = loadConfig({ APP_ENV: APP_ENV.development, DATA_KEY_HEX: TEST_DATA_KEY_HEX }, '/tmp/etc-apply-test')
  return { ...development, simOperatorSecret: TEST_SIM_OPERATOR_SECRET, ...overrides }
}

export async function createTestApp(db: Db, options: TestAppOptions = {}): Promise<TestApp> {
  const { config: configOverrides, clock = new FakeClock(), ...depOverrides } = options
  const config = testConfig(configOverrides)
  const logs = new LogCapture()
  const sms = depOverrides.sms ?? createSmsSimulator()
  const app = await buildApp({
    config,
    db,
    clock,
    random: cryptoRandom,
    log: { level: 'info', destination: logs },
    sms,
    storage: createMemoryFileStorage(),
    identity: createSimulatedIdentityProviders(),
    phoneNumbers: createSimulatedPhoneNumbers(),
    cashier: createSimulatedCashier(() => config.publicBaseUrl, { signingSecretHex: config.payloadKeyHex }),
    risk: createSimulatedRiskReviewer(),
    issuer: createSimulatedIssuer(),
    wechatPlatform: createSimulatedWechatPlatform({ clock, random: cryptoRandom, secretHex: config.payloadKeyHex, baseUrl: () => config.publicBaseUrl }),
    ocr: createOcrSimulator(),
    ...depOverrides,
  })
  return {
    app,
    clock,
    logs,
    sms,
    config,
    inject: (request) => app.inject(request),
    close: () => app.close(),
  }
}
