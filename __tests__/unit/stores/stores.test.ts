import { entryFromText } from '../../../src/domain/plate-entry'
import { reaction } from 'mobx'
import { CHANNELS } from '../../../src/config/channel'
import { ACTIVATION_STATE, ACTIVITY_TYPE, CANCEL_STATE, GOODS_CONFIG_CACHE_MS, PAY_STATE, issuerName } from '../../../src/domain'
import type { CommodityFields } from '../../../src/domain'
import type { GoodsTypeConfig } from '../../../types/api/catalogue'
import type { OrderSummary } from '../../../types/api/orders'
import type { VoucherRequest } from '../../../types/api/apply'
import { fakeRoot } from '../../support/fake-root'
import { detail } from '../../support/order-fixtures'
import { deferred } from '../services/fakes'
import { MESSAGES } from '../../../src/services/request/errors'

describe('PromotionStore', () => {
  it('loads the channel info, and keeps a failure as a value', async () => {
    const ok = fakeRoot()
    await ok.store.promotion.fetchInfo()
    expect([ok.store.promotion.load.status, ok.store.promotion.info?.promotionSubject]).toEqual(['ready', '银行ETC'])
    const failing = fakeRoot({ promotion: { channelInfo: () => Promise.reject(new Error('网络错误')) } })
    await failing.store.promotion.fetchInfo()
    expect(failing.store.promotion.load).toEqual({ status: 'error', error: new Error('网络错误') })
  })
})

describe('CommodityStore', () => {
  it("keeps a promotion's list that is here or on its way, and asks again for another promotion's", async () => {
    const asked: string[] = []
    const lists: Record<string, CommodityFields[]> = { 'PC-1': [{ id: 'one', commodityPrice: 2990 }], 'PC-2': [{ id: 'two', commodityPrice: 4990 }] }
    const { store } = fakeRoot({ commodities: { listCommodities: async (id: string) => (asked.push(id), lists[id] ?? []) } })
    const first = store.commodity.ensure('PC-1')
    await store.commodity.ensure('PC-1')
    await first
    await store.commodity.ensure('PC-1')
    expect(asked).toEqual(['PC-1'])
    // Another promotion's list: the old one is not shown meanwhile, and a late answer for it is dropped.
    const second = store.commodity.ensure('PC-2')
    expect([store.commodity.listedFor, store.commodity.items]).toEqual(['PC-2', []])
    await second
    expect(store.commodity.items.map((item) => item.id)).toEqual(['two'])
    expect(asked).toEqual(['PC-1', 'PC-2'])
  })

  it('drops the answer for a promotion no longer listed', async () => {
    const slow = deferred<CommodityFields[]>()
    const { store } = fakeRoot({ commodities: { listCommodities: (id: string) => (id === 'OLD' ? slow.promise : Promise.resolve([{ id: 'new', commodityPrice: 100 }])) } })
    const old = store.commodity.fetch('OLD')
    await store.commodity.fetch('NEW')
    slow.resolve([{ id: 'old', commodityPrice: 100 }])
    await old
    expect([store.commodity.listedFor, store.commodity.items.map((item) => item.id), store.commodity.load.status]).toEqual(['NEW', ['new'], 'ready'])
  })

  it('sorts the packages by the domain rule', async () => {
    const list: CommodityFields[] = [
      { id: 'vip', commodityPrice: 4990 },
      { id: 'basic-b', commodityPrice: 2990, frontData: { sort: 2 } },
      { id: 'basic-a', commodityPrice: 2990, frontData: { sort: 1 } },
    ]
    const { store } = fakeRoot({ commodities: { listCommodities: async () => list, goodsTypeConfig: async () => ({}) } })
    const loading = store.commodity.fetch('PC-1')
    expect(store.commodity.load.status).toBe('loading')
    await loading
    expect(store.commodity.items.map((c) => c.id)).toEqual(['basic-a', 'basic-b', 'vip'])
  })

  it('fetches the goods-type config at most once per 60 s', async () => {
    let fetches = 0
    const { store, advance } = fakeRoot({
      commodities: { listCommodities: async () => [], goodsTypeConfig: async () => ({ round: { name: String(++fetches) } }) },
    })
    expect(await store.commodity.goodsTypeConfig()).toEqual({ round: { name: '1' } })
    advance(GOODS_CONFIG_CACHE_MS - 1)
    expect(await store.commodity.goodsTypeConfig()).toEqual({ round: { name: '1' } })
    advance(1)
    expect(await store.commodity.goodsTypeConfig()).toEqual({ round: { name: '2' } })
  })

  it.each([
    ['null', null],
    ['a list', [1, 2]],
    ['a text', 'not an object'],
  ])('rejects a goods-type config that is %s as a decode failure, and caches nothing', async (_case, document) => {
    const { store } = fakeRoot({
      // The server's document, whatever its shape: the api's type cannot promise it.
      commodities: { listCommodities: async () => [], goodsTypeConfig: async () => document as unknown as GoodsTypeConfig },
    })
    await expect(store.commodity.goodsTypeConfig()).rejects.toMatchObject({ kind: 'decodeFailure', message: MESSAGES.decodeFailure })
    expect(store.commodity.goodsTypes).toBeUndefined()
  })

  it("names issuers from the remote configuration, else by the domain's names, also when it fails", async () => {
    const { store } = fakeRoot({ commodities: { issuers: async () => [{ id: 3, name: '配置中的发行方', miniProgramAppId: null }] } })
    expect(store.commodity.issuerLabel(3)).toBe(issuerName(3))
    await store.commodity.fetchIssuers()
    expect([store.commodity.issuerLabel(3), store.commodity.issuerLabel(1)]).toEqual(['配置中的发行方', issuerName(1)])
    const failing = fakeRoot({ commodities: { issuers: () => Promise.reject(new Error('网络异常')) } })
    await expect(failing.store.commodity.fetchIssuers()).resolves.toBeUndefined()
    expect(failing.store.commodity.issuerLabel(3)).toBe(issuerName(3))
  })
})

describe('OrderStore', () => {
  // Only the fields the arrangement reads.
  const orders = [
    { orderId: 'a', promotionChannelId: 'other' },
    { orderId: 'b', promotionChannelId: CHANNELS.bank.defaultPromotion.promotionChannelId },
    { orderId: 'c', promotionChannelId: 'other', obuActivationState: ACTIVATION_STATE.ACTIVATED },
  ] as OrderSummary[]

  it("arranges the list with the current channel's order first", async () => {
    const { store } = fakeRoot({ orders: { searchOrders: async () => orders } })
    await store.order.fetchList()
    expect(store.order.arranged.current?.orderId).toBe('b')
    expect(store.order.arranged.open.map((o) => o.orderId)).toEqual(['b', 'a'])
    expect(store.order.arranged.activated.map((o) => o.orderId)).toEqual(['c'])
  })

  it('re-arranges when the promotion channel changes', async () => {
    const { store } = fakeRoot({ orders: { searchOrders: async () => orders } })
    await store.order.fetchList()
    const currents: (string | number | undefined)[] = []
    reaction(() => store.order.arranged.current?.orderId, (id) => currents.push(id))
    store.promotion.arrive({ promotionChannelId: 'other' })
    await store.promotion.settle()
    expect(currents).toEqual(['a'])
  })

  it('keeps the current process, and a failure as a value', async () => {
    const { store } = fakeRoot()
    await store.order.fetchProcess('O-1')
    expect(store.order.process).toEqual({ orderId: 'O-1' })
    const failing = fakeRoot({ orders: { searchOrders: () => Promise.reject(new Error('x')), orderProcess: () => Promise.reject(new Error('y')) } })
    await failing.store.order.fetchList()
    await failing.store.order.fetchProcess('O-1')
    expect([failing.store.order.listLoad.status, failing.store.order.processLoad.status]).toEqual(['error', 'error'])
  })
})

describe('RootStore', () => {
  it('composes one store of each kind, sharing storage and clock', async () => {
    const { store } = fakeRoot()
    expect(Object.keys(store).sort()).toEqual(['apply', 'commodity', 'features', 'issuerAgreements', 'notice', 'order', 'payment', 'photoUpload', 'plateStep', 'promotion', 'user', 'voucher'])
    // Each feature's own state, for that feature's screens only.
    expect(Object.fromEntries(Object.entries(store.features).map(([feature, state]) => [feature, Object.keys(state)]))).toEqual({
      entry: ['currentProcess'],
      order: ['orderPopup'],
      apply: ['province'],
    })
    await store.user.loginWithCode('13800138000', '123456')
    expect(store.user.nickname).toBe('用户0001')
  })
})

describe('RootStore wiring between stores', () => {
  it("a deposit started before the order's pay info is here names the promotion the journey opened the order under", async () => {
    const promotions: string[] = []
    const { store } = fakeRoot({
      payment: { payDeposit: async (orderId, promotionChannelId) => (promotions.push(promotionChannelId), { orderId, depositPayState: PAY_STATE.PAYING, cashierUrl: 'https://cashier.test' }) },
    })
    store.apply.setPlate(entryFromText('京A12345'))
    await store.plateStep.submitPlate()
    const opened = store.promotion.current.promotionChannelId
    // The visit moves on to another promotion (a landing page's) after the order was opened.
    store.promotion.offer({ promotionChannelId: 'PCLATER' })
    await store.promotion.settle()
    expect(store.promotion.current.promotionChannelId).toBe('PCLATER')
    await store.payment.start('order-0001')
    await store.payment.start('order-0002')
    expect(promotions).toEqual([opened, 'PCLATER'])
  })

  it("a cancelled order is let go by the apply journey", async () => {
    const { store } = fakeRoot({ orders: { cancel: async (orderId) => ({ orderId, cancelState: CANCEL_STATE.SUCCESS }) } })
    store.apply.setPlate(entryFromText('京A12345'))
    await store.plateStep.submitPlate()
    expect(store.apply.orderId).toBe('order-0001')
    await store.order.cancel('order-0001', '不想办了')
    expect(store.apply.orderId).toBeUndefined()
    expect(store.apply.plateNumber).toBe('京A12345')
  })

  it("a write-off code is checked and claimed under the order's promotion (its detail's), with the apply calls", async () => {
    const sent: VoucherRequest[] = []
    const { store } = fakeRoot({
      orders: {
        orderProcess: async (orderId) => detail({ orderId, promotionChannelId: 'PC-ORDER', activitySource: ACTIVITY_TYPE.WRITE_OFF_CODE }),
      },
      apply: {
        verifyEligibility: async (request) => (sent.push(request), { eligible: true, reason: '', discountCents: 500 }),
        claimVoucher: async (request) => (sent.push(request), { voucherId: 'V-9', code: request.code, orderId: request.orderId, discountCents: 500, claimedAt: '2026-11-24T08:00:00.000Z' }),
      },
    })
    await store.voucher.ensure('order-0001')
    store.voucher.setCode('etc-demo-01')
    await store.voucher.use()
    expect(store.promotion.current.promotionChannelId).not.toBe('PC-ORDER')
    const request = { promotionChannelId: 'PC-ORDER', code: 'ETC-DEMO-01', orderId: 'order-0001' }
    expect(sent).toEqual([request, request])
    expect(store.voucher.voucher).toEqual({ code: 'ETC-DEMO-01', discountCents: 500 })
  })
})

