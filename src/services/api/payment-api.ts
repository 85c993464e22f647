/** Paying the deposit or fee through the cashier, and its state. */
import { API } from '../../../types/api/paths'
import type { RequestClient } from '../request/client'
import { callApi } from './call'

export function createPaymentApi(client: RequestClient) {
  return {
    payDeposit: (orderId: string, promotionChannelId: string) => callApi(client, API.payDeposit, { orderId, promotionChannelId }),
    /** Polled by the result page: silent, the page shows its own states. */
    // Each poll (and the result page's 刷新) asks for the state now: a shared answer could be one
    // from before the cashier settled.
    payState: (orderId: string) => callApi(client, API.payState, { orderId }, { silent: true, fresh: true }),
    orderInfo: (orderId: string) => callApi(client, API.payOrderInfo, { orderId }),
  }
}

export type PaymentApi = ReturnType<typeof createPaymentApi>
