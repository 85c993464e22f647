/**
 * The WeChat Pay adapter (server/payments/wechat-pay.ts) with its SDK against a local stand-in of
 * WeChat Pay API v3 (support/wechat-pay-standin.ts): starting JSAPI and H5 payments, querying,
 * closing and refunding, WeChat's documented errors, timeouts and forged answers as VendorErrors,
 * and reading genuine notifications while refusing tampered, stale or foreign ones. No database.
 */
import { generateKeyPairSync, randomBytes, verify } from 'node:crypto'
import { VendorError } from '../../server/payments/vendor'
import type { NotificationRequest, PaymentVendor, TradeOrder } from '../../server/payments/vendor'
import { createWechatPayVendor } from '../../server/payments/wechat-pay'
import { freePort } from './support/ports'
import { STANDIN_APP_ID, STANDIN_MCH_ID, startWechatPayStandIn } from './support/wechat-pay-standin'
import type { WechatPayStandIn } from './support/wechat-pay-standin'
import { rejectionOf } from './support/rejection'

const AMOUNT_CENTS = 12_345
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'
const CLIENT_IP = '203.0.113.7'
const EXPIRES_AT = new Date('2030-01-02T03:04:05.678Z')
/** EXPIRES_AT in Beijing time, as time_expire carries it. */
const TIME_EXPIRE = '2030-01-02T11:04:05+08:00'
const ISSUED_AT = new Date('2025-06-01T08:00:00.000Z')
const NONCE_BYTES = 16
const RSA_BITS = 2048
const SHORT_TIMEOUT_MS = 300
/** Well past SHORT_TIMEOUT_MS, even on a loaded machine where the abort comes late. */
const LATE_ANSWER_MS = 3_000
/** Older than WeChat's five minutes of tolerance. */
const STALE_MS = 6 * 60 * 1_000
const NOTIFY_URL = 'https://etc.example.com/pay/v1/notify/wechat'
const H5_RETURN_URL = 'https://etc.example.com/pay/result'

let standIn: WechatPayStandIn
let vendor: PaymentVendor
let sequence = 0

beforeAll(async () => {
  standIn = await startWechatPayStandIn()
  vendor = createWechatPayVendor(standIn.settings())
})
afterAll(() => standIn.close())

const newPaymentId = () => `P${Date.now()}${++sequence}`
const order = (overrides: Partial<TradeOrder> = {}): TradeOrder => ({
  paymentId: newPaymentId(),
  amountCents: AMOUNT_CENTS,
  description: 'ETC申办 粤B12345',
  expiresAt: EXPIRES_AT,
  payer: { wechatOpenId: OPENID, clientIp: CLIENT_IP },
  issuedAt: ISSUED_AT,
  nonce: randomBytes(NONCE_BYTES).toString('hex'),
  ...overrides,
})
const lastRequestBody = (): unknown => JSON.parse(standIn.requests[standIn.requests.length - 1].body)

/** The VendorError a call ended in (the test fails when it succeeded or threw something else). */
const failureOf = (call: Promise<unknown>): Promise<VendorError> => rejectionOf(call, VendorError)

async function startedTrade(overrides: Partial<TradeOrder> = {}): Promise<TradeOrder> {
  const trade = order(overrides)
  await vendor.start('wechat', trade)
  return trade
}

async function paidTrade(): Promise<{ trade: TradeOrder; notification: NotificationRequest }> {
  const trade = await startedTrade()
  return { trade, notification: standIn.pay(trade.paymentId) }
}

describe('starting a payment', () => {
  it('opens a JSAPI trade and signs wx.requestPayment parameters with the merchant key', async () => {
    const trade = order()
    const params = await vendor.start('wechat', trade)

    expect(lastRequestBody()).toEqual({
      appid: STANDIN_APP_ID,
      mchid: STANDIN_MCH_ID,
      description: 'ETC申办 粤B12345',
      out_trade_no: trade.paymentId,
      time_expire: TIME_EXPIRE,
      notify_url: NOTIFY_URL,
      amount: { total: AMOUNT_CENTS, currency: 'CNY' },
      payer: { openid: OPENID },
    })
    if (!('wechatPay' in params)) throw new Error('expected WeChat Pay parameters')
    const { timeStamp, nonceStr, package: pkg, signType, paySign } = params.wechatPay
    expect({ timeStamp, nonceStr, pkg, signType }).toEqual({
      timeStamp: String(ISSUED_AT.getTime() / 1_000),
      nonceStr: trade.nonce,
      pkg: `prepay_id=${standIn.trade(trade.paymentId)?.prepayId}`,
      signType: 'RSA',
    })
    const signed = (appId: string) => Buffer.from(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
    const signature = Buffer.from(paySign, 'base64')
    expect(verify('RSA-SHA256', signed(STANDIN_APP_ID), standIn.merchantPublicKey, signature)).toBe(true)
    expect(verify('RSA-SHA256', signed('wx0000000000000000'), standIn.merchantPublicKey, signature)).toBe(false)
  })

  it('refuses JSAPI without the payer’s openid, before asking WeChat', async () => {
    const asked = standIn.requests.length
    const error = await failureOf(vendor.start('wechat', order({ payer: { clientIp: CLIENT_IP } })))
    expect(error).toMatchObject({ vendor: 'wechat', code: 'NO_OPENID', retryable: false })
    expect(standIn.requests.length).toBe(asked)
  })

  it('opens an H5 trade whose cashier address returns the browser to the site', async () => {
    const h5Vendor = createWechatPayVendor(standIn.settings({ h5Scene: { appName: 'ETC申办', appUrl: 'https://etc.example.com' } }))
    const trade = order()
    const params = await h5Vendor.start('h5', trade)

    expect(lastRequestBody()).toMatchObject({
      out_trade_no: trade.paymentId,
      amount: { total: AMOUNT_CENTS, currency: 'CNY' },
      scene_info: { payer_client_ip: CLIENT_IP, h5_info: { type: 'Wap', app_name: 'ETC申办', app_url: 'https://etc.example.com' } },
    })
    expect(lastRequestBody()).not.toHaveProperty('payer')
    const prepayId = standIn.trade(trade.paymentId)?.prepayId ?? 'none'
    expect(params).toEqual({
      cashierUrl: expect.stringMatching(new RegExp(`^https://wx\\.tenpay\\.com/cgi-bin/mmpayweb-bin/checkmweb\\?prepay_id=${prepayId}&package=\\d+&redirect_url=`)),
    })
    if (!('cashierUrl' in params)) throw new Error('expected a cashier address')
    expect(new URL(params.cashierUrl).searchParams.get('redirect_url')).toBe(H5_RETURN_URL)
  })

  it('reaches the same trade when the same payment is started again', async () => {
    const trade = order()
    const first = await vendor.start('wechat', trade)
    const second = await vendor.start('wechat', { ...trade, nonce: randomBytes(NONCE_BYTES).toString('hex') })

    if (!('wechatPay' in first) || !('wechatPay' in second)) throw new Error('expected WeChat Pay parameters')
    expect(second.wechatPay.package).toBe(first.wechatPay.package)
    expect(second.wechatPay.paySign).not.toBe(first.wechatPay.paySign)
    expect(standIn.trade(trade.paymentId)?.state).toBe('NOTPAY')
  })

  it('refuses a pay method WeChat Pay does not serve, and a closed trade', async () => {
    expect(vendor.methods).toEqual(['wechat', 'h5'])
    expect(await failureOf(vendor.start('alipay', order()))).toMatchObject({ code: 'UNSUPPORTED_METHOD', retryable: false })

    const trade = await startedTrade()
    await vendor.close(trade.paymentId)
    expect(await failureOf(vendor.start('wechat', trade))).toMatchObject({ code: 'ORDER_CLOSED', retryable: false })
  })
})

describe('querying a trade', () => {
  it('reads a paid trade with its amount in fen and WeChat’s transaction id', async () => {
    const { trade } = await paidTrade()
    expect(await vendor.query(trade.paymentId)).toEqual({
      state: 'paid',
      amountCents: AMOUNT_CENTS,
      vendorTradeNo: standIn.trade(trade.paymentId)?.transactionId,
    })
    expect(standIn.requests[standIn.requests.length - 1].url).toBe(`/v3/pay/transactions/out-trade-no/${trade.paymentId}?mchid=${STANDIN_MCH_ID}`)
  })

  it('reads an open trade as unpaid and a closed one as closed', async () => {
    const trade = await startedTrade()
    expect(await vendor.query(trade.paymentId)).toEqual({ state: 'unpaid' })
    await vendor.close(trade.paymentId)
    expect(await vendor.query(trade.paymentId)).toEqual({ state: 'closed' })
  })

  it.each([
    ['USERPAYING', 'unpaid'],
    ['PAYERROR', 'closed'],
    ['REVOKED', 'closed'],
  ] as const)('reads trade_state %s as %s', async (tradeState, state) => {
    const trade = await startedTrade()
    standIn.setTradeState(trade.paymentId, tradeState)
    expect(await vendor.query(trade.paymentId)).toEqual({ state })
  })

  it('reads a trade refunded since as paid', async () => {
    const { trade } = await paidTrade()
    standIn.setTradeState(trade.paymentId, 'REFUND')
    expect(await vendor.query(trade.paymentId)).toMatchObject({ state: 'paid', amountCents: AMOUNT_CENTS })
  })

  it('reads a trade WeChat never opened as absent', async () => {
    expect(await vendor.query(newPaymentId())).toEqual({ state: 'absent' })
  })
})

describe('closing a trade', () => {
  it('closes an open trade, and a closed or absent one is closed too', async () => {
    const trade = await startedTrade()
    expect(await vendor.close(trade.paymentId)).toBe('closed')
    expect(standIn.trade(trade.paymentId)?.state).toBe('CLOSED')
    expect(JSON.parse(standIn.requests[standIn.requests.length - 1].body)).toEqual({ mchid: STANDIN_MCH_ID })
    expect(await vendor.close(trade.paymentId)).toBe('closed')
    expect(await vendor.close(newPaymentId())).toBe('closed')
  })

  it('answers paid when the trade was paid meanwhile (ORDERPAID)', async () => {
    const { trade } = await paidTrade()
    expect(await vendor.close(trade.paymentId)).toBe('paid')
    expect(standIn.trade(trade.paymentId)?.state).toBe('SUCCESS')
  })

  it('answers paid for the ORDER_PAID spelling as well', async () => {
    const trade = await startedTrade()
    standIn.failNext('close', { status: 400, code: 'ORDER_PAID', message: '订单已支付' })
    expect(await vendor.close(trade.paymentId)).toBe('paid')
  })
})

describe('refunding', () => {
  const refundOf = (trade: TradeOrder, refundId = `R${trade.paymentId}`) => ({
    refundId,
    paymentId: trade.paymentId,
    amountCents: AMOUNT_CENTS,
    totalCents: AMOUNT_CENTS,
    reason: '订单已取消',
  })

  it('asks for a full refund and reads PROCESSING as processing', async () => {
    const { trade } = await paidTrade()
    expect(await vendor.refund(refundOf(trade))).toBe('processing')
    expect(lastRequestBody()).toEqual({
      out_trade_no: trade.paymentId,
      out_refund_no: `R${trade.paymentId}`,
      reason: '订单已取消',
      notify_url: NOTIFY_URL,
      amount: { refund: AMOUNT_CENTS, total: AMOUNT_CENTS, currency: 'CNY' },
    })
    expect(standIn.refund(`R${trade.paymentId}`)).toMatchObject({ paymentId: trade.paymentId, amountCents: AMOUNT_CENTS, status: 'PROCESSING' })
  })

  it('reads SUCCESS as succeeded', async () => {
    const { trade } = await paidTrade()
    standIn.answerRefundsWith('SUCCESS')
    try {
      expect(await vendor.refund(refundOf(trade))).toBe('succeeded')
    } finally {
      standIn.answerRefundsWith('PROCESSING')
    }
    expect(standIn.trade(trade.paymentId)?.state).toBe('REFUND')
  })

  it('refuses an ABNORMAL refund, NOT_ENOUGH and a refund of an unpaid trade, none retryable', async () => {
    const { trade } = await paidTrade()
    standIn.answerRefundsWith('ABNORMAL')
    try {
      expect(await failureOf(vendor.refund(refundOf(trade)))).toMatchObject({ code: 'REFUND_ABNORMAL', retryable: false })
    } finally {
      standIn.answerRefundsWith('PROCESSING')
    }

    standIn.failNext('refund', { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' })
    expect(await failureOf(vendor.refund(refundOf(trade, `R2${trade.paymentId}`)))).toMatchObject({
      code: 'NOT_ENOUGH',
      message: '基本账户余额不足',
      retryable: false,
    })

    const unpaid = await startedTrade()
    expect(await failureOf(vendor.refund(refundOf(unpaid)))).toMatchObject({ code: 'INVALID_REQUEST', retryable: false })
  })
})

describe('failures as VendorErrors', () => {
  it.each([
    [500, 'SYSTEM_ERROR', true],
    [429, 'FREQUENCY_LIMITED', true],
    [500, 'BANK_ERROR', true],
    [502, 'GATEWAY_DOWN', true],
    // The code decides, whatever status carries it.
    [403, 'FREQUENCY_LIMITED', true],
    [403, 'BANK_ERROR', true],
    [400, 'PARAM_ERROR', false],
    [400, 'INVALID_REQUEST', false],
    [401, 'SIGN_ERROR', false],
  ])('maps HTTP %i %s to retryable %s', async (status, code, retryable) => {
    const trade = await startedTrade()
    standIn.failNext('query', { status, code, message: `${code} happened` })
    expect(await failureOf(vendor.query(trade.paymentId))).toMatchObject({ vendor: 'wechat', code, message: `${code} happened`, retryable })
  })

  it('times out as retryable TIMEOUT, and the retry reaches the trade WeChat opened meanwhile', async () => {
    const impatient = createWechatPayVendor(standIn.settings({ timeoutMs: SHORT_TIMEOUT_MS }))
    const trade = order()
    standIn.delayNext(LATE_ANSWER_MS)
    const started = Date.now()
    expect(await failureOf(impatient.start('wechat', trade))).toMatchObject({ code: 'TIMEOUT', retryable: true })
    expect(Date.now() - started).toBeLessThan(LATE_ANSWER_MS)

    const prepayId = standIn.trade(trade.paymentId)?.prepayId
    expect(prepayId).toBeDefined()
    expect(await impatient.start('wechat', trade)).toMatchObject({ wechatPay: { package: `prepay_id=${prepayId}` } })
  })

  it('refuses an answer signed with another key as BAD_SIGNATURE, even one that would be a result', async () => {
    const { trade } = await paidTrade()
    standIn.forgeNextAnswer()
    expect(await failureOf(vendor.query(trade.paymentId))).toMatchObject({ code: 'BAD_SIGNATURE', retryable: false })
    standIn.forgeNextAnswer()
    expect(await failureOf(vendor.query(newPaymentId()))).toMatchObject({ code: 'BAD_SIGNATURE', retryable: false })
    expect(await vendor.query(trade.paymentId)).toMatchObject({ state: 'paid' })
  })

  it('is refused with SIGN_ERROR when its merchant key is not the merchant’s', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: RSA_BITS })
    const impostor = createWechatPayVendor(standIn.settings({ merchantPrivateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }))
    expect(await failureOf(impostor.query(newPaymentId()))).toMatchObject({ code: 'SIGN_ERROR', retryable: false })
    expect(standIn.requests[standIn.requests.length - 1].signatureValid).toBe(false)
  })

  it('reports an unreachable WeChat as a retryable NETWORK_ERROR', async () => {
    const nowhere = createWechatPayVendor(standIn.settings({ baseUrl: `http://127.0.0.1:${await freePort()}/` }))
    expect(await failureOf(nowhere.query(newPaymentId()))).toMatchObject({ code: 'NETWORK_ERROR', retryable: true })
  })
})

describe('notifications', () => {
  const decodedEnvelope = (notification: NotificationRequest) => JSON.parse(notification.rawBody) as { resource: { ciphertext: string } }

  it('reads a genuine payment notification with its amount in fen, the same each time', async () => {
    const { trade, notification } = await paidTrade()
    const expected = { kind: 'payment', paymentId: trade.paymentId, amountCents: AMOUNT_CENTS, vendorTradeNo: standIn.trade(trade.paymentId)?.transactionId }
    expect(await vendor.readNotification(notification)).toEqual(expected)
    expect(await vendor.readNotification(notification)).toEqual(expected)
  })

  it('refuses a tampered body, another notification’s signature and another serial', async () => {
    const { notification } = await paidTrade()
    const { notification: other } = await paidTrade()
    const tampered = { ...notification, rawBody: notification.rawBody.replace('支付成功', '支付失败') }
    expect(tampered.rawBody).not.toBe(notification.rawBody)
    expect(await vendor.readNotification(tampered)).toBeUndefined()
    const borrowed = { ...notification, headers: { ...notification.headers, 'wechatpay-signature': other.headers['wechatpay-signature'] } }
    expect(await vendor.readNotification(borrowed)).toBeUndefined()
    const wrongSerial = { ...notification, headers: { ...notification.headers, 'wechatpay-serial': 'PUB_KEY_ID_0119000000012025000000000000000002' } }
    expect(await vendor.readNotification(wrongSerial)).toBeUndefined()
    expect(await vendor.readNotification({ ...notification, headers: {} })).toBeUndefined()
  })

  it('refuses a genuinely signed notification from more than five minutes ago', async () => {
    const { trade, notification } = await paidTrade()
    expect(await vendor.readNotification(standIn.signNotification(notification.rawBody, { at: new Date(Date.now() - STALE_MS) }))).toBeUndefined()
    expect(await vendor.readNotification(standIn.signNotification(notification.rawBody, { at: new Date(Date.now() + STALE_MS) }))).toBeUndefined()
    expect(await vendor.readNotification(standIn.signNotification(notification.rawBody))).toMatchObject({ paymentId: trade.paymentId })
  })

  it('refuses a tampered ciphertext even when the body is signed', async () => {
    const { notification } = await paidTrade()
    const envelope = decodedEnvelope(notification)
    const ciphertext = Buffer.from(envelope.resource.ciphertext, 'base64')
    ciphertext[0] ^= 1
    envelope.resource.ciphertext = ciphertext.toString('base64')
    expect(await vendor.readNotification(standIn.signNotification(JSON.stringify(envelope)))).toBeUndefined()
    expect(await vendor.readNotification(standIn.signNotification('not json'))).toBeUndefined()
  })

  it('refuses a payment of another merchant or another app', async () => {
    const { trade } = await paidTrade()
    const transaction = {
      appid: STANDIN_APP_ID,
      mchid: STANDIN_MCH_ID,
      out_trade_no: trade.paymentId,
      transaction_id: '4200000000000000000001',
      trade_state: 'SUCCESS',
      amount: { total: AMOUNT_CENTS, currency: 'CNY' },
    }
    expect(await vendor.readNotification(standIn.notification('TRANSACTION.SUCCESS', transaction))).toMatchObject({ kind: 'payment' })
    expect(await vendor.readNotification(standIn.notification('TRANSACTION.SUCCESS', { ...transaction, mchid: '1900000002' }))).toBeUndefined()
    expect(await vendor.readNotification(standIn.notification('TRANSACTION.SUCCESS', { ...transaction, appid: 'wx0000000000000000' }))).toBeUndefined()
  })

  it.each([
    ['SUCCESS', 'succeeded'],
    ['ABNORMAL', 'failed'],
    ['CLOSED', 'failed'],
  ] as const)('reads REFUND.%s as a refund %s', async (outcome, expected) => {
    const { trade } = await paidTrade()
    const refundId = `R${trade.paymentId}`
    await vendor.refund({ refundId, paymentId: trade.paymentId, amountCents: AMOUNT_CENTS, totalCents: AMOUNT_CENTS, reason: '订单已取消' })
    expect(await vendor.readNotification(standIn.refundNotification(refundId, outcome))).toEqual({
      kind: 'refund',
      refundId,
      paymentId: trade.paymentId,
      outcome: expected,
    })
  })

  it('refuses a refund notification of another merchant', async () => {
    const refund = { mchid: STANDIN_MCH_ID, out_trade_no: newPaymentId(), out_refund_no: newPaymentId(), refund_status: 'SUCCESS' }
    expect(await vendor.readNotification(standIn.notification('REFUND.SUCCESS', refund))).toMatchObject({ kind: 'refund', outcome: 'succeeded' })
    expect(await vendor.readNotification(standIn.notification('REFUND.SUCCESS', { ...refund, mchid: '1900000002' }))).toBeUndefined()
  })

  it('acknowledges other genuine events as ignored', async () => {
    expect(await vendor.readNotification(standIn.notification('PAYSCORE.USER_OPEN_SERVICE', { mchid: STANDIN_MCH_ID }))).toEqual({ kind: 'ignored' })
  })

  it('answers WeChat with an empty 200, or a FAIL it retries', () => {
    expect(vendor.answer(true)).toEqual({ status: 200, contentType: 'application/json', body: '' })
    expect(vendor.answer(false)).toEqual({ status: 500, contentType: 'application/json', body: '{"code":"FAIL","message":"失败"}' })
  })
})
