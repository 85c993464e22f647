/** Orders: search, detail (the current process), cancel and the offline hand-over. */
import { API } from '../../../types/api/paths'
import { SEALED_FIELD } from '../../../types/api/sealed'
import type { OfflineOrderParam, OrderSummary } from '../../../types/api/orders'
import type { SealedBox } from '../crypto/sealed-box'
import type { FetchOptions, RequestClient } from '../request/client'
import { callApi } from './call'

/** Users have a handful of orders; one page of this size holds them all. */
export const ORDER_PAGE_SIZE = 100

export function createOrderApi(client: RequestClient, sealer: SealedBox) {
  return {
    async searchOrders(options: FetchOptions = {}): Promise<OrderSummary[]> {
      const page = await callApi(client, API.searchOrders, { pageNo: 1, pageSize: ORDER_PAGE_SIZE }, options)
      return page.list
    },
    orderProcess: (orderId: string, options: FetchOptions = {}) => callApi(client, API.orderDetail, { orderId }, options),
    /** The bank app's current process, by the logged-in uid. */
    currentProcessByUid: () => callApi(client, API.currentProcessByUid),
    currentProcessByPlate: (plateNumber: string) => callApi(client, API.currentProcessByPlate, { plateNumber }),
    cancel: (orderId: string, reason: string) => callApi(client, API.cancelOrder, { orderId, reason }),
    offlineToOnline: (param: OfflineOrderParam) =>
      callApi(client, API.offlineToOnline, { encryptOfflineOrderToOnlineParam: sealer.seal(SEALED_FIELD.offlineOrder, JSON.stringify(param)) }),
  }
}

export type OrderCalls = ReturnType<typeof createOrderApi>
