/**
 * RISK_PROVIDER=http: the risk review asked over HTTP of a local stand-in of the risk-control
 * service (support/risk-standin.ts), which checks our signatures and signs its answers with its
 * own code. A verdict passes or refuses the application; anything that is not a signed verdict
 * (a 500, a timeout, a forged answer, another shape) fails the call with 5003 and the service's
 * unavailability said in Chinese, and the create step writes nothing.
 */
import { eq } from 'drizzle-orm'
import type { RequiredRiskResponse } from '../../types/api/apply'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { RISK_MESSAGE, createHttpRiskReviewer } from '../../server/catalogue/http-risk-reviewer'
import { ConfigError, loadConfig } from '../../server/config'
import { orders } from '../../server/db/schema'
import { createMetrics } from '../../server/http/metrics'
import { cryptoRandom } from '../../server/runtime/random'
import { BANK, envelope } from './support/api'
import { apiClient } from './support/api-client'
import { apply, orderWorld, payload } from './support/orders'
import { RISK_TEST_APP_ID, RISK_TEST_SECRET, startRiskStandIn } from './support/risk-standin'
import type { RiskStandIn } from './support/risk-standin'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { describeDb } from './support/test-database'
import { configProblems } from './support/config-problems'

const PLATE = '沪C67890'
const REFUSED_PLATE = '京A66666'
const TIMEOUT_MS = 500

const problemsOf = (env: Record<string, string>) => configProblems(() => loadConfig({ APP_ENV: 'development', ...env }, '/tmp/etc-apply-test'))

describe('RISK_PROVIDER=http in the configuration', () => {
  it('names every missing setting, and refuses a short secret', () => {
    expect(problemsOf({ RISK_PROVIDER: 'http' })).toEqual([
      'RISK_BASE_URL must be set',
      'RISK_APP_ID must be set',
      'RISK_SECRET must be set (or RISK_SECRET_FILE, a file holding it)',
    ])
    expect(problemsOf({ RISK_PROVIDER: 'http', RISK_BASE_URL: 'https://risk.example.com', RISK_APP_ID: 'etc', RISK_SECRET: 'short' })).toEqual([
      'RISK_SECRET must be at least 32 characters',
    ])
  })

  it('needs https in production, where plates and applicants travel (this machine excepted)', () => {
    const account = { RISK_PROVIDER: 'http', RISK_APP_ID: 'etc', RISK_SECRET: RISK_TEST_SECRET }
    const production = (baseUrl: string) => {
      try {
        loadConfig({ APP_ENV: 'production', ...account, RISK_BASE_URL: baseUrl }, '/tmp/etc-apply-test')
        return []
      } catch (error) {
        return error instanceof ConfigError ? error.problems.filter((problem) => problem.startsWith('RISK_')) : [String(error)]
      }
    }
    expect(production('http://risk.example.com')).toEqual(["RISK_BASE_URL must be an https:// address in production (or this machine's loopback)"])
    expect(production('https://risk.example.com')).toEqual([])
    expect(production('http://127.0.0.1:8443/risk')).toEqual([])
    expect(problemsOf({ ...account, RISK_BASE_URL: 'http://risk.example.com' })).toEqual([])
  })

  it('takes a complete account', () => {
    const config = loadConfig({ APP_ENV: 'development', RISK_PROVIDER: 'http', RISK_BASE_URL: 'https://risk.example.com/v2/', RISK_APP_ID: 'etc', RISK_SECRET: RISK_TEST_SECRET, RISK_TIMEOUT_MS: '2000' }, '/tmp')
    expect(config.riskAccount).toEqual({ baseUrl: 'https://risk.example.com/v2/', appId: 'etc', secret: RISK_TEST_SECRET, timeoutMs: 2000 })
    expect(config.outsideParties.risk).toBe('http')
  })
})

describeDb('the risk review over HTTP', () => {
  const world = orderWorld()
  let standIn: RiskStandIn
  let test: TestApp
  const metrics = createMetrics()
  const warnings: string[] = []

  beforeAll(async () => {
    standIn = await startRiskStandIn()
  })
  afterAll(async () => standIn.close())
  beforeEach(async () => {
    warnings.length = 0
    const account = { baseUrl: standIn.baseUrl, appId: RISK_TEST_APP_ID, secret: RISK_TEST_SECRET, timeoutMs: TIMEOUT_MS }
    const log = { warn: (facts: object) => void warnings.push(JSON.stringify(facts)) }
    test = await createTestApp(world.database.db, { risk: createHttpRiskReviewer(account, { clock: { now: () => new Date() }, random: cryptoRandom, metrics, log }) })
  })
  afterEach(async () => test.close())

  const ask = (plateNumber: string) =>
    apiClient(test).call(API.requiredRisk, { plateNumber, promotionChannelId: BANK.promotionChannelId }, { as: world.owner })

  it('passes and refuses as the service says, asking with a signed request that names no one', async () => {
    standIn.refuse(REFUSED_PLATE, '该车辆存在多头申请，请联系客服')
    expect(envelope<RequiredRiskResponse>(await ask(PLATE)).data).toEqual({ required: false, reason: '' })
    expect(envelope<RequiredRiskResponse>(await ask(REFUSED_PLATE)).data).toEqual({ required: true, reason: '该车辆存在多头申请，请联系客服' })
    expect(standIn.reviews.slice(-2)).toEqual([
      { signatureValid: true, body: { applicantId: expect.stringMatching(/^\d+$/), plateNumber: PLATE, promotionChannelId: BANK.promotionChannelId } },
      { signatureValid: true, body: expect.objectContaining({ plateNumber: REFUSED_PLATE }) },
    ])
    const refused = await apply(test, world.owner, payload({ plateNumber: REFUSED_PLATE }))
    expect(envelope(refused)).toEqual({ code: BUSINESS_CODE.INTERCEPTED, msg: '该车辆存在多头申请，请联系客服', data: null })
    expect(await metrics.registry.getSingleMetricAsString('partner_calls_total')).toMatch(/partner_calls_total\{partner="risk",outcome="ok"\} [1-9]/)
  })

  it.each([
    ['an HTTP 500', (s: RiskStandIn) => s.failNext('serverError')],
    ['an answer signed with another key', (s: RiskStandIn) => s.failNext('forgedAnswer')],
    ['an answer without a verdict', (s: RiskStandIn) => s.failNext('noVerdict')],
    ['no answer in time', (s: RiskStandIn) => s.delayNext(TIMEOUT_MS * 3)],
  ])('answers 5003 on %s, and the create step writes nothing', async (_case, fail) => {
    fail(standIn)
    const answer = await ask(PLATE)
    expect([answer.statusCode, envelope(answer)]).toEqual([200, { code: BUSINESS_CODE.UNAVAILABLE, msg: RISK_MESSAGE.unavailable, data: null }])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).not.toContain(RISK_TEST_SECRET)
    fail(standIn)
    const created = await apply(test, world.owner, payload({ plateNumber: PLATE }))
    expect(envelope(created).code).toBe(BUSINESS_CODE.UNAVAILABLE)
    expect(await world.database.db.select().from(orders).where(eq(orders.plateNumber, PLATE))).toEqual([])
  })
})
