/**
 * The Alipay adapter (server/payments/alipay.ts) through Alipay's own SDK against a stand-in of the
 * v2 gateway (support/alipay-standin.ts) that checks signatures and signs its answers as Alipay
 * does: starting (trade.create, the wap cashier), query, close and refund by our ids, the failures
 * the caller must tell apart (retry later or not; forged answers), and notifications, which are
 * read only when Alipay signed them for this application. No database.
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import { createAlipayVendor } from '../../server/payments/alipay'
import type { AlipaySettings } from '../../server/payments/alipay'
import { VendorError } from '../../server/payments/vendor'
import type { NotificationRequest, PaymentVendor, RefundOrder, TradeOrder } from '../../server/payments/vendor'
import { DEFAULT_NOTIFY_URL, DEFAULT_RETURN_URL, startAlipayStandIn } from './support/alipay-standin'
import type { AlipayStandIn } from './support/alipay-standin'
import { freePort } from './support/ports'
import { rejectionOf } from './support/rejection'

const AMOUNT_CENTS = 1234
const AMOUNT_YUAN = '12.34'
const BUYER_ID = '2088102150477652'
/** 08:00 UTC is 16:00 in China. */
const EXPIRES_AT = new Date('2026-03-01T08:00:00.000Z')
const EXPIRES_CHINA = '2026-03-01 16:00:00'
/** Short enough for a test, long enough for a local answer. */
const SHORT_TIMEOUT_MS = 300
/** Well past SHORT_TIMEOUT_MS, even on a loaded machine where the abort comes late (1.1 s seen under load). */
const STALL_MS = 3_000
const OTHER_APP_ID = '2021000000009999'

let standIn: AlipayStandIn
let vendor: PaymentVendor

beforeAll(async () => {
  standIn = await startAlipayStandIn()
  vendor = createAlipayVendor(standIn.settings())
})

afterAll(async () => {
  await standIn.close()
})

let sequence = 0

/** A payment with an id of its own (one stand-in serves every test). */
function order(overrides: Partial<TradeOrder> = {}): TradeOrder {
  sequence += 1
  return {
    paymentId: `P20260301${String(sequence).padStart(6, '0')}`,
    amountCents: AMOUNT_CENTS,
    description: 'ETC申办 粤B12345',
    expiresAt: EXPIRES_AT,
    payer: { alipayUserId: BUYER_ID, clientIp: '203.0.113.7' },
    issuedAt: new Date('2026-03-01T07:45:00.000Z'),
    nonce: '0123456789abcdef0123456789abcdef',
    ...overrides,
  }
}

function refundOf(trade: TradeOrder, overrides: Partial<RefundOrder> = {}): RefundOrder {
  return {
    refundId: `R${trade.paymentId}`,
    paymentId: trade.paymentId,
    amountCents: trade.amountCents,
    totalCents: trade.amountCents,
    reason: '订单已取消',
    ...overrides,
  }
}

/** A trade opened with trade.create, and its trade number. */
async function opened(trade: TradeOrder = order()): Promise<{ trade: TradeOrder; tradeNo: string }> {
  const params = await vendor.start('alipay', trade)
  if (!('alipayTradeNo' in params)) throw new Error('trade.create answered no trade number')
  return { trade, tradeNo: params.alipayTradeNo }
}

/** A trade the buyer paid, and Alipay's notification of it. */
async function paid(trade: TradeOrder = order()): Promise<{ trade: TradeOrder; tradeNo: string; notification: NotificationRequest }> {
  const { tradeNo } = await opened(trade)
  return { trade, tradeNo, notification: standIn.pay(trade.paymentId) }
}

/** What a call was rejected with; fails the test unless it is a VendorError. */
const rejection = (call: Promise<unknown>): Promise<VendorError> => rejectionOf(call, VendorError)

function lastRequest(method: string) {
  const request = [...standIn.requests].reverse().find((candidate) => candidate.method === method)
  if (!request) throw new Error(`No ${method} reached the stand-in`)
  return request
}

function fieldsOf(notification: NotificationRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(notification.rawBody))
}

function withFields(notification: NotificationRequest, changes: Record<string, string>): NotificationRequest {
  return { ...notification, rawBody: new URLSearchParams({ ...fieldsOf(notification), ...changes }).toString() }
}

function otherKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
}

describe('starting an Alipay payment in the mini-program (alipay.trade.create)', () => {
  it('opens the trade for the buyer and answers its trade number; the amount travels as yuan, the expiry in China time', async () => {
    const trade = order()
    const { tradeNo } = await opened(trade)

    expect(standIn.trade(trade.paymentId)).toMatchObject({ tradeNo, status: 'WAIT_BUYER_PAY', totalAmount: AMOUNT_YUAN, buyerId: BUYER_ID })
    const request = lastRequest('alipay.trade.create')
    expect(request.bizContent).toEqual({
      out_trade_no: trade.paymentId,
      total_amount: AMOUNT_YUAN,
      subject: trade.description,
      buyer_id: BUYER_ID,
      time_expire: EXPIRES_CHINA,
    })
    expect(request.params.notify_url).toBe(DEFAULT_NOTIFY_URL)
  })

  it('names a buyer of an application in OpenID mode by buyer_open_id', async () => {
    const openId = '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5'
    const trade = order({ payer: { alipayUserId: openId, clientIp: '203.0.113.7' } })
    await opened(trade)
    expect(lastRequest('alipay.trade.create').bizContent).toMatchObject({ buyer_open_id: openId })
    expect(lastRequest('alipay.trade.create').bizContent).not.toHaveProperty('buyer_id')
  })

  it.each([
    [1, '2026-03-01T20:30:05.000Z', '0.01', '2026-03-02 04:30:05'],
    [100, '2026-12-31T16:00:00.000Z', '1.00', '2027-01-01 00:00:00'],
    [2990, '2026-06-30T15:59:59.000Z', '29.90', '2026-06-30 23:59:59'],
  ])('writes %i cents expiring at %s as "%s" expiring %s (China)', async (amountCents, expiresAt, yuan, china) => {
    await opened(order({ amountCents, expiresAt: new Date(expiresAt) }))

    expect(lastRequest('alipay.trade.create').bizContent).toMatchObject({ total_amount: yuan, time_expire: china })
  })

  it('refuses a payer without an Alipay user id, without asking Alipay', async () => {
    const before = standIn.requests.length

    const error = await rejection(vendor.start('alipay', order({ payer: { clientIp: '203.0.113.7' } })))

    expect(error).toMatchObject({ vendor: 'alipay', code: 'NO_BUYER_ID', retryable: false })
    expect(standIn.requests).toHaveLength(before)
  })

  it('refuses an amount that is not a positive whole number of cents', async () => {
    for (const amountCents of [0, 12.5]) {
      expect(await rejection(vendor.start('alipay', order({ amountCents })))).toMatchObject({ code: 'BAD_AMOUNT', retryable: false })
    }
  })

  it('starting the same payment again names the same trade', async () => {
    const trade = order()
    const first = await opened(trade)
    const second = await opened(trade)

    expect(second.tradeNo).toBe(first.tradeNo)
    expect(standIn.trade(trade.paymentId)?.tradeNo).toBe(first.tradeNo)
  })

  it('refuses the pay methods Alipay does not serve', async () => {
    expect(vendor.methods).toEqual(['alipay', 'h5'])
    expect(await rejection(vendor.start('wechat', order()))).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', retryable: false })
  })
})

describe('starting a payment in a browser (alipay.trade.wap.pay)', () => {
  it('answers a wap cashier address signed with the application key, with the amount, expiry, return and notify addresses, and calls nobody', async () => {
    const trade = order()
    const before = standIn.requests.length

    const params = await vendor.start('h5', trade)

    if (!('cashierUrl' in params)) throw new Error('no cashier address')
    expect(params.cashierUrl.startsWith(`${standIn.gateway}?`)).toBe(true)
    const page = standIn.readCashierUrl(params.cashierUrl)
    expect(page.signatureValid).toBe(true)
    expect(page.params).toMatchObject({
      app_id: standIn.appId,
      method: 'alipay.trade.wap.pay',
      return_url: DEFAULT_RETURN_URL,
      notify_url: DEFAULT_NOTIFY_URL,
      sign_type: 'RSA2',
    })
    expect(page.bizContent).toEqual({
      out_trade_no: trade.paymentId,
      total_amount: AMOUNT_YUAN,
      subject: trade.description,
      product_code: 'QUICK_WAP_WAY',
      time_expire: EXPIRES_CHINA,
    })
    expect(standIn.requests).toHaveLength(before)
  })

  it('an address whose amount was changed fails the signature check', async () => {
    const params = await vendor.start('h5', order())
    if (!('cashierUrl' in params)) throw new Error('no cashier address')
    const url = new URL(params.cashierUrl)
    const content = JSON.parse(url.searchParams.get('biz_content') ?? '{}') as Record<string, unknown>
    url.searchParams.set('biz_content', JSON.stringify({ ...content, total_amount: '0.01' }))

    expect(standIn.readCashierUrl(url.toString()).signatureValid).toBe(false)
    expect(() => standIn.openCashier(url.toString())).toThrow()
  })

  it('the buyer opens the address and pays: the trade is paid, by its amount', async () => {
    const trade = order()
    const params = await vendor.start('h5', trade)
    if (!('cashierUrl' in params)) throw new Error('no cashier address')
    expect(await vendor.query(trade.paymentId)).toEqual({ state: 'absent' })

    const { tradeNo } = standIn.openCashier(params.cashierUrl)
    standIn.pay(trade.paymentId)

    expect(await vendor.query(trade.paymentId)).toEqual({ state: 'paid', amountCents: AMOUNT_CENTS, vendorTradeNo: tradeNo })
  })
})

describe('querying a trade (alipay.trade.query)', () => {
  it('an open trade is unpaid', async () => {
    const { trade } = await opened()

    expect(await vendor.query(trade.paymentId)).toEqual({ state: 'unpaid' })
    expect(lastRequest('alipay.trade.query').bizContent).toEqual({ out_trade_no: trade.paymentId })
  })

  it('a paid trade is paid, with its amount in cents and Alipay’s trade number; still so once its refund period ended', async () => {
    const { trade, tradeNo } = await paid(order({ amountCents: 2990 }))

    expect(await vendor.query(trade.paymentId)).toEqual({ state: 'paid', amountCents: 2990, vendorTradeNo: tradeNo })
    standIn.finish(trade.paymentId)
    expect(await vendor.query(trade.paymentId)).toEqual({ state: 'paid', amountCents: 2990, vendorTradeNo: tradeNo })
  })

  it('a closed trade is closed, and so is one refunded in full (Alipay reports both TRADE_CLOSED)', async () => {
    const { trade: unpaid } = await opened()
    await vendor.close(unpaid.paymentId)
    expect(await vendor.query(unpaid.paymentId)).toEqual({ state: 'closed' })

    const { trade: refunded } = await paid()
    await vendor.refund(refundOf(refunded))
    expect(standIn.trade(refunded.paymentId)?.status).toBe('TRADE_CLOSED')
    expect(await vendor.query(refunded.paymentId)).toEqual({ state: 'closed' })
  })

  it('a trade Alipay does not know is absent', async () => {
    expect(await vendor.query(order().paymentId)).toEqual({ state: 'absent' })
  })

  it('a genuine answer whose amount or status cannot be read is an error, not a state', async () => {
    const { trade, tradeNo } = await paid()
    const answer = { code: '10000', msg: 'Success', out_trade_no: trade.paymentId, trade_no: tradeNo }

    standIn.answerNext('alipay.trade.query', { ...answer, trade_status: 'TRADE_SUCCESS', total_amount: '12.345' })
    expect(await rejection(vendor.query(trade.paymentId))).toMatchObject({ code: 'BAD_RESPONSE', retryable: false })
    standIn.answerNext('alipay.trade.query', { ...answer, trade_status: 'TRADE_PENDING', total_amount: AMOUNT_YUAN })
    expect(await rejection(vendor.query(trade.paymentId))).toMatchObject({ code: 'BAD_RESPONSE', retryable: false })
    expect(await vendor.query(trade.paymentId)).toMatchObject({ state: 'paid' })
  })
})

describe('closing a trade (alipay.trade.close)', () => {
  it('closes an open trade, and a closed one again is closed', async () => {
    const { trade } = await opened()

    expect(await vendor.close(trade.paymentId)).toBe('closed')
    expect(standIn.trade(trade.paymentId)?.status).toBe('TRADE_CLOSED')
    expect(await vendor.close(trade.paymentId)).toBe('closed')
  })

  it('a paid trade cannot be closed: the answer is paid, and the trade stays paid', async () => {
    const { trade } = await paid()

    expect(await vendor.close(trade.paymentId)).toBe('paid')
    expect(standIn.trade(trade.paymentId)?.status).toBe('TRADE_SUCCESS')
    expect(standIn.requests.slice(-2).map(({ method }) => method)).toEqual(['alipay.trade.close', 'alipay.trade.query'])
  })

  it('a trade Alipay does not know is closed', async () => {
    expect(await vendor.close(order().paymentId)).toBe('closed')
  })

  it('any other refusal is an error', async () => {
    const { trade } = await opened()
    standIn.failNext('alipay.trade.close', { code: '40004', subCode: 'ACQ.SYSTEM_ERROR', subMsg: '系统错误' })

    expect(await rejection(vendor.close(trade.paymentId))).toMatchObject({ code: 'ACQ.SYSTEM_ERROR', retryable: true })
    expect(standIn.trade(trade.paymentId)?.status).toBe('WAIT_BUYER_PAY')
  })
})

describe('refunding a payment (alipay.trade.refund)', () => {
  it('refunds a paid trade by our refund id, the amount as yuan: succeeded', async () => {
    const { trade } = await paid()
    const refund = refundOf(trade)

    expect(await vendor.refund(refund)).toBe('succeeded')
    expect(standIn.trade(trade.paymentId)?.refunds).toEqual({ [refund.refundId]: AMOUNT_YUAN })
    expect(lastRequest('alipay.trade.refund').bizContent).toEqual({
      out_trade_no: trade.paymentId,
      out_request_no: refund.refundId,
      refund_amount: AMOUNT_YUAN,
      refund_reason: refund.reason,
    })
  })

  it('refunds part of a payment', async () => {
    const { trade } = await paid()

    expect(await vendor.refund(refundOf(trade, { amountCents: 234 }))).toBe('succeeded')
    expect(standIn.trade(trade.paymentId)).toMatchObject({ status: 'TRADE_SUCCESS', refunds: { [`R${trade.paymentId}`]: '2.34' } })
  })

  it('the same refund id again is the same refund: succeeded, and no money moves twice', async () => {
    const { trade } = await paid()
    const refund = refundOf(trade, { amountCents: 1000 })
    await vendor.refund(refund)

    expect(await vendor.refund(refund)).toBe('succeeded')
    expect(standIn.trade(trade.paymentId)?.refunds).toEqual({ [refund.refundId]: '10.00' })
    expect(lastRequest('alipay.trade.fastpay.refund.query').bizContent).toEqual({ out_trade_no: trade.paymentId, out_request_no: refund.refundId })
  })

  it('accepted without money moving and not found by the refund query: processing', async () => {
    const { trade } = await paid()
    standIn.answerNext('alipay.trade.refund', { code: '10000', msg: 'Success', out_trade_no: trade.paymentId, fund_change: 'N' })

    expect(await vendor.refund(refundOf(trade))).toBe('processing')
  })

  it('a documented refusal is not retryable: an unpaid trade, the merchant’s balance short', async () => {
    const { trade: unpaid } = await opened()
    expect(await rejection(vendor.refund(refundOf(unpaid)))).toMatchObject({ code: 'ACQ.TRADE_STATUS_ERROR', retryable: false })

    const { trade } = await paid()
    standIn.failNext('alipay.trade.refund', { code: '40004', subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', subMsg: '卖家余额不足' })
    const error = await rejection(vendor.refund(refundOf(trade)))
    expect(error).toMatchObject({ vendor: 'alipay', code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', message: '卖家余额不足', retryable: false })
    expect(standIn.trade(trade.paymentId)?.refunds).toEqual({})
  })
})

describe('failures', () => {
  it.each([
    ['40004', 'ACQ.SYSTEM_ERROR', true],
    ['20000', 'aop.ACQ.SYSTEM_ERROR', true],
    ['20000', 'isp.unknow-error', true],
    ['40004', 'ACQ.TRADE_HAS_SUCCESS', false],
    ['40004', 'ACQ.SELLER_BALANCE_NOT_ENOUGH', false],
    ['40002', 'isv.invalid-signature', false],
    ['40006', 'isv.insufficient-isv-permissions', false],
  ])('code %s sub_code %s: a VendorError named by the sub_code, retryable %s', async (code, subCode, retryable) => {
    standIn.failNext('alipay.trade.query', { code, subCode, subMsg: `${subCode} explained` })

    const error = await rejection(vendor.query(order().paymentId))

    expect(error).toMatchObject({ vendor: 'alipay', code: subCode, message: `${subCode} explained`, retryable })
  })

  it('without a sub_code the code names it: 20000 (service unavailable) is retryable', async () => {
    standIn.failNext('alipay.trade.query', { code: '20000', msg: 'Service Currently Unavailable' })

    expect(await rejection(vendor.query(order().paymentId))).toMatchObject({ code: '20000', message: 'Service Currently Unavailable', retryable: true })
  })

  it('no answer in time is TIMEOUT, retryable; starting again finds the trade Alipay opened meanwhile', async () => {
    const impatient = createAlipayVendor(standIn.settings({ timeoutMs: SHORT_TIMEOUT_MS }))
    const trade = order()
    standIn.delayNext(STALL_MS)
    const startedAt = Date.now()

    const error = await rejection(impatient.start('alipay', trade))

    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true })
    expect(Date.now() - startedAt).toBeLessThan(STALL_MS)
    const { tradeNo } = await opened(trade)
    expect(standIn.trade(trade.paymentId)?.tradeNo).toBe(tradeNo)
  })

  it('an HTTP 5xx from the gateway is retryable, a 4xx is not', async () => {
    standIn.failNextHttp(502)
    expect(await rejection(vendor.query(order().paymentId))).toMatchObject({ code: 'HTTP_502', retryable: true })
    standIn.failNextHttp(403)
    expect(await rejection(vendor.query(order().paymentId))).toMatchObject({ code: 'HTTP_403', retryable: false })
  })

  it('nothing listening at the gateway is a retryable network error', async () => {
    const nowhere = createAlipayVendor(standIn.settings({ gateway: `http://127.0.0.1:${await freePort()}/gateway.do` }))

    expect(await rejection(nowhere.query(order().paymentId))).toMatchObject({ code: 'NETWORK_ERROR', retryable: true })
  })

  it('a forged answer (not signed by Alipay) is BAD_SIGNATURE, never a result', async () => {
    const { trade } = await opened()
    standIn.forgeNextAnswer({ trade_status: 'TRADE_SUCCESS', total_amount: AMOUNT_YUAN, trade_no: 'forged' })

    expect(await rejection(vendor.query(trade.paymentId))).toMatchObject({ code: 'BAD_SIGNATURE', retryable: false })
    expect(await vendor.query(trade.paymentId)).toEqual({ state: 'unpaid' })
  })

  it('an adapter holding another Alipay public key takes no answer', async () => {
    const stranger = createAlipayVendor(standIn.settings({ alipayPublicKeyPem: otherKeyPair().publicKey }))

    expect(await rejection(stranger.query(order().paymentId))).toMatchObject({ code: 'BAD_SIGNATURE', retryable: false })
  })

  it('an adapter signing with another application key is refused by Alipay: isv.invalid-signature, not retryable', async () => {
    const stranger = createAlipayVendor(standIn.settings({ privateKeyPem: otherKeyPair().privateKey }))
    const before = standIn.requests.length
    const trade = order()

    expect(await rejection(stranger.start('alipay', trade))).toMatchObject({ code: 'isv.invalid-signature', retryable: false })
    expect(standIn.requests).toHaveLength(before)
    expect(standIn.trade(trade.paymentId)).toBeUndefined()
  })

  it('settings without what the gateway needs are refused when the adapter is made', () => {
    const settings = standIn.settings()
    const broken: Partial<AlipaySettings>[] = [{ notifyUrl: '' }, { alipayPublicKeyPem: '' }, { privateKeyPem: 'not a key' }]
    for (const overrides of broken) expect(() => createAlipayVendor({ ...settings, ...overrides })).toThrow()
    expect(() => createAlipayVendor(settings)).not.toThrow()
  })

  it('takes the application key as PKCS1 PEM too', async () => {
    const pkcs1 = createPrivateKey(standIn.settings().privateKeyPem).export({ type: 'pkcs1', format: 'pem' }).toString()
    const adapter = createAlipayVendor(standIn.settings({ privateKeyPem: pkcs1 }))

    expect(pkcs1).toContain('BEGIN RSA PRIVATE KEY')
    expect(await adapter.query(order().paymentId)).toEqual({ state: 'absent' })
  })
})

describe('notifications', () => {
  it('reads a genuine payment notification: the payment, its amount in cents and Alipay’s trade number', async () => {
    const { trade, tradeNo, notification } = await paid()

    expect(notification.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(await vendor.readNotification(notification)).toEqual({
      kind: 'payment',
      paymentId: trade.paymentId,
      amountCents: AMOUNT_CENTS,
      vendorTradeNo: tradeNo,
    })
  })

  it('reads the same notification twice the same way (Alipay sends it until answered)', async () => {
    const { notification } = await paid()

    const first = await vendor.readNotification(notification)
    expect(first).toMatchObject({ kind: 'payment' })
    expect(await vendor.readNotification(notification)).toEqual(first)
  })

  it('a TRADE_FINISHED notification is a payment too', async () => {
    const { trade, notification } = await paid()

    const finished = standIn.notification({ ...fieldsOf(notification), trade_status: 'TRADE_FINISHED' })
    expect(await vendor.readNotification(finished)).toMatchObject({ kind: 'payment', paymentId: trade.paymentId, amountCents: AMOUNT_CENTS })
  })

  it('a changed amount, another signature or none: not read', async () => {
    const { notification } = await paid()
    const { notification: other } = await paid()

    expect(await vendor.readNotification(withFields(notification, { total_amount: '0.01' }))).toBeUndefined()
    expect(await vendor.readNotification(withFields(notification, { sign: fieldsOf(other).sign! }))).toBeUndefined()
    const unsigned = fieldsOf(notification)
    delete unsigned.sign
    expect(await vendor.readNotification({ ...notification, rawBody: new URLSearchParams(unsigned).toString() })).toBeUndefined()
  })

  it('signed by Alipay for another application: not read', async () => {
    const { notification } = await paid()
    const fields = fieldsOf(notification)

    expect(await vendor.readNotification(standIn.notification({ ...fields, app_id: OTHER_APP_ID }))).toBeUndefined()
    expect(await vendor.readNotification(standIn.notification({ ...fields, app_id: standIn.appId }))).toMatchObject({ kind: 'payment' })
  })

  it('a \'%\' in a value: read when Alipay signed it, else refused without throwing', async () => {
    const { trade, notification } = await paid()
    const percent = standIn.notification({ ...fieldsOf(notification), subject: '100% 充值 a+b=c' })

    expect(await vendor.readNotification(percent)).toMatchObject({ kind: 'payment', paymentId: trade.paymentId })
    await expect(vendor.readNotification(withFields(percent, { body: '50% off' }))).resolves.toBeUndefined()
    const malformed = percent.rawBody.replace(/subject=[^&]*/, 'subject=%E4%ZZ%')
    await expect(vendor.readNotification({ ...percent, rawBody: malformed })).resolves.toBeUndefined()
    await expect(vendor.readNotification({ headers: {}, rawBody: '%%%' })).resolves.toBeUndefined()
  })

  it('a genuine notification with a field of no value is read (Alipay signs without empty fields)', async () => {
    const { trade, notification } = await paid()

    const withEmpty = { ...notification, rawBody: `${notification.rawBody}&passback_params=` }
    expect(await vendor.readNotification(withEmpty)).toMatchObject({ kind: 'payment', paymentId: trade.paymentId })
  })

  it('WAIT_BUYER_PAY and TRADE_CLOSED are genuine but nothing to act on: ignored', async () => {
    const { notification } = await paid()
    const fields = fieldsOf(notification)

    for (const status of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      expect(await vendor.readNotification(standIn.notification({ ...fields, trade_status: status }))).toEqual({ kind: 'ignored' })
    }
  })

  it('a genuine notification whose amount or status cannot be read is not read', async () => {
    const { notification } = await paid()
    const fields = fieldsOf(notification)

    expect(await vendor.readNotification(standIn.notification({ ...fields, total_amount: '12.3.4' }))).toBeUndefined()
    expect(await vendor.readNotification(standIn.notification({ ...fields, trade_status: 'TRADE_PENDING' }))).toBeUndefined()
  })

  it('answers "success" to accept and "fail" to have it sent again, as plain text', () => {
    expect(vendor.answer(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' })
    expect(vendor.answer(false)).toEqual({ status: 200, contentType: 'text/plain', body: 'fail' })
  })
})
