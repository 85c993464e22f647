/**
 * Write-off codes of the application's order: typed (normalised, kept on the device per order),
 * checked against the pattern and by the server under the order's promotion, claimed once,
 * refusals kept for the field, and the order's promotion, activity and voucher loaded from its
 * detail.
 */
import { BUSINESS_CODE } from '../../../types/api/envelope'
import { VOUCHER_CODE_MAX_LENGTH, VOUCHER_CODE_MIN_LENGTH, VOUCHER_CODE_PATTERN, VOUCHER_REFUSAL } from '../../../types/api/apply'
import type { ClaimVoucherRequest, ClaimVoucherResponse, VerifyEligibilityResponse, VoucherRequest } from '../../../types/api/apply'
import { MIN_PAY_CENTS } from '../../../types/api/payment'
import { ACTIVITY_TYPE } from '../../../src/domain/enums'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import { MESSAGES, RequestError } from '../../../src/services/request/errors'
import { normalizeVoucherCode } from '../../../src/domain/voucher'
import { VOUCHER_MESSAGES, VOUCHER_STORAGE, VoucherStore } from '../../../src/stores/voucher-store'
import type { OrderVoucherTerms, VoucherApi } from '../../../src/stores/voucher-store'
import { deferred } from '../services/fakes'

const ELIGIBLE: VerifyEligibilityResponse = { eligible: true, reason: '', discountCents: 2000, expiresAt: '2027-12-31T15:59:59.000Z' }
/** The detail of an order opened under the write-off campaign PC-W, without a voucher. */
const WRITE_OFF_ORDER: OrderVoucherTerms = { promotionChannelId: 'PC-W', activitySource: ACTIVITY_TYPE.WRITE_OFF_CODE, voucher: null }

const claimed = (request: ClaimVoucherRequest): ClaimVoucherResponse => ({
  voucherId: 'V-1',
  code: request.code,
  orderId: request.orderId,
  discountCents: 2000,
  claimedAt: '2026-11-24T08:00:00.000Z',
})

function setup(calls: Partial<VoucherApi> = {}, raw = new Map<string, string>()) {
  const sent = { verify: [] as VoucherRequest[], claim: [] as ClaimVoucherRequest[], detail: [] as string[], priceChanged: [] as string[] }
  const api: VoucherApi = {
    verifyEligibility: async (request) => (sent.verify.push(request), ELIGIBLE),
    claimVoucher: async (request) => (sent.claim.push(request), claimed(request)),
    orderDetail: async (orderId) => (sent.detail.push(orderId), WRITE_OFF_ORDER),
    ...calls,
  }
  const storage = createSecureStorage({
    backend: { getString: (k) => raw.get(k), setString: (k, v) => void raw.set(k, v), remove: (k) => void raw.delete(k) },
    keyHex: 'd'.repeat(64),
    prefix: 'etc_bank_',
  })
  const store = new VoucherStore({ api, storage, orders: { priceChanged: (orderId) => void sent.priceChanged.push(orderId) } })
  return { store, sent, raw, storage }
}

/** A store turned to order O1 of the write-off campaign, its detail (no voucher) loaded. */
async function ready(calls: Partial<VoucherApi> = {}) {
  const world = setup(calls)
  await world.store.ensure('O1')
  return world
}

describe('normalizeVoucherCode', () => {
  it('trims and upper-cases what was typed', () => {
    expect(normalizeVoucherCode('  etc-demo-01 ')).toBe('ETC-DEMO-01')
    expect(normalizeVoucherCode('')).toBe('')
  })
})

describe('VoucherStore', () => {
  it("loads the order's detail once: its promotion, its activity and its voucher", async () => {
    const { store, sent } = setup()
    await store.ensure('O1')
    await store.ensure('O1')
    expect(sent.detail).toEqual(['O1'])
    expect([store.orderId, store.promotion, store.writeOff, store.voucher, store.load.status]).toEqual([
      'O1',
      { promotionChannelId: 'PC-W', activitySource: ACTIVITY_TYPE.WRITE_OFF_CODE },
      true,
      null,
      'ready',
    ])

    const withVoucher = setup({ orderDetail: async () => ({ ...WRITE_OFF_ORDER, voucher: { code: 'ETC-DEMO-01', discountCents: 2000 } }) })
    await withVoucher.store.ensure('O1')
    expect(withVoucher.store.voucher).toEqual({ code: 'ETC-DEMO-01', discountCents: 2000 })
  })

  it('keeps a failed load as a value, and loads again when asked', async () => {
    let fail = true
    const { store } = setup({ orderDetail: async () => (fail ? Promise.reject(new RequestError('network', MESSAGES.network)) : WRITE_OFF_ORDER) })
    await store.ensure('O1')
    expect(store.load).toEqual({ status: 'error', error: new RequestError('network', MESSAGES.network) })
    expect([store.promotion, store.voucher, store.writeOff]).toEqual([undefined, undefined, false])
    fail = false
    await store.fetch()
    expect([store.load.status, store.voucher, store.writeOff]).toEqual(['ready', null, true])
  })

  it("uses a code under the order's promotion, whatever the visit runs under now", async () => {
    const { store, sent } = await ready({ orderDetail: async () => ({ ...WRITE_OFF_ORDER, promotionChannelId: 'PC-ORDER' }) })
    store.setCode('ETC-DEMO-01')
    expect((await store.use()).kind).toBe('claimed')
    const request = { promotionChannelId: 'PC-ORDER', code: 'ETC-DEMO-01', orderId: 'O1' }
    expect([sent.verify, sent.claim]).toEqual([[request], [request]])
  })

  it.each([
    ['another activity', ACTIVITY_TYPE.NEW_APPLY],
    ['no activity', ACTIVITY_TYPE.NONE],
  ])('takes no code for an order opened under %s', async (_case, activitySource) => {
    const { store, sent } = await ready({ orderDetail: async () => ({ ...WRITE_OFF_ORDER, activitySource }) })
    expect(store.writeOff).toBe(false)
    store.setCode('ETC-DEMO-01')
    expect(await store.use()).toEqual({ kind: 'invalid' })
    expect([sent.verify, sent.claim]).toEqual([[], []])
  })

  it('takes no code before the order says it may', async () => {
    const detail = deferred<OrderVoucherTerms>()
    const { store, sent } = setup({ orderDetail: () => detail.promise })
    void store.ensure('O1')
    store.setCode('ETC-DEMO-01')
    expect(await store.use()).toEqual({ kind: 'invalid' })
    expect(sent.verify).toEqual([])
  })

  it('says the pattern by its named lengths', () => {
    expect(VOUCHER_MESSAGES.pattern).toBe(`请输入${VOUCHER_CODE_MIN_LENGTH}-${VOUCHER_CODE_MAX_LENGTH}位核销码（字母、数字或-）`)
    expect(VOUCHER_CODE_PATTERN.test('A'.repeat(VOUCHER_CODE_MIN_LENGTH))).toBe(true)
    expect(VOUCHER_CODE_PATTERN.test('A'.repeat(VOUCHER_CODE_MIN_LENGTH - 1))).toBe(false)
    expect(VOUCHER_CODE_PATTERN.test('A'.repeat(VOUCHER_CODE_MAX_LENGTH))).toBe(true)
    expect(VOUCHER_CODE_PATTERN.test('A'.repeat(VOUCHER_CODE_MAX_LENGTH + 1))).toBe(false)
  })

  it('keeps the code normalised and clears the last problem when it changes', async () => {
    const { store } = await ready()
    store.setCode('ab')
    await store.use()
    expect(store.problem).toEqual({ message: VOUCHER_MESSAGES.pattern })
    store.setCode(' etc-demo-01 ')
    expect([store.code, store.problem]).toEqual(['ETC-DEMO-01', undefined])
  })

  it.each([['ABC'], ['ETC_DEMO'], ['ETC-DEMO-0123456789'], ['']])('refuses %p by its pattern without asking the server', async (code) => {
    const { store, sent } = await ready()
    store.setCode(code)
    expect(await store.use()).toEqual({ kind: 'invalid' })
    expect(store.problem).toEqual({ message: VOUCHER_MESSAGES.pattern })
    expect(store.code).toBe(code)
    expect([sent.verify, sent.claim]).toEqual([[], []])
  })

  it.each([
    [VOUCHER_REFUSAL.UNAVAILABLE, '核销码无效或不可用，请核对后重新输入'],
    [VOUCHER_REFUSAL.USED, '该核销码已被您的订单使用'],
  ])('keeps a %s code refused by the server, in its words, and claims nothing', async (refusal, reason) => {
    const { store, sent } = await ready({ verifyEligibility: async () => ({ eligible: false, reason, refusal }) })
    store.setCode('etc-demo-01')
    expect(await store.use()).toEqual({ kind: 'refused', problem: { message: reason, refusal } })
    expect(store.problem).toEqual({ message: reason, refusal })
    expect([store.code, store.voucher, store.busy]).toEqual(['ETC-DEMO-01', null, false])
    expect(sent.claim).toEqual([])
  })

  it('says a refusal that came without words in its own', async () => {
    const { store } = await ready({ verifyEligibility: async () => ({ eligible: false, reason: '' }) })
    store.setCode('ETC-DEMO-01')
    await store.use()
    expect(store.problem).toEqual({ message: VOUCHER_MESSAGES.refused })
  })

  it('checks, then claims the code for the order: the voucher is the answer, the field is emptied', async () => {
    const { store, sent } = await ready()
    store.setCode('etc-demo-01')
    const outcome = await store.use()
    const request = { promotionChannelId: 'PC-W', code: 'ETC-DEMO-01', orderId: 'O1' }
    expect(sent.verify).toEqual([request])
    expect(sent.claim).toEqual([request])
    expect(sent.priceChanged).toEqual(['O1'])
    expect(outcome).toEqual({ kind: 'claimed', voucher: { code: 'ETC-DEMO-01', discountCents: 2000 } })
    expect([store.voucher, store.code, store.problem, store.busy]).toEqual([{ code: 'ETC-DEMO-01', discountCents: 2000 }, '', undefined, false])
  })

  it('takes the voucher off a price, never below the least payment nor above the price', async () => {
    const { store } = await ready()
    expect(store.priceAfterVoucher('O1', 2990)).toBeUndefined()
    store.setCode('ETC-DEMO-01')
    await store.use()
    expect(store.priceAfterVoucher('O1', 2990)).toBe(990)
    expect(store.priceAfterVoucher('O1', 2000)).toBe(MIN_PAY_CENTS)
    expect(store.priceAfterVoucher('O1', 1500)).toBe(MIN_PAY_CENTS)
    expect(store.priceAfterVoucher('O1', 0)).toBe(0)
    // Another order's prices are not this voucher's.
    expect(store.priceAfterVoucher('O2', 2990)).toBeUndefined()
  })

  it("keeps a refused claim's message for the field (the request layer is silent)", async () => {
    const refusal = new RequestError('business', '该核销码已被其他订单使用', BUSINESS_CODE.ACTION_NOT_ALLOWED)
    const { store } = await ready({ claimVoucher: () => Promise.reject(refusal) })
    store.setCode('ETC-DEMO-01')
    expect(await store.use()).toEqual({ kind: 'refused', problem: { message: '该核销码已被其他订单使用' } })
    expect([store.problem?.message, store.voucher, store.code]).toEqual(['该核销码已被其他订单使用', null, 'ETC-DEMO-01'])
  })

  it('says a claim that got no answer by the field, once (its request layer is silent)', async () => {
    const network = new RequestError('network', MESSAGES.network)
    const { store } = await ready({ claimVoucher: () => Promise.reject(network) })
    store.setCode('ETC-DEMO-01')
    expect(await store.use()).toEqual({ kind: 'failed', error: network, problem: { message: MESSAGES.network } })
    expect([store.problem, store.voucher, store.code, store.busy]).toEqual([{ message: MESSAGES.network }, null, 'ETC-DEMO-01', false])
  })

  it('leaves a failed check, and an expired login, to the request layer (nothing said by the field)', async () => {
    const network = new RequestError('network', MESSAGES.network)
    const failing = await ready({ verifyEligibility: () => Promise.reject(network) })
    failing.store.setCode('ETC-DEMO-01')
    expect(await failing.store.use()).toEqual({ kind: 'failed', error: network })
    expect([failing.store.problem, failing.store.busy, failing.sent.claim]).toEqual([undefined, false, []])

    const expired = new RequestError('unauthorized', MESSAGES.unauthorized, 401)
    const loggedOut = await ready({ claimVoucher: () => Promise.reject(expired) })
    loggedOut.store.setCode('ETC-DEMO-01')
    expect(await loggedOut.store.use()).toEqual({ kind: 'failed', error: expired })
    expect(loggedOut.store.problem).toBeUndefined()
  })

  it('is busy while it runs, and a second use meanwhile shares the first', async () => {
    const answer = deferred<VerifyEligibilityResponse>()
    const { store, sent } = await ready({ verifyEligibility: (request) => (sent.verify.push(request), answer.promise) })
    store.setCode('ETC-DEMO-01')
    const first = store.use()
    const second = store.use()
    expect(store.busy).toBe(true)
    answer.resolve(ELIGIBLE)
    expect(await second).toEqual(await first)
    expect([sent.verify.length, sent.claim.length, store.busy]).toEqual([1, 1, false])
  })

  it('keeps the typed code on the device with its order, and forgets it once claimed', async () => {
    const raw = new Map<string, string>()
    const typed = setup({}, raw)
    await typed.store.ensure('O1')
    typed.store.setCode('etc-demo-01')

    const reloaded = setup({}, raw)
    await reloaded.store.ensure('O1')
    expect(reloaded.store.code).toBe('ETC-DEMO-01')
    const otherOrder = setup({}, raw)
    await otherOrder.store.ensure('O2')
    expect(otherOrder.store.code).toBe('')

    await reloaded.store.use()
    expect(reloaded.storage.get(VOUCHER_STORAGE.typed, (value) => value)).toBeUndefined()
    const again = setup({}, raw)
    await again.store.ensure('O1')
    expect(again.store.code).toBe('')
  })

  it('keeps the code read-only while it is used: the answer is about the code shown', async () => {
    const refused = deferred<VerifyEligibilityResponse>()
    const { store } = await ready({ verifyEligibility: () => refused.promise })
    store.setCode('ETC-OLD-01')
    const used = store.use()
    store.setCode('ETC-NEW-01')
    expect(store.code).toBe('ETC-OLD-01')
    refused.resolve({ eligible: false, reason: '核销码无效或不可用，请核对后重新输入', refusal: VOUCHER_REFUSAL.UNAVAILABLE })
    await used
    expect([store.code, store.problem?.message]).toEqual(['ETC-OLD-01', '核销码无效或不可用，请核对后重新输入'])
    // Once answered, the field takes typing again.
    store.setCode('ETC-NEW-01')
    expect([store.code, store.problem]).toEqual(['ETC-NEW-01', undefined])
  })

  it('is busy per order: turning away leaves it, and the left order ending keeps the new order busy', async () => {
    const answers: Record<string, ReturnType<typeof deferred<VerifyEligibilityResponse>>> = {
      O1: deferred<VerifyEligibilityResponse>(),
      O2: deferred<VerifyEligibilityResponse>(),
    }
    const { store } = await ready({ verifyEligibility: (request) => answers[request.orderId ?? '']!.promise })
    store.setCode('ETC-DEMO-01')
    const first = store.use()
    expect([store.busy, store.busyFor('O1')]).toEqual([true, true])

    await store.ensure('O2')
    expect([store.busy, store.busyFor('O1'), store.busyFor('O2')]).toEqual([false, true, false])
    // The left order's use does not make the new order's code read-only.
    store.setCode('ETC-DEMO-02')
    expect(store.code).toBe('ETC-DEMO-02')
    const second = store.use()
    expect(store.busy).toBe(true)

    answers.O1!.resolve({ eligible: false, reason: '核销码无效或不可用，请核对后重新输入', refusal: VOUCHER_REFUSAL.UNAVAILABLE })
    await first
    expect([store.busy, store.busyFor('O1'), store.busyFor('O2'), store.problem]).toEqual([true, false, true, undefined])
    answers.O2!.resolve(ELIGIBLE)
    await second
    expect([store.busy, store.voucher]).toEqual([false, { code: 'ETC-DEMO-02', discountCents: 2000 }])
  })

  it('leaves the state of another order alone when an answer for the one left comes late', async () => {
    const answer = deferred<VerifyEligibilityResponse>()
    const { store } = await ready({ verifyEligibility: () => answer.promise })
    store.setCode('ETC-DEMO-01')
    const used = store.use()
    await store.ensure('O2')
    answer.resolve({ eligible: false, reason: '核销码无效或不可用，请核对后重新输入', refusal: VOUCHER_REFUSAL.UNAVAILABLE })
    await used
    expect([store.orderId, store.problem, store.voucher, store.busy]).toEqual(['O2', undefined, null, false])
  })
})
