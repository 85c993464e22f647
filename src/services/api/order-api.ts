/** Orders: search, detail (the current process), cancel and the offline hand-over. */
import { API } from '../../../types/api/paths'
import { SEALED_FIELD } from '../../../types/api/sealed'
import type { OfflineOrderParam, OrderSummary } from '../../../types/api/orders'
import type { SealedBox } from '../crypto/sealed-box'
import type { FetchOptions, RequestClient } from '../request/client'
import { SHOWN_BY_SCREEN, callApi } from './call'

/** Users have a handful of orders; one page of this size holds them all. */
export const ORDER_PAGE_SIZE = 100

export function createOrderApi(client: RequestClient, sealer: SealedBox) {
  // The order pages show a failed load, cancel or hand-over in its place (the plate page an open
  // order's failed lookup); "continue applying" from the list says it by its own toast.
  return {
    searchOrders: (options: FetchOptions = {}): Promise<OrderSummary[]> =>
      callApi(client, API.searchOrders, { pageNo: 1, pageSize: ORDER_PAGE_SIZE }, { ...SHOWN_BY_SCREEN, ...options }).then((page) => page.list),
    orderProcess: (orderId: string, options: FetchOptions = {}) => callApi(client, API.orderDetail, { orderId }, { ...SHOWN_BY_SCREEN, ...options }),
    /**
     * The bank app's current process, by the logged-in uid. The entry page offers it as a
     * convenience (the order is reachable by its plate and 我的订单 too): a failure stays quiet, and
     * an expired login is left for the person's next action to renew.
     */
    currentProcessByUid: () => callApi(client, API.currentProcessByUid, undefined, { silent: true, quietUnauthorized: true }),
    currentProcessByPlate: (plateNumber: string) => callApi(client, API.currentProcessByPlate, { plateNumber }, SHOWN_BY_SCREEN),
    cancel: (orderId: string, reason: string) => callApi(client, API.cancelOrder, { orderId, reason }, SHOWN_BY_SCREEN),
    offlineToOnline: (param: OfflineOrderParam) =>
      callApi(
        client,
        API.offlineToOnline,
        { encryptOfflineOrderToOnlineParam: sealer.seal(SEALED_FIELD.offlineOrder, JSON.stringify(param)) },
        SHOWN_BY_SCREEN,
      ),
  }
}

export type OrderCalls = ReturnType<typeof createOrderApi>
