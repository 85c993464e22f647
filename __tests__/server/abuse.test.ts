/**
 * Abuse by volume and configuration (issue 27), replayed against the server: each finding is
 * refused or made harmless. Client hang-ups are logged without stacks; the secrets that travel in
 * request addresses (the cashier's one-time token, the platforms' codes) are not written to the
 * log; a cancel reason is chosen, never typed, and stored encrypted; write-off codes cannot be
 * guessed by volume nor told apart by a stranger; the tracking sink takes bounded batches bound
 * to a signed visit and forgets them; a plate belongs to whoever pays. The configuration's fail-
 * closed start and the data key's rotation are tested in production.test.ts, config.test.ts and
 * data-at-rest.test.ts.
 */
import { CANCEL_REASONS, CANCEL_REASON_MESSAGE } from '../../src/domain/cancel-reason'
import { sql, eq } from 'drizzle-orm'
import { API, SIMULATOR_PATHS } from '../../types/api/paths'
import type { OrderDetail } from '../../types/api/orders'
import { CIPHERTEXT_PREFIX } from '../../server/crypto/field-cipher'
import { queryRows } from '../../server/db/database'
import { REDACTED, redactUrl } from '../../server/http/logging'
import { handleError } from '../../server/http/errors'
import Fastify from 'fastify'
import { LogCapture, createTestApp } from './support/test-app'
import { appWorld } from './support/app-world'
import { BANK, envelope, sealFor, tokenCall } from './support/api'
import { apiClient } from './support/api-client'
import type { CallOptions } from './support/api-client'
import { OWNER, PHONES, createOrder, data, login, orderRow, FIXTURE, OTHER_PLATE, PLATE, apply, cashierOf, cashierResult, fillOrder, orderWorld, payload, submittedOrder, upload, uploadAllPhotos } from './support/orders'
import { describeDb } from './support/test-database'
import type { TrackEvent } from '../../types/api/tracking'
import { MAX_TRACKING_BATCH } from '../../types/api/tracking'
import { trackingEvents, orders, payments, uploads, voucherCodes } from '../../server/db/schema'
import { RATE_LIMIT_WINDOW_MS } from '../../server/http/security'
import { runMaintenance, PHOTO_RETENTION_MS } from '../../server/maintenance/sweep'
import { TRACKING_BODY_LIMIT, TRACKING_LIMITS, TRACKING_MESSAGE } from '../../server/routes/tracking'
import { createMemoryFileStorage } from '../../server/storage/file-storage'
import { deriveVisitKeys, deviceHash, signVisit } from '../../server/tracking/visit-tokens'
import { CLICK, DEFAULT_RETENTION_MS, EVENTS, HEADER, VISIT_REQUEST, openVisit, requestVisit, sendBatch, signedHeader } from './support/tracking'
import { SEALED_FIELD } from '../../types/api/sealed'
import { APPLY_STEP, CANCEL_STATE, PAY_STATE, PLATE_COLOR } from '../../src/domain/enums'
import { PLATE_HELD_MESSAGE } from '../../server/orders/plate-checks'
import { ORDER_LIMIT_MESSAGE } from '../../server/orders/order-limits'
import { PAYMENT_GRACE_MS, UNPAID_MESSAGE } from '../../server/orders/unpaid-orders'
import { ADDRESS_LIMIT } from '../../server/limits/per-address'
import type { LightMyRequestResponse } from 'fastify'
import { VOUCHER_REFUSAL } from '../../types/api/apply'
import type { ApplyPayload, ApplyResponse, ClaimVoucherRequest, ClaimVoucherResponse, PlateUniqueResponse, VerifyEligibilityResponse, VoucherRequest } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import { DAY_MS, HOUR_MS } from '../../src/domain/constants'
import { SEED_VOUCHER_CODES, SEED_WRITE_OFF_PROMOTIONS } from '../../server/catalogue/seed-data'
import { VOUCHER_GUESS_LIMITS, addressKey, voucherPrefix } from '../../server/catalogue/voucher-guesses'
import { VOUCHER_MESSAGE } from '../../server/orders/vouchers'
import type { Config } from '../../server/config'
import { lockoutMs } from '../../server/limits/lockouts'
import type { LockoutPolicy } from '../../server/limits/lockouts'
import type { TestApp } from './support/test-app'

/** pino's number of the error level. */
const ERROR_LEVEL = 50

describe('redactUrl', () => {
  it.each([
    ['/sim/cashier/p1?token=abc', `/sim/cashier/p1?token=${REDACTED}`],
    ['/x?appId=wx1&code=one-time', `/x?appId=wx1&code=${REDACTED}`],
    ['/x?Auth_Code=a&authCode=b&TICKET=c', `/x?Auth_Code=${REDACTED}&authCode=${REDACTED}&TICKET=${REDACTED}`],
    ['/x?%74oken=abc', `/x?%74oken=${REDACTED}`],
    ['/x?token', `/x?token=${REDACTED}`],
    ['/x?mobile=13800138000&page=2', '/x?mobile=13800138000&page=2'],
    ['/x?tokens=1&decode=2', '/x?tokens=1&decode=2'],
    ['/x', '/x'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
  ])('%s → %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted)
  })
})

describe('abuse: client hang-ups', () => {
  /** A route whose client hangs up before the failure, as a cut-off chunked body does. */
  async function failAfter(hangUp: boolean): Promise<{ status: number; lines: Record<string, unknown>[] }> {
    const logs = new LogCapture()
    const app = Fastify({ logger: { level: 'info', stream: logs } })
    app.setErrorHandler(handleError)
    app.get('/fails', async (request) => {
      if (hangUp) request.raw.destroy()
      // What @fastify/rate-limit meets when the socket is gone: no address to count.
      return (undefined as unknown as string).toLowerCase()
    })
    const response = await app.inject({ method: 'GET', url: '/fails' })
    await app.close()
    return { status: response.statusCode, lines: logs.entries() }
  }

  it('logs a failure after the client is gone at info, without a stack', async () => {
    const { lines } = await failAfter(true)
    const gone = lines.filter((line) => line.msg === 'client gone before its answer')
    expect(gone).toHaveLength(1)
    expect(lines.filter((line) => Number(line.level) >= ERROR_LEVEL)).toEqual([])
    expect(JSON.stringify(lines)).not.toContain('stack')
  })

  it('still logs the same failure at error with its stack while the client waits (a real bug)', async () => {
    const { status, lines } = await failAfter(false)
    expect(status).toBe(500)
    const errors = lines.filter((line) => Number(line.level) >= ERROR_LEVEL)
    expect(errors).toHaveLength(1)
    expect(JSON.stringify(errors[0])).toContain('stack')
  })
})

describeDb('abuse: secrets in request addresses', () => {
  const world = appWorld((test) => login(test, PHONES.owner))

  it("logs the cashier's address and the code login without their secrets", async () => {
    const cashierToken = 'cashier-token-never-logged'
    const code = 'login-code-never-logged'
    await world.test.inject({ method: 'GET', url: `${SIMULATOR_PATHS.cashier.replace('{paymentId}', 'p1')}?token=${cashierToken}` })
    await world.api.call(API.tokenByQuery, { appId: 'wx1', code })
    const requests = world.test.logs.entries().filter((entry) => entry.msg === 'request').map((entry) => String(entry.url))
    expect(requests).toEqual(expect.arrayContaining([`/sim/cashier/p1?token=${REDACTED}`, expect.stringContaining(`code=${REDACTED}`)]))
    expect(world.test.logs.text()).not.toContain(cashierToken)
    expect(world.test.logs.text()).not.toContain(code)
  })
})

describeDb('abuse: personal data in a cancel reason', () => {
  const world = appWorld((test) => login(test, PHONES.owner))

  const cancel = (orderId: string, reason: string) => world.api.call(API.cancelOrder, { orderId, reason }, { as: world.grant })

  it('refuses a typed reason, keeping the order as it was', async () => {
    const orderId = await createOrder(world.test, world.grant)
    const typed = await cancel(orderId, `不办了，身份证号${OWNER.idNumber}`)
    expect(typed.statusCode).toBe(400)
    expect(envelope(typed).msg).toBe(CANCEL_REASON_MESSAGE)
    expect((await orderRow(world.database.db, orderId)).cancelState).toBeNull()
    expect(JSON.stringify(await queryRows(world.database.db, sql`select * from order_events`))).not.toContain(OWNER.idNumber)
  })

  it('stores the chosen reason and its timeline note encrypted, and shows the owner the reason chosen', async () => {
    const reason = CANCEL_REASONS[2]
    const orderId = await createOrder(world.test, world.grant)
    data(await cancel(orderId, reason))

    const stored = await queryRows<{ text: string | null }>(
      world.database.db,
      sql`select cancel_reason as text from orders union all select note as text from order_events where note is not null`,
    )
    expect(stored.length).toBeGreaterThan(0)
    for (const { text } of stored) expect(String(text).startsWith(CIPHERTEXT_PREFIX)).toBe(true)
    expect(JSON.stringify(stored)).not.toContain(reason)

    const detail = data(await world.api.call(API.orderDetail, { orderId }, { as: world.grant }))
    expect(detail.cancelReason).toBe(reason)
  })
})

// ---- abuse: write-off codes guessed ----


/**
 * The finding: one client address made 300 answered guesses a minute with 12 fresh identities
 * and found every demo code, and the answers told unknown, used, expired and foreign codes apart.
 * Now failed guesses are limited per address and per code prefix with a growing back-off, a
 * stranger gets one answer for every code they cannot use, and nobody entering a good code is
 * slowed.
 */
describeDb('abuse: write-off codes guessed', () => {
  const world = appWorld((test) => login(test, PHONES.owner))
  const WRITE_OFF = SEED_WRITE_OFF_PROMOTIONS.bank
  const [FIRST = '', SECOND = ''] = SEED_VOUCHER_CODES.free
  const MINUTE = 60_000
  const ACTION_NOT_ALLOWED = 2003
  /** The one answer to any code the caller cannot use and does not hold. */
  const UNAVAILABLE: VerifyEligibilityResponse = { eligible: false, reason: VOUCHER_MESSAGE.unavailable, refusal: VOUCHER_REFUSAL.UNAVAILABLE }
  const TOO_MANY = { code: 429, msg: VOUCHER_MESSAGE.tooMany, data: null }
  /** The per-address limits of requests and logins are not under test: lifted, so many identities can log in. */
  const UNLIMITED = { rateLimitPerMinute: 1_000_000, authRateLimitPerMinute: { login: 1_000_000, sendCode: 1_000_000 } }
  const withAddress = (policy: Partial<LockoutPolicy>) => ({ ...VOUCHER_GUESS_LIMITS, perAddress: { ...VOUCHER_GUESS_LIMITS.perAddress, ...policy } })

  const opened: TestApp[] = []
  let phones = 0
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()))
  })

  /** An app over the world's database: the deployed guess limits unless overridden. */
  const open = async (config: Partial<Config> = {}): Promise<TestApp> => {
    const app = await createTestApp(world.database.db, { config: { ...UNLIMITED, ...config } })
    opened.push(app)
    return app
  }
  /** A fresh identity: a phone number never seen before, logged in (what a guesser rotates). */
  const someone = (app: TestApp): Promise<TokenGrant> => login(app, `1390000${String(++phones).padStart(4, '0')}`)
  const voucherOptions = (grant: TokenGrant, remoteAddress: string, headers: Record<string, string> = {}): CallOptions => ({
    as: grant,
    params: { sourceChannel: BANK.sourceChannel },
    remoteAddress,
    headers,
  })
  const verifyFrom = (app: TestApp, grant: TokenGrant, address: string, body: Omit<VoucherRequest, 'promotionChannelId'>, headers?: Record<string, string>) =>
    apiClient(app).call(API.verifyEligibility, { promotionChannelId: WRITE_OFF, ...body }, voucherOptions(grant, address, headers))
  const claimFrom = (app: TestApp, grant: TokenGrant, address: string, body: Omit<ClaimVoucherRequest, 'promotionChannelId'>) =>
    apiClient(app).call(API.claimVoucher, { promotionChannelId: WRITE_OFF, ...body }, voucherOptions(grant, address))

  it('refuses an address, whoever asks, once its failed guesses reach the allowance: fresh identities do not help', async () => {
    const app = await open()
    const { max } = VOUCHER_GUESS_LIMITS.perAddress
    const address = '198.51.100.7'
    const GUESSERS = 12
    const GUESSES_EACH = 5
    const answers: unknown[] = []
    for (let guesser = 0; guesser < GUESSERS; guesser++) {
      const grant = await someone(app)
      for (let guess = 0; guess < GUESSES_EACH; guess++) {
        const code = `ETC-X${String(guesser * GUESSES_EACH + guess).padStart(3, '0')}`
        answers.push((await verifyFrom(app, grant, address, { code })).json())
      }
    }
    const answered = { code: 200, msg: expect.any(String), data: UNAVAILABLE }
    expect(answers).toEqual([...Array<unknown>(max).fill(answered), ...Array<unknown>(GUESSERS * GUESSES_EACH - max).fill(TOO_MANY)])
    // The lock-out holds the address, even for a good code; another address is not held.
    expect((await verifyFrom(app, await someone(app), address, { code: FIRST })).json()).toEqual(TOO_MANY)
    expect(data(await verifyFrom(app, await someone(app), '198.51.100.8', { code: FIRST }))).toMatchObject({ eligible: true })
  })

  it('counts an IPv6 client by its /64 and, behind a trusted proxy, by the forwarded address', async () => {
    expect(addressKey('2001:DB8:0:1::5')).toBe(addressKey('2001:db8::1:0:0:0:7'))
    expect(addressKey('2001:db8:0:2::5')).not.toBe(addressKey('2001:db8:0:1::5'))
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1')

    const limits = withAddress({ max: 2 })
    const direct = await open({ voucherGuessLimits: limits })
    const grant = await someone(direct)
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2']) expect(data(await verifyFrom(direct, grant, address, { code: 'ETC-NONE-01' }))).toEqual(UNAVAILABLE)
    expect((await verifyFrom(direct, grant, '2001:db8:1:2:ffff::9', { code: 'ETC-NONE-02' })).json()).toEqual(TOO_MANY)
    expect(data(await verifyFrom(direct, grant, '2001:db8:1:3::1', { code: 'ETC-NONE-02' }))).toEqual(UNAVAILABLE)

    const proxied = await open({ voucherGuessLimits: limits, trustProxy: true })
    const proxy = '10.0.0.1'
    const from = (client: string) => ({ 'x-forwarded-for': client })
    for (const code of ['ETC-NONE-03', 'ETC-NONE-04']) expect(data(await verifyFrom(proxied, grant, proxy, { code }, from('198.51.100.20')))).toEqual(UNAVAILABLE)
    expect((await verifyFrom(proxied, grant, proxy, { code: 'ETC-NONE-05' }, from('198.51.100.20'))).json()).toEqual(TOO_MANY)
    // The proxy's own address is not what counts: its other clients go on.
    expect(data(await verifyFrom(proxied, grant, proxy, { code: 'ETC-NONE-05' }, from('198.51.100.21')))).toEqual(UNAVAILABLE)
  })

  it('slows a sweep over one prefix from many addresses, and holds no other prefix', async () => {
    const perPrefix = { ...VOUCHER_GUESS_LIMITS.perPrefix, max: 10 }
    const app = await open({ voucherGuessLimits: { ...VOUCHER_GUESS_LIMITS, perPrefix } })
    const grant = await someone(app)
    const swept = (index: number) => `ETC-DEMO-${99 - index}`
    expect(new Set([...Array.from({ length: perPrefix.max + 3 }, (_, index) => voucherPrefix(swept(index))), voucherPrefix(FIRST)]).size).toBe(1)
    // Every guess from an address of its own: no address comes near its allowance.
    for (let index = 0; index < perPrefix.max; index++) {
      expect(data(await verifyFrom(app, grant, `203.0.113.${index + 1}`, { code: swept(index) }))).toEqual(UNAVAILABLE)
    }
    expect((await verifyFrom(app, grant, '203.0.113.100', { code: swept(perPrefix.max) })).json()).toEqual(TOO_MANY)
    // The prefix's lock-out holds everyone typing a code of it (hence its high allowance when deployed)...
    expect((await verifyFrom(app, grant, '203.0.113.101', { code: FIRST })).json()).toEqual(TOO_MANY)
    // ...and no other prefix.
    expect(data(await verifyFrom(app, grant, '203.0.113.100', { code: 'MAP-DEMO-99' }))).toEqual(UNAVAILABLE)

    app.clock.advance(perPrefix.firstLockMs)
    expect(data(await verifyFrom(app, grant, '203.0.113.102', { code: FIRST }))).toMatchObject({ eligible: true })
    // The sweep's next failure locks the prefix out again, twice as long.
    expect(data(await verifyFrom(app, grant, '203.0.113.103', { code: swept(perPrefix.max) }))).toEqual(UNAVAILABLE)
    app.clock.advance(2 * perPrefix.firstLockMs - 1)
    expect((await verifyFrom(app, grant, '203.0.113.104', { code: swept(perPrefix.max + 1) })).json()).toEqual(TOO_MANY)
    app.clock.advance(1)
    expect(data(await verifyFrom(app, grant, '203.0.113.104', { code: swept(perPrefix.max + 1) }))).toEqual(UNAVAILABLE)
  })

  it('locks an address out longer each time it goes on guessing, up to the cap, and remembers it past the window', async () => {
    const policy: LockoutPolicy = { max: 3, windowMs: HOUR_MS, firstLockMs: MINUTE, maxLockMs: 4 * MINUTE, memoryMs: DAY_MS }
    expect([1, 2, 3, 4, 5].map((strike) => lockoutMs(policy, strike))).toEqual([1, 2, 4, 4, 4].map((minutes) => minutes * MINUTE))

    const app = await open({ voucherGuessLimits: withAddress(policy) })
    const grant = await someone(app)
    let guesses = 0
    const guess = async () => (await verifyFrom(app, grant, '192.0.2.1', { code: `ETC-Y${String(guesses++).padStart(3, '0')}` })).json()
    const answered = { code: 200, msg: expect.any(String), data: UNAVAILABLE }
    for (let index = 0; index < policy.max; index++) expect(await guess()).toEqual(answered)
    // Each failure after a lock-out, in the same window, starts the next one, longer.
    for (const minutes of [1, 2, 4, 4]) {
      app.clock.advance(minutes * MINUTE - 1)
      expect(await guess()).toEqual(TOO_MANY)
      app.clock.advance(1)
      expect(await guess()).toEqual(answered)
    }
    // A new window allows its failures again, but the lock-out that follows is remembered at the cap.
    app.clock.advance(HOUR_MS)
    for (let index = 0; index < policy.max; index++) expect(await guess()).toEqual(answered)
    app.clock.advance(policy.maxLockMs - 1)
    expect(await guess()).toEqual(TOO_MANY)
  })

  it('answers a stranger alike for an unknown, used, expired, foreign or taken code', async () => {
    const app = await open()
    const ownersOrder = await createOrder(app, world.grant, '京B12345', WRITE_OFF)
    data(await claimFrom(app, world.grant, '192.0.2.10', { code: FIRST, orderId: ownersOrder }))
    const stranger = await someone(app)
    const strangersOrder = await createOrder(app, stranger, '沪D67890', WRITE_OFF)
    const codes = ['ETC-NONE-99', SEED_VOUCHER_CODES.used, SEED_VOUCHER_CODES.expired, SEED_VOUCHER_CODES.foreign, FIRST]
    const answers = async (code: string) => {
      const responses = [
        await verifyFrom(app, stranger, '192.0.2.11', { code }),
        await verifyFrom(app, stranger, '192.0.2.11', { code, orderId: strangersOrder }),
        await claimFrom(app, stranger, '192.0.2.11', { code, orderId: strangersOrder }),
      ]
      return responses.map((response) => ({ status: response.statusCode, body: response.json() as unknown }))
    }
    const verified = { status: 200, body: { code: 200, msg: expect.any(String), data: UNAVAILABLE } }
    const claimed = { status: 200, body: { code: ACTION_NOT_ALLOWED, msg: VOUCHER_MESSAGE.unavailable, data: null } }
    const all = []
    for (const code of codes) all.push(await answers(code))
    for (const each of all) {
      expect(each).toEqual([verified, verified, claimed])
      expect(JSON.stringify(each)).toBe(JSON.stringify(all[0]))
    }
  })

  it('tells the holder of a code what became of it, and the holder asking is no failed guess', async () => {
    const app = await open({ voucherGuessLimits: withAddress({ max: 1 }) })
    const address = '192.0.2.20'
    const owner = world.grant
    const orderId = await createOrder(app, owner, '京B12345', WRITE_OFF)
    const another = await createOrder(app, owner, '京B54321', WRITE_OFF)
    const voucher = data<ClaimVoucherResponse>(await claimFrom(app, owner, address, { code: FIRST, orderId }))

    const usedByYou: VerifyEligibilityResponse = { eligible: false, reason: VOUCHER_MESSAGE.usedByYou, refusal: VOUCHER_REFUSAL.USED }
    expect(data(await verifyFrom(app, owner, address, { code: FIRST }))).toEqual(usedByYou)
    expect(data(await verifyFrom(app, owner, address, { code: FIRST, orderId: another }))).toEqual(usedByYou)
    expect((await claimFrom(app, owner, address, { code: FIRST, orderId: another })).json()).toEqual({ code: ACTION_NOT_ALLOWED, msg: VOUCHER_MESSAGE.usedByYou, data: null })
    // On its own order the code is the order's; another code is refused for the order, whatever it is.
    expect(data(await verifyFrom(app, owner, address, { code: FIRST, orderId }))).toMatchObject({ eligible: true })
    expect(data(await claimFrom(app, owner, address, { code: FIRST, orderId }))).toEqual(voucher)
    expect(data(await verifyFrom(app, owner, address, { code: SECOND, orderId }))).toMatchObject({ refusal: VOUCHER_REFUSAL.ORDER_HAS_VOUCHER })

    // None of that counted: the address's one allowed failure is still there.
    expect(data(await verifyFrom(app, owner, address, { code: 'ETC-NONE-99' }))).toEqual(UNAVAILABLE)
    expect((await verifyFrom(app, owner, address, { code: SECOND })).json()).toEqual(TOO_MANY)
  })

  it('never slows a person entering their own good code, however many do so from one address', async () => {
    const max = 3
    const app = await open({
      voucherGuessLimits: { perAddress: { ...VOUCHER_GUESS_LIMITS.perAddress, max }, perPrefix: { ...VOUCHER_GUESS_LIMITS.perPrefix, max } },
    })
    const office = '192.0.2.30'
    // Someone behind the same address mistyped, short of the allowance.
    const typist = await someone(app)
    for (let index = 0; index < max - 1; index++) expect(data(await verifyFrom(app, typist, office, { code: `ETC-DEMO-9${index}` }))).toEqual(UNAVAILABLE)
    const people = SEED_VOUCHER_CODES.free.slice(0, 2 * max)
    for (const [index, code] of people.entries()) {
      const person = await someone(app)
      const orderId = await createOrder(app, person, `京B1000${index}`, WRITE_OFF)
      expect(data(await verifyFrom(app, person, office, { code, orderId }))).toMatchObject({ eligible: true })
      expect(data(await claimFrom(app, person, office, { code, orderId }))).toMatchObject({ code, orderId })
    }
    // Neither the address nor the prefix moved: the next failure is still answered.
    expect(data(await verifyFrom(app, typist, office, { code: 'ETC-DEMO-97' }))).toEqual(UNAVAILABLE)
  })
})

describeDb('abuse: tracking sink', () => {
  // The stranger's batches come from another address than the person's.
  const STRANGER = { remoteAddress: '10.6.6.6' }
  const world = appWorld((test) => login(test, PHONES.owner))
  const stored = () => world.database.db.select().from(trackingEvents).orderBy(trackingEvents.id)
  const refusal = (msg: string) => ({ code: 400, msg, data: null })

  it('refuses an oversized batch, by events (400) or by bytes (413), storing nothing', async () => {
    const visit = await openVisit(world.test)
    const tooMany = await sendBatch(world.test, { events: Array.from({ length: MAX_TRACKING_BATCH + 1 }, () => EVENTS[0]) }, signedHeader(visit))
    expect(tooMany.statusCode).toBe(400)
    // Before: about 1 MB per batch. Each event within its field limits, the batch is not.
    const extra = Object.fromEntries(Array.from({ length: TRACKING_LIMITS.extraEntries }, (_unused, key) => [`k${key}`, 'x'.repeat(TRACKING_LIMITS.extraText)]))
    const heavy = { events: Array.from({ length: MAX_TRACKING_BATCH }, (_unused, at) => ({ ...EVENTS[1], at, extra })) }
    expect(JSON.stringify(heavy).length).toBeGreaterThan(TRACKING_BODY_LIMIT)
    const tooLarge = await sendBatch(world.test, heavy, signedHeader(visit))
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toEqual({ code: 413, msg: '请求内容过大', data: null })
    expect(await stored()).toEqual([])
  })

  it('refuses long fields with a 400 naming the field', async () => {
    const visit = await openVisit(world.test)
    const longPage = await sendBatch(world.test, { events: [{ ...EVENTS[0], page: '/'.repeat(TRACKING_LIMITS.page + 1) }] }, signedHeader(visit))
    expect(longPage.json()).toEqual(refusal(`参数 events.0.page 长度不能超过${TRACKING_LIMITS.page}`))
    const longDevice = await sendBatch(world.test, { events: EVENTS }, signedHeader(visit, { device_info: 'd'.repeat(TRACKING_LIMITS.deviceInfo + 1) }))
    expect(longDevice.json()).toEqual(refusal(`参数 device_info 长度不能超过${TRACKING_LIMITS.deviceInfo}`))
    expect(await stored()).toEqual([])
  })

  it('limits the batches of one address per minute, below the general limit', async () => {
    const visit = await openVisit(world.test)
    const perMinute = world.test.config.tracking.batchesPerMinute
    expect(perMinute).toBeLessThan(world.test.config.rateLimitPerMinute)
    const statuses: number[] = []
    for (let index = 0; index <= perMinute; index += 1) statuses.push((await sendBatch(world.test, { events: EVENTS.slice(0, 1) }, signedHeader(visit), STRANGER)).statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(perMinute)
    expect(statuses.at(-1)).toBe(429)
    // A minute later the address may send again.
    world.test.clock.advance(RATE_LIMIT_WINDOW_MS)
    expect((await sendBatch(world.test, { events: EVENTS.slice(0, 1) }, signedHeader(visit), STRANGER)).statusCode).toBe(200)
  })

  it('deletes events past their retention in the maintenance sweep and keeps newer ones', async () => {
    const sweep = () => runMaintenance({ db: world.database.db, clock: world.test.clock, storage: createMemoryFileStorage(), log: world.test.app.log })
    const sendNow = async (events: TrackEvent[]) => {
      expect((await sendBatch(world.test, { events }, signedHeader(await openVisit(world.test)))).statusCode).toBe(200)
    }
    await sendNow([EVENTS[0]])
    world.test.clock.advance(RATE_LIMIT_WINDOW_MS)
    await sendNow([EVENTS[1]])
    // The first batch is now just past the retention, the second a minute short of it.
    world.test.clock.advance(DEFAULT_RETENTION_MS - RATE_LIMIT_WINDOW_MS + 1)
    expect(await sweep()).toMatchObject({ trackingEvents: 1 })
    expect((await stored()).map((row) => row.event)).toEqual([EVENTS[1]])
  })

  it("refuses a forged uid or click id: a stranger cannot credit a conversion to someone else's visit", async () => {
    // The person, logged in, on a visit that arrived without an ad click.
    const person = await openVisit(world.test, { bd_vid: undefined })
    // The stranger has a visit of their own, with the click id they want credited.
    const stranger = await openVisit(world.test, { trackuid: 'Taaaaaaaaaaaaaaaaaaaaaaaa', bd_vid: 'bd.stranger' })
    const clicked = EVENTS.map((event) => ({ ...event, bd_vid: 'bd.stranger' }))
    const guessedKeys = deriveVisitKeys(Buffer.alloc(32))
    const forgedToken = signVisit(guessedKeys, { uid: person.uid, issuedAt: world.test.clock.now().getTime(), deviceHash: deviceHash(HEADER.device_info), clickId: 'bd.stranger' })
    const forgeries: [Record<string, string>, string][] = [
      // The person's uid, without the person's session.
      [signedHeader(stranger, { uid: world.grant.uid }), TRACKING_MESSAGE.foreignUid],
      // The person's anonymous visitor id.
      [signedHeader(stranger, { uid: person.uid }), TRACKING_MESSAGE.foreignUid],
      // The person's visit, with the stranger's click id on its events.
      [signedHeader(person), TRACKING_MESSAGE.foreignClickId(0)],
      // A token of the stranger's making.
      [signedHeader(person, { visit_token: forgedToken }), TRACKING_MESSAGE.invalidVisit],
    ]
    for (const [headers, msg] of forgeries) {
      const response = await sendBatch(world.test, { events: clicked }, headers, STRANGER)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(refusal(msg))
    }
    // Nor can a visit be asked for as someone else: the server makes the visitor id.
    const asked = await requestVisit(world.test, { ...VISIT_REQUEST, uid: person.uid }, STRANGER)
    expect(asked.statusCode).toBe(400)
    expect(await stored()).toEqual([])
  })

  it('accepts a genuine visit: anonymous, then logged in, under its own click id', async () => {
    const visit = await openVisit(world.test)
    expect((await sendBatch(world.test, { events: EVENTS }, signedHeader(visit))).statusCode).toBe(200)
    const loggedIn = { ...signedHeader(visit, { uid: world.grant.uid }), authorization: `Bearer ${world.grant.accessToken}` }
    expect((await sendBatch(world.test, { events: EVENTS }, loggedIn)).statusCode).toBe(200)
    const rows = await stored()
    expect(rows.map((row) => row.uid)).toEqual([...EVENTS.map(() => visit.uid), ...EVENTS.map(() => world.grant.uid)])
    expect(rows.map((row) => (row.event as TrackEvent).bd_vid).filter(Boolean)).toEqual([CLICK, CLICK])
  })
})

describeDb('abuse: plates held by strangers', () => {
  // The finding: one throw-away account submitted 8 plates in 6 s and paid none; the owner of one
  // was then told 2001 "该车辆已有其他申请人提交办理申请". Now an unpaid order holds its plate for a while
  // only, each account holds few of them, and the owner is told when the plate frees.
  const world = orderWorld()
  const MINUTE_MS = 60_000
  /** The clock starts at 16:00 in China; a hold from then ends at 16:30. */
  const HELD_UNTIL_1630 = { code: 2001, msg: '该车辆已有其他申请人提交办理申请，若对方未支付，车牌将于16:30释放', data: null }
  const LAPSED = '提交后30分钟内未支付，申请已自动取消，车牌已释放'
  const EXTRA_PLATE = '粤B10001'
  const STRANGER_ADDRESS = '203.0.113.7'

  const holdMs = () => world.test.config.orderLimits.unpaidHoldMinutes * MINUTE_MS
  const { api } = world
  /** A person of the bank app (its page token): no SMS, so many can log in. */
  const bankUser = async (name: string, test: TestApp = world.test): Promise<TokenGrant> =>
    data<TokenGrant>(await tokenCall(test, { grantType: 'pageToken', token: `sim-${name}` }))
  const uniqueAnswer = async (grant: TokenGrant, plateNumber = PLATE): Promise<PlateUniqueResponse['data']> =>
    data(await api.call(API.plateUnique, { plateNumber, plateColor: PLATE_COLOR.BLUE, vehicleType: 2 }, { as: grant })).data
  const uniqueResult = async (grant: TokenGrant, plateNumber = PLATE): Promise<number> => (await uniqueAnswer(grant, plateNumber)).resultType
  const commit = (grant: TokenGrant, orderId: string, plateNumber = PLATE) => apply(world.test, grant, payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId, plateNumber }))
  const pay = async (grant: TokenGrant, orderId: string) =>
    cashierOf(data(await api.call(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId }, { as: grant })))
  const detail = async (grant: TokenGrant, orderId: string): Promise<OrderDetail> =>
    data(await api.call(API.orderDetail, { orderId }, { as: grant }))
  const cancel = (grant: TokenGrant, orderId: string) =>
    api.call(API.cancelOrder, { orderId, reason: '暂时不需要了' }, { as: grant })
  const sweep = () => runMaintenance({ db: world.database.db, clock: world.test.clock, storage: createMemoryFileStorage(), log: world.test.app.log })
  /** An apply step from a given client address. */
  const applyFrom = (test: TestApp, grant: TokenGrant, value: Partial<ApplyPayload>, remoteAddress: string): Promise<LightMyRequestResponse> =>
    apiClient(test).call(API.apply, { encryptUsersVehicleApplyVoStr: sealFor(test, SEALED_FIELD.apply, payload(value)) }, { as: grant, remoteAddress })

  /** One order per plate, filled and with its photos: each waits only for its submission. */
  const readyToSubmit = async (test: TestApp, grant: TokenGrant, plates: readonly string[]): Promise<string[]> => {
    const orderIds = []
    for (const plateNumber of plates) {
      const orderId = await createOrder(test, grant, plateNumber)
      await fillOrder(test, grant, orderId, { plateNumber })
      await uploadAllPhotos(test, grant, orderId)
      orderIds.push(orderId)
    }
    return orderIds
  }

  it('caps the submitted, unpaid orders one account holds', async () => {
    const { test } = world
    const max = test.config.orderLimits.maxUnpaidOrders
    const stranger = await bankUser('stranger')
    const plates = [PLATE, OTHER_PLATE, EXTRA_PLATE]
    expect(plates).toHaveLength(max + 1)
    const orderIds = await readyToSubmit(test, stranger, plates)
    for (const [index, orderId] of orderIds.slice(0, max).entries()) expect(data<ApplyResponse>(await commit(stranger, orderId, plates[index])).missing).toEqual([])
    const tooMany = { code: 2003, msg: UNPAID_MESSAGE.tooMany(max), data: null }
    expect((await commit(stranger, orderIds[max]!, plates[max])).json()).toEqual(tooMany)
    expect((await orderRow(world.database.db, orderIds[max]!)).submittedAt).toBeNull()
    // Nor does the account open another order while it holds them.
    expect((await apply(test, stranger, payload({ plateNumber: '粤B10002' }))).json()).toEqual(tooMany)
    // Paying one frees a place.
    const cashier = await pay(stranger, orderIds[0]!)
    expect((await cashierResult(test, cashier.paymentId, cashier.token, 'success')).statusCode).toBe(303)
    expect(data<ApplyResponse>(await commit(stranger, orderIds[max]!, plates[max])).missing).toEqual([])
  })

  it('keeps the cap when one account submits many orders at once', async () => {
    const { test } = world
    const max = test.config.orderLimits.maxUnpaidOrders
    const stranger = await bankUser('stranger')
    const plates = [PLATE, OTHER_PLATE, EXTRA_PLATE]
    const orderIds = await readyToSubmit(test, stranger, plates)
    const answers = await Promise.all(orderIds.map((orderId, index) => commit(stranger, orderId, plates[index])))
    const codes = answers.map((answer) => envelope(answer).code)
    expect(codes.filter((code) => code === 200)).toHaveLength(max)
    expect(codes.filter((code) => code === 2003)).toHaveLength(plates.length - max)
  })

  it("tells the owner when a stranger's unpaid hold ends; after it the owner checks, applies, submits and pays", async () => {
    const { test, owner } = world
    const stranger = await bankUser('stranger')
    const held = await submittedOrder(test, stranger)
    // A write-off code the stranger's order claimed goes back with it.
    const { userId } = await orderRow(world.database.db, held)
    await world.database.db.insert(voucherCodes).values({
      code: 'ABUSE-HOLD-01',
      promotionChannelId: BANK.promotionChannelId,
      discountCents: 100,
      expiresAt: new Date('2099-12-31T00:00:00Z'),
      claimId: 'VABUSE01',
      claimedUserId: userId,
      claimedOrderId: held,
      claimedAt: test.clock.now(),
    })

    expect(await uniqueResult(owner)).toBe(3)
    // The entry page's check tells the owner the same time, and nothing else of the other order.
    expect(await uniqueAnswer(owner)).toEqual({ resultType: 3, releaseAt: '2026-03-01T08:30:00.000Z' })
    expect((await apply(test, owner, payload())).json()).toEqual(HELD_UNTIL_1630)
    test.clock.advance(holdMs() - 1)
    expect(await uniqueResult(owner)).toBe(3)
    expect((await apply(test, owner, payload())).json()).toEqual(HELD_UNTIL_1630)

    test.clock.advance(1)
    // The check writes nothing, yet already says the plate is free; the owner's create frees it.
    expect(await uniqueResult(owner)).toBe(1)
    const ownersOrder = await submittedOrder(test, owner)
    const cashier = await pay(owner, ownersOrder)
    expect((await cashierResult(test, cashier.paymentId, cashier.token, 'success')).statusCode).toBe(303)
    expect(await orderRow(world.database.db, ownersOrder)).toMatchObject({ depositPayState: PAY_STATE.SUCCESS, cancelState: null })

    const lapsed = await orderRow(world.database.db, held)
    expect(lapsed).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS, cancelReason: LAPSED, depositPayState: PAY_STATE.AWAITING_PAYMENT })
    expect((await detail(stranger, held)).timeline.at(-1)).toMatchObject({ kind: 'cancelled', note: LAPSED })
    const [code] = await world.database.db.select().from(voucherCodes).where(eq(voucherCodes.code, 'ABUSE-HOLD-01'))
    expect(code).toMatchObject({ claimedOrderId: null, claimedAt: null })
    // The stranger is told why, on the list (before any sweep) and when trying to pay.
    const listed = data(await api.call(API.searchOrders, {}, { as: stranger }))
    expect(listed.list.find((order) => order.orderId === held)).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS })
    const late = await api.call(API.payDeposit, { orderId: held, promotionChannelId: BANK.promotionChannelId }, { as: stranger })
    expect(late.json()).toEqual({ code: 2003, msg: LAPSED, data: null })
  })

  it('expires lapsed holds from the maintenance sweep, and the list shows them cancelled before any sweep', async () => {
    const { test } = world
    const stranger = await bankUser('stranger')
    const held = await submittedOrder(test, stranger)
    test.clock.advance(holdMs())
    const listed = data(await api.call(API.searchOrders, {}, { as: stranger }))
    expect(listed.list[0]).toMatchObject({ orderId: held, cancelState: CANCEL_STATE.SUCCESS })
    const other = await bankUser('other-stranger')
    const second = await submittedOrder(test, other, { plateNumber: OTHER_PLATE })
    expect(await sweep()).toMatchObject({ unpaidOrders: 0 })
    test.clock.advance(holdMs())
    expect(await sweep()).toMatchObject({ unpaidOrders: 1 })
    expect((await orderRow(world.database.db, second)).cancelReason).toBe(LAPSED)
    expect(await sweep()).toMatchObject({ unpaidOrders: 0 })
  })

  it('keeps an order whose payment is under way, then abandons it once the grace is over: the late settlement charges nothing', async () => {
    const { test, owner } = world
    const stranger = await bankUser('stranger')
    const held = await submittedOrder(test, stranger)
    test.clock.advance(holdMs() - MINUTE_MS)
    const cashier = await pay(stranger, held)
    test.clock.advance(2 * MINUTE_MS)
    expect(await sweep()).toMatchObject({ unpaidOrders: 0 })
    expect(await uniqueResult(owner)).toBe(3)
    // Held until the payment's grace ends: 16:29 + 15 minutes.
    expect((await apply(test, owner, payload())).json()).toEqual({ ...HELD_UNTIL_1630, msg: '该车辆已有其他申请人提交办理申请，若对方未支付，车牌将于16:44释放' })
    test.clock.advance(PAYMENT_GRACE_MS - 2 * MINUTE_MS - 1)
    expect(await sweep()).toMatchObject({ unpaidOrders: 0 })
    test.clock.advance(1)
    expect(await sweep()).toMatchObject({ unpaidOrders: 1 })
    expect(await orderRow(world.database.db, held)).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS, cancelReason: LAPSED, depositPayState: PAY_STATE.FAILED })
    const [payment] = await world.database.db.select().from(payments).where(eq(payments.id, cashier.paymentId))
    expect(payment).toMatchObject({ state: PAY_STATE.FAILED, refundedAt: null })
    const settled = await cashierResult(test, cashier.paymentId, cashier.token, 'success')
    expect(settled.statusCode).toBe(409)
    expect(settled.body).toContain('订单已取消，本次支付未扣款')
    // The plate is the owner's to take.
    const again = await login(test, PHONES.owner)
    expect(await uniqueResult(again)).toBe(1)
    expect(envelope(await apply(test, again, payload())).code).toBe(200)
  })

  it('ends a sweep racing late settlements one consistent way per order: paid and kept, or cancelled and not charged', async () => {
    const { test } = world
    const plates = [PLATE, OTHER_PLATE, EXTRA_PLATE, '粤B10002']
    const started = []
    for (const [index, plateNumber] of plates.entries()) {
      const buyer = await bankUser(`late-${index}`)
      started.push({ orderId: await submittedOrder(test, buyer, { plateNumber }), buyer })
    }
    test.clock.advance(holdMs() - MINUTE_MS)
    const cashiers = await Promise.all(started.map(({ buyer, orderId }) => pay(buyer, orderId)))
    test.clock.advance(PAYMENT_GRACE_MS)
    const [report, ...settled] = await Promise.all([sweep(), ...cashiers.map((cashier) => cashierResult(test, cashier.paymentId, cashier.token, 'success'))])
    let expired = 0
    for (const [index, { orderId }] of started.entries()) {
      const order = await orderRow(world.database.db, orderId)
      const [payment] = await world.database.db.select().from(payments).where(eq(payments.id, cashiers[index]!.paymentId))
      if (settled[index]!.statusCode === 303) {
        expect(order).toMatchObject({ cancelState: null, depositPayState: PAY_STATE.SUCCESS })
        expect(payment).toMatchObject({ state: PAY_STATE.SUCCESS })
      } else {
        expired += 1
        expect(settled[index]!.statusCode).toBe(409)
        expect(order).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS, depositPayState: PAY_STATE.FAILED })
        expect(payment).toMatchObject({ state: PAY_STATE.FAILED, refundedAt: null })
      }
    }
    expect(report?.unpaidOrders).toBe(expired)
    expect(test.logs.lines.filter((line) => line.includes('unexpected error'))).toEqual([])
  })

  it('never expires a paid order, nor one with nothing to pay', async () => {
    const { test } = world
    const payer = await bankUser('payer')
    const paid = await submittedOrder(test, payer)
    test.clock.advance(holdMs() - MINUTE_MS)
    const cashier = await pay(payer, paid)
    test.clock.advance(2 * MINUTE_MS)
    expect((await cashierResult(test, cashier.paymentId, cashier.token, 'success')).statusCode).toBe(303)
    const free = await submittedOrder(test, await bankUser('free'), { plateNumber: OTHER_PLATE, commodityId: FIXTURE.freeCommodity })
    test.clock.advance(2 * 24 * HOUR_MS)
    expect(await sweep()).toMatchObject({ unpaidOrders: 0 })
    for (const orderId of [paid, free]) expect((await orderRow(world.database.db, orderId)).cancelState).toBeNull()
    // Such a hold has no end to tell.
    const owner = await login(test, PHONES.owner)
    expect((await apply(test, owner, payload())).json()).toEqual({ code: 2001, msg: PLATE_HELD_MESSAGE, data: null })
    expect((await apply(test, owner, payload({ plateNumber: OTHER_PLATE }))).json()).toEqual({ code: 2001, msg: PLATE_HELD_MESSAGE, data: null })

    for (const plateNumber of [PLATE, OTHER_PLATE]) expect(await uniqueAnswer(owner, plateNumber)).toEqual({ resultType: 3 })
  })

  it('deletes the photos of a lapsed order on the retention schedule', async () => {
    const { test } = world
    const stranger = await bankUser('stranger')
    const held = await submittedOrder(test, stranger)
    const photos = await world.database.db.select().from(uploads).where(eq(uploads.orderId, held))
    expect(photos).toHaveLength(4)
    test.clock.advance(holdMs())
    expect(await sweep()).toMatchObject({ unpaidOrders: 1, photos: 0 })
    // A cancelled order's photos are not served any more, even to their owner.
    const again = await bankUser('stranger')
    const image = await api.call(API.image, { fileId: photos[0]!.id }, { as: again })
    expect(image.statusCode).toBe(404)
    test.clock.advance(PHOTO_RETENTION_MS - 1)
    expect(await sweep()).toMatchObject({ photos: 0 })
    test.clock.advance(1)
    expect(await sweep()).toMatchObject({ photos: photos.length })
    expect(await world.database.db.select().from(uploads).where(eq(uploads.orderId, held))).toEqual([])
  })

  it('limits the new applications of one account per day', async () => {
    const { test, owner } = world
    const max = test.config.orderLimits.ordersPerDay
    for (let index = 0; index < max; index++) {
      const orderId = await createOrder(test, owner)
      data(await cancel(owner, orderId))
    }
    expect((await apply(test, owner, payload())).json()).toEqual({ code: 2003, msg: ORDER_LIMIT_MESSAGE.daily(max), data: null })
    expect(await world.database.db.select().from(orders)).toHaveLength(max)
    test.clock.advance(24 * HOUR_MS)
    const again = await login(test, PHONES.owner)
    expect(envelope(await apply(test, again, payload())).code).toBe(200)
  })

  it('limits the orders opened and the photos uploaded from one address per hour', async () => {
    const limits = { orderCreate: 2, upload: 3 }
    const test = await createTestApp(world.database.db, { clock: world.test.clock, config: { hourlyRateLimit: limits } })
    try {
      const here = '127.0.0.1'
      const people = await Promise.all(['a', 'b', 'c'].map((name) => bankUser(`address-${name}`, test)))
      const [first, second, third] = people as [TokenGrant, TokenGrant, TokenGrant]
      const opened = data<ApplyResponse>(await applyFrom(test, first, { plateNumber: PLATE }, here))
      expect(envelope(await applyFrom(test, second, { plateNumber: OTHER_PLATE }, here)).code).toBe(200)
      const refused = await applyFrom(test, third, { plateNumber: EXTRA_PLATE }, here)
      expect(refused.json()).toEqual({ code: 429, msg: ADDRESS_LIMIT.orderCreate.message, data: null })
      // Resuming an order is no new one; another address is counted apart.
      expect(data<ApplyResponse>(await applyFrom(test, first, { plateNumber: PLATE }, here)).orderId).toBe(opened.orderId)
      expect(envelope(await applyFrom(test, third, { plateNumber: EXTRA_PLATE }, STRANGER_ADDRESS)).code).toBe(200)

      const photo = () => upload(test, first, API.uploadDrivingLicenseH5.path, { orderId: opened.orderId })
      for (let index = 0; index < limits.upload; index++) expect(envelope(await photo()).code).toBe(200)
      expect((await photo()).json()).toEqual({ code: 429, msg: ADDRESS_LIMIT.upload.message, data: null })
      expect(await world.database.db.select().from(uploads).where(eq(uploads.orderId, opened.orderId))).toHaveLength(1)

      test.clock.advance(HOUR_MS)
      const later = await bankUser('address-d', test)
      expect(envelope(await applyFrom(test, later, { plateNumber: '粤B10002' }, here)).code).toBe(200)
      expect(envelope(await photo()).code).toBe(200)
    } finally {
      await test.close()
    }
  })
})
