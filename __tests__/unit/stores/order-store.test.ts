import { CANCEL_STATE } from '../../../src/domain/enums'
import { RequestError } from '../../../src/services/request/errors'
import { CANCEL_FAILED_REASON, OrderStore, isOrderMissing } from '../../../src/stores/order-store'
import type { OrderApi } from '../../../src/stores/order-store'
import { BUSINESS_CODE } from '../../../types/api/envelope'
import type { CancelOrderResponse, OrderDetail, OrderSummary } from '../../../types/api/orders'
import { deferred } from '../services/fakes'
import { detail, summary } from '../../support/order-fixtures'

const CHANNEL = 'PC-1'

const order = (orderId: string): OrderSummary => summary({ orderId, promotionChannelId: CHANNEL })
const orderDetail = (orderId: string): OrderDetail => detail({ orderId, promotionChannelId: CHANNEL })

function fakeApi(overrides: Partial<OrderApi> = {}) {
  const api: { [K in keyof OrderApi]: jest.Mock } = {
    searchOrders: jest.fn(async () => [order('O-1'), order('O-2')]),
    orderProcess: jest.fn(async (orderId: string) => orderDetail(orderId)),
    cancel: jest.fn(async (orderId: string): Promise<CancelOrderResponse> => ({ orderId, cancelState: CANCEL_STATE.SUCCESS })),
    offlineToOnline: jest.fn(async () => ({ orderId: 'O-online' })),
  }
  for (const [name, implementation] of Object.entries(overrides)) api[name as keyof OrderApi].mockImplementation(implementation)
  return { api, store: new OrderStore(api, () => CHANNEL) }
}

const notFound = new RequestError('business', '订单不存在', BUSINESS_CODE.NOT_FOUND)

describe('OrderStore', () => {
  describe('cancel', () => {
    it('marks the loaded list and detail cancelled on success, and never cancels again', async () => {
      const { api, store } = fakeApi()
      await store.fetchList()
      await store.fetchProcess('O-1')
      await expect(store.cancel('O-1', '重复下单')).resolves.toEqual({ state: CANCEL_STATE.SUCCESS })
      expect(api.cancel).toHaveBeenCalledWith('O-1', '重复下单')
      expect(store.orders.map((o) => o.cancelState)).toEqual([CANCEL_STATE.SUCCESS, null])
      expect(store.processOf('O-1')?.cancelState).toBe(CANCEL_STATE.SUCCESS)
      await expect(store.cancel('O-1', '重复下单')).resolves.toEqual({ state: CANCEL_STATE.SUCCESS })
      expect(api.cancel).toHaveBeenCalledTimes(1)
    })

    it('sends one request for calls made while one runs', async () => {
      const answer = deferred<CancelOrderResponse>()
      const { api, store } = fakeApi({ cancel: () => answer.promise })
      const first = store.cancel('O-1', 'a')
      const second = store.cancel('O-1', 'a')
      answer.resolve({ orderId: 'O-1', cancelState: CANCEL_STATE.SUCCESS })
      expect(await first).toBe(await second)
      expect(api.cancel).toHaveBeenCalledTimes(1)
    })

    it('keeps cancelling (1) as the result without asking again', async () => {
      const { api, store } = fakeApi({ cancel: async (orderId) => ({ orderId, cancelState: CANCEL_STATE.CANCELLING }) })
      await store.fetchList()
      await expect(store.cancel('O-2', 'a')).resolves.toEqual({ state: CANCEL_STATE.CANCELLING })
      expect(store.orders[1]?.cancelState).toBe(CANCEL_STATE.CANCELLING)
      await store.cancel('O-2', 'a')
      expect(api.cancel).toHaveBeenCalledTimes(1)
    })

    it('reports a failure (3) and lets it be retried', async () => {
      const { api, store } = fakeApi({ cancel: async (orderId) => ({ orderId, cancelState: CANCEL_STATE.FAILED }) })
      await store.fetchList()
      await expect(store.cancel('O-1', 'a')).resolves.toEqual({ state: CANCEL_STATE.FAILED, reason: CANCEL_FAILED_REASON })
      expect(store.orders[0]?.cancelState).toBeNull()
      api.cancel.mockImplementation(async (orderId: string) => ({ orderId, cancelState: CANCEL_STATE.SUCCESS }))
      await expect(store.cancel('O-1', 'a')).resolves.toEqual({ state: CANCEL_STATE.SUCCESS })
      expect(store.cancelResults['O-1']).toEqual({ state: CANCEL_STATE.SUCCESS })
    })

    it("turns a refused call into a failure with the request layer's message", async () => {
      const refused = new RequestError('business', '设备已发货，不能取消订单', BUSINESS_CODE.ACTION_NOT_ALLOWED)
      const { store } = fakeApi({ cancel: () => Promise.reject(refused) })
      await expect(store.cancel('O-1', 'a')).resolves.toEqual({ state: CANCEL_STATE.FAILED, reason: '设备已发货，不能取消订单' })
    })
  })

  describe('offline hand-over', () => {
    it('converts an offline order once, sharing a call in flight and remembering the answer', async () => {
      const { api, store } = fakeApi()
      const param = { offlineNo: 'OFF-1', plateNumber: '苏E54321' }
      const [first, second] = await Promise.all([store.handOver(param), store.handOver(param)])
      expect([first, second]).toEqual(['O-online', 'O-online'])
      await expect(store.handOver(param)).resolves.toBe('O-online')
      expect(api.offlineToOnline).toHaveBeenCalledTimes(1)
      expect(api.offlineToOnline).toHaveBeenCalledWith(param)
    })

    it('rejects with the failure, and tries again next time', async () => {
      const { api, store } = fakeApi({ offlineToOnline: () => Promise.reject(new Error('线下订单不存在')) })
      await expect(store.handOver({ offlineNo: 'OFF-x', plateNumber: '苏E54321' })).rejects.toThrow('线下订单不存在')
      api.offlineToOnline.mockResolvedValue({ orderId: 'O-2' })
      await expect(store.handOver({ offlineNo: 'OFF-x', plateNumber: '苏E54321' })).resolves.toBe('O-2')
    })
  })

  describe('detail', () => {
    it("answers an order's detail and load state only for that order", async () => {
      const { store } = fakeApi()
      await store.fetchProcess('O-1')
      expect(store.processOf('O-1')?.orderId).toBe('O-1')
      expect(store.processOf('O-2')).toBeUndefined()
      expect(store.processLoadOf('O-1').status).toBe('ready')
      expect(store.processLoadOf('O-2').status).toBe('idle')
    })

    it('keeps the load state of the order asked for last when an earlier answer comes later', async () => {
      const earlier = deferred<OrderDetail>()
      const latest = deferred<OrderDetail>()
      const { store } = fakeApi({ orderProcess: (orderId) => (orderId === 'O-1' ? earlier.promise : latest.promise) })
      const first = store.fetchProcess('O-1')
      const second = store.fetchProcess('O-2')
      expect(store.processLoadOf('O-2').status).toBe('loading')
      earlier.reject(new Error('网络错误'))
      await first
      expect(store.processLoadOf('O-2').status).toBe('loading')
      latest.resolve(orderDetail('O-2'))
      await second
      expect([store.processLoadOf('O-2').status, store.processOf('O-2')?.orderId]).toEqual(['ready', 'O-2'])
    })

    it('recognises "not found" (an unknown or foreign order) among failures', async () => {
      const { store } = fakeApi({ orderProcess: () => Promise.reject(notFound) })
      await store.fetchProcess('O-x')
      expect(isOrderMissing(store.processLoadOf('O-x').error)).toBe(true)
      expect(isOrderMissing(new RequestError('business', '操作不允许', BUSINESS_CODE.ACTION_NOT_ALLOWED))).toBe(false)
      expect(isOrderMissing(new RequestError('notFound', '无效的请求，请求地址不存在', 404))).toBe(false)
      expect(isOrderMissing(undefined)).toBe(false)
    })
  })

  describe('the load asked for as the app opened on its page', () => {
    it('is taken over by the page\'s first ask, done or not, and asked again after that', async () => {
      const { api, store } = fakeApi()
      store.openList()
      await store.fetchList()
      await store.fetchList()
      expect(api.searchOrders).toHaveBeenCalledTimes(2)
      store.openProcess('O-1')
      await store.fetchProcess('O-1')
      expect(api.orderProcess).toHaveBeenCalledTimes(1)
      expect(store.processOf('O-1')?.orderId).toBe('O-1')
    })

    it('is taken over when it failed too: the page shows its error, with a retry that asks again', async () => {
      const { api, store } = fakeApi({ orderProcess: async () => Promise.reject(notFound) })
      store.openProcess('O-9')
      await store.fetchProcess('O-9')
      expect(api.orderProcess).toHaveBeenCalledTimes(1)
      expect(isOrderMissing(store.processLoadOf('O-9').error)).toBe(true)
      await store.fetchProcess('O-9', { fresh: true })
      expect(api.orderProcess).toHaveBeenCalledTimes(2)
    })

    it('is not taken for another order, nor by an ask the user made', async () => {
      const { api, store } = fakeApi()
      store.openProcess('O-1')
      await store.fetchProcess('O-2')
      expect(api.orderProcess).toHaveBeenCalledTimes(2)
      store.openList()
      await new Promise((resolve) => setTimeout(resolve, 0))
      await store.fetchList({ fresh: true })
      expect(api.searchOrders).toHaveBeenCalledTimes(2)
    })
  })

  describe('list', () => {
    it('shares a load in flight and stays loaded when a refresh fails', async () => {
      const { api, store } = fakeApi()
      await Promise.all([store.fetchList(), store.fetchList()])
      expect(api.searchOrders).toHaveBeenCalledTimes(1)
      api.searchOrders.mockRejectedValue(new Error('网络错误'))
      await store.fetchList()
      expect([store.listLoaded, store.listLoad.status, store.orders.length]).toEqual([true, 'error', 2])
    })
  })

  describe('asking again when the user asks (issue 12)', () => {
    it('passes fresh down from a refresh or retry, and not from a plain load', async () => {
      const { api, store } = fakeApi()
      await store.fetchList()
      await store.fetchList({ fresh: true })
      await store.fetchProcess('O-1', { fresh: true })
      expect(api.searchOrders.mock.calls).toEqual([[{}], [{ fresh: true }]])
      expect(api.orderProcess.mock.calls).toEqual([['O-1', { fresh: true }]])
    })
  })
})
