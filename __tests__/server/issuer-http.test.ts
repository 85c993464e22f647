/**
 * The real issuer over HTTP (ISSUER_PROVIDER=http, server/orders/http-issuer.ts) against a local
 * stand-in speaking the issuer protocol (support/issuer-standin.ts): the signed hand-over, a repeat
 * answered with the first receipt, and every failure rejected (HTTP 500, no answer in time, an
 * answer that fails its signature, comes unsigned, answers another request, is stale or names
 * another order, nobody listening); the outbox delivering through it and keeping the order due
 * after each failure; and the configuration of ISSUER_PROVIDER=http.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { TokenGrant } from '../../types/api/auth'
import { APP_ENV, loadConfig } from '../../server/config'
import { issuerOutbox, orderEvents } from '../../server/db/schema'
import { createMetrics } from '../../server/http/metrics'
import { createHttpIssuer } from '../../server/orders/http-issuer'
import type { IssuerAccount } from '../../server/orders/http-issuer'
import { DEFAULT_ISSUER_TIMEOUT_MS } from '../../server/orders/issuer-config'
import type { IssuerSubmission } from '../../server/orders/issuer-gateway'
import { ISSUER_RETRY_BASE_MS, deliverDue, issuerReceiptNote } from '../../server/orders/issuer-outbox'
import { PartnerCallError } from '../../server/partners/signed-call'
import { cryptoRandom } from '../../server/runtime/random'
import { ISSUER_AGREEMENT, PLATE, PHONES, login, orderRow, paidOrder, seedOrderFixtures } from './support/orders'
import { ISSUER_TEST_APP_ID, ISSUER_TEST_SECRET, startIssuerStandIn } from './support/issuer-standin'
import type { IssuerFailure, IssuerStandIn } from './support/issuer-standin'
import { freePort } from './support/ports'
import { FakeClock, createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { databasePerFile, describeDb } from './support/test-database'
import { configProblems } from './support/config-problems'
import { rejectionOf } from './support/rejection'

/**
 * Short enough for a test to wait out; the stand-in's late answer comes well after it. Only the
 * timeout case uses it: a loaded machine can take longer than this over a first connection.
 */
const SHORT_TIMEOUT_MS = 300
const LATE_ANSWER_MS = 1_000
const SUBMITTED_AT = new Date('2026-03-01T08:00:00.000Z')

const account = (standIn: IssuerStandIn, overrides: Partial<IssuerAccount> = {}): IssuerAccount => ({
  baseUrl: standIn.baseUrl,
  appId: ISSUER_TEST_APP_ID,
  secret: ISSUER_TEST_SECRET,
  timeoutMs: DEFAULT_ISSUER_TIMEOUT_MS,
  ...overrides,
})

let sequence = 0
function submission(): IssuerSubmission {
  sequence += 1
  const orderId = `O${String(sequence).padStart(24, '0')}`
  return { idempotencyKey: orderId, orderId, issuerId: ISSUER_AGREEMENT.issuerId, plateNumber: PLATE, plateColor: 0, submittedAt: SUBMITTED_AT, agreementVersion: ISSUER_AGREEMENT.version }
}

/** The PartnerCallError a hand-over ended in (the test fails when it succeeded or threw something else). */
const failureOf = (call: Promise<unknown>): Promise<PartnerCallError> => rejectionOf(call, PartnerCallError)

/** Each scripted failure, what the adapter says about it, and the account's overrides for it. */
const FAILURES: readonly [string, (standIn: IssuerStandIn) => void, RegExp, Partial<IssuerAccount>][] = [
  ['an HTTP 500', (standIn) => standIn.failNext('serverError'), /answered HTTP 500/, {}],
  ['no answer in time', (standIn) => standIn.delayNext(LATE_ANSWER_MS), new RegExp(`did not answer within ${SHORT_TIMEOUT_MS} ms`), { timeoutMs: SHORT_TIMEOUT_MS }],
  ['an answer signed with another key', (standIn) => standIn.failNext('forgedAnswer'), /signature is wrong/, {}],
  ['an unsigned answer', (standIn) => standIn.failNext('unsignedAnswer'), /signature is missing/, {}],
  ["another request's answer", (standIn) => standIn.failNext('otherRequestsNonce'), /signature is foreign/, {}],
  ['a stale answer', (standIn) => standIn.failNext('staleAnswer'), /signature is stale/, {}],
  ['an answer naming another order', (standIn) => standIn.failNext('otherOrder' satisfies IssuerFailure), /without naming the order sent/, {}],
]

describe('the HTTP issuer', () => {
  let standIn: IssuerStandIn
  beforeAll(async () => {
    standIn = await startIssuerStandIn()
  })
  afterAll(() => standIn.close())

  const issuer = (overrides: Partial<IssuerAccount> = {}) => createHttpIssuer(account(standIn, overrides), { clock: { now: () => new Date() }, random: cryptoRandom })

  it('hands an order over, signed, as JSON with ISO dates, below the API root, and takes the receipt', async () => {
    const order = submission()
    const receipt = await issuer().submitOrder(order)
    const handOver = standIn.handOvers.at(-1)
    expect(handOver).toMatchObject({ path: `${new URL(standIn.baseUrl).pathname}/orders`, signatureValid: true })
    expect(handOver?.headers).toMatchObject({ 'content-type': 'application/json', 'x-issuer-app-id': ISSUER_TEST_APP_ID })
    expect(JSON.parse(handOver?.body ?? '')).toEqual({ ...order, submittedAt: SUBMITTED_AT.toISOString() })
    expect(standIn.held().at(-1)).toEqual({ order: { ...order, submittedAt: SUBMITTED_AT.toISOString() }, receiptNo: receipt.receiptNo })
  })

  it('gets the first receipt again for a repeat: the issuer holds the order once', async () => {
    const order = submission()
    const first = await issuer().submitOrder(order)
    const held = standIn.held().length
    expect(await issuer().submitOrder(order)).toEqual(first)
    expect(standIn.held()).toHaveLength(held)
  })

  it('counts each hand-over, and its time, in the metrics', async () => {
    const metrics = createMetrics()
    const counted = createHttpIssuer(account(standIn), { clock: { now: () => new Date() }, random: cryptoRandom, metrics })
    await counted.submitOrder(submission())
    standIn.failNext('serverError')
    await failureOf(counted.submitOrder(submission()))
    const calls = await metrics.registry.getSingleMetricAsString('partner_calls_total')
    expect(calls).toMatch(/partner_calls_total\{partner="issuer",outcome="ok"\} 1/)
    expect(calls).toMatch(/partner_calls_total\{partner="issuer",outcome="failed"\} 1/)
    expect(await metrics.registry.getSingleMetricAsString('partner_call_duration_seconds')).toMatch(/partner_call_duration_seconds_count\{partner="issuer"\} 2/)
  })

  it.each(FAILURES)('rejects %s', async (_case, script, message, overrides) => {
    script(standIn)
    expect((await failureOf(issuer(overrides).submitOrder(submission()))).message).toMatch(message)
  })

  it('rejects when the issuer refuses our signature, and when nobody listens', async () => {
    expect((await failureOf(issuer({ secret: 'not-our-secret-0123456789abcdef012345' }).submitOrder(submission()))).message).toMatch(/answered HTTP 401/)
    expect(standIn.handOvers.at(-1)?.signatureValid).toBe(false)
    const nowhere = `http://127.0.0.1:${await freePort()}`
    expect((await failureOf(issuer({ baseUrl: nowhere }).submitOrder(submission()))).message).toMatch(/could not be reached \(ECONNREFUSED\)/)
  })
})

describeDb('the outbox through the HTTP issuer', () => {
  const database = databasePerFile()
  const clock = new FakeClock()
  let standIn: IssuerStandIn
  let test: TestApp
  let owner: TokenGrant

  beforeAll(async () => {
    // The stand-in reads the server's fake clock: signatures are checked against the same time.
    standIn = await startIssuerStandIn(() => clock.now())
  })
  afterAll(() => standIn.close())
  beforeEach(async () => {
    await seedOrderFixtures(database.db)
    const issuer = createHttpIssuer(account(standIn), { clock, random: cryptoRandom })
    test = await createTestApp(database.db, { clock, issuer })
    owner = await login(test, PHONES.owner)
  })
  afterEach(() => test.close())

  const context = (overrides: Partial<IssuerAccount> = {}) => ({ db: database.db, clock, issuer: createHttpIssuer(account(standIn, overrides), { clock, random: cryptoRandom }), log: test.app.log })
  const outbox = async (orderId: string) => (await database.db.select().from(issuerOutbox).where(eq(issuerOutbox.orderId, orderId)))[0]
  const heldOf = (orderId: string) => standIn.held().filter((held) => held.order.orderId === orderId)

  it("delivers a paid order and records the issuer's receipt on its timeline", async () => {
    const orderId = await paidOrder(database.db, test, owner)
    expect(await deliverDue(context(), orderId)).toBe(1)
    const [held] = heldOf(orderId)
    expect(held?.order).toMatchObject({ idempotencyKey: orderId, orderId, issuerId: ISSUER_AGREEMENT.issuerId, plateNumber: PLATE, agreementVersion: ISSUER_AGREEMENT.version })
    expect(await outbox(orderId)).toMatchObject({ deliveredAt: clock.now(), receiptNo: held?.receiptNo, attempts: 1, lastError: null })
    expect((await orderRow(database.db, orderId)).pushedAt).toEqual(clock.now())
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
    expect(events.filter((event) => event.kind === 'issuerReceived').map((event) => event.note)).toEqual([issuerReceiptNote(held?.receiptNo ?? '')])
  })

  it.each(FAILURES)('keeps the order due again after %s, then delivers it once', async (_case, script, message, overrides) => {
    const orderId = await paidOrder(database.db, test, owner)
    script(standIn)
    expect(await deliverDue(context(overrides), orderId)).toBe(0)
    expect(await outbox(orderId)).toMatchObject({
      deliveredAt: null,
      attempts: 1,
      nextAttemptAt: new Date(clock.now().getTime() + ISSUER_RETRY_BASE_MS),
      lastError: expect.stringMatching(message),
    })
    expect((await orderRow(database.db, orderId)).pushedAt).toBeNull()
    clock.advance(ISSUER_RETRY_BASE_MS)
    expect(await deliverDue(context(), orderId)).toBe(1)
    expect(await outbox(orderId)).toMatchObject({ attempts: 2, lastError: null, deliveredAt: clock.now() })
    // A failure after the issuer took the order (a lost answer) sends it again under the same key: still one order there.
    expect(heldOf(orderId)).toHaveLength(1)
  })
})

describe('the configuration of ISSUER_PROVIDER=http', () => {
  const DEVELOPMENT = { APP_ENV: APP_ENV.development }
  const SETTINGS = { ISSUER_PROVIDER: 'http', ISSUER_BASE_URL: 'https://issuer.example.com/etc/v1', ISSUER_APP_ID: 'etc-apply', ISSUER_SECRET: ISSUER_TEST_SECRET }

  const problemsOf = (env: Record<string, string>) => configProblems(() => loadConfig(env, '/srv/etc'))

  it('reads the account, with the default timeout', () => {
    const config = loadConfig({ ...DEVELOPMENT, ...SETTINGS }, '/srv/etc')
    expect(config.outsideParties.issuer).toBe('http')
    expect(config.issuerAccount).toEqual({ baseUrl: SETTINGS.ISSUER_BASE_URL, appId: 'etc-apply', secret: ISSUER_TEST_SECRET, timeoutMs: DEFAULT_ISSUER_TIMEOUT_MS })
  })

  it('has no account with the simulated issuer', () => {
    expect(loadConfig(DEVELOPMENT, '/srv/etc').issuerAccount).toBeUndefined()
  })

  it('names each missing setting on a line of its own', () => {
    expect(problemsOf({ ...DEVELOPMENT, ISSUER_PROVIDER: 'http' })).toEqual([
      'ISSUER_BASE_URL must be set',
      'ISSUER_APP_ID must be set',
      'ISSUER_SECRET must be set (or ISSUER_SECRET_FILE, a file holding it)',
    ])
  })

  it('refuses malformed settings', () => {
    expect(problemsOf({ ...DEVELOPMENT, ...SETTINGS, ISSUER_BASE_URL: 'ftp://issuer.example.com', ISSUER_SECRET: 'short', ISSUER_TIMEOUT_MS: '60000' })).toEqual([
      'ISSUER_BASE_URL must be an http(s) URL',
      'ISSUER_SECRET must be at least 32 characters',
      'ISSUER_TIMEOUT_MS must be a whole number from 1000 to 30000 (got "60000")',
    ])
  })

  it('reads the secret from a file (a mounted secret)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'etc-issuer-secret-'))
    try {
      const file = path.join(dir, 'issuer-secret')
      writeFileSync(file, `${ISSUER_TEST_SECRET}\n`)
      const { ISSUER_SECRET: _inline, ...settings } = SETTINGS
      expect(loadConfig({ ...DEVELOPMENT, ...settings, ISSUER_SECRET_FILE: file }, '/srv/etc').issuerAccount?.secret).toBe(ISSUER_TEST_SECRET)
      expect(problemsOf({ ...DEVELOPMENT, ...SETTINGS, ISSUER_SECRET_FILE: file })).toEqual(['ISSUER_SECRET and ISSUER_SECRET_FILE are both set: keep one'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('is what production needs: the simulated issuer is refused there, the configured one is not', () => {
    const issuerLines = (env: Record<string, string>) => problemsOf({ APP_ENV: APP_ENV.production, ...env }).filter((problem) => problem.includes('ISSUER'))
    expect(issuerLines({})).toEqual(['ISSUER_PROVIDER=simulated is refused in production: set ISSUER_PROVIDER=http'])
    expect(issuerLines(SETTINGS)).toEqual([])
  })
})
