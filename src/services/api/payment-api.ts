/** Paying the deposit or fee through the cashier, and its state. */
import { API } from '../../../types/api/paths'
import type { RequestClient } from '../request/client'
import { SHOWN_BY_SCREEN, callApi } from './call'

export function createPaymentApi(client: RequestClient) {
  return {
    // The pay page shows why paying, or loading the order, failed.
    payDeposit: (orderId: string, promotionChannelId: string) => callApi(client, API.payDeposit, { orderId, promotionChannelId }, SHOWN_BY_SCREEN),
    /** Polled by the result page, which shows its own states. */
    // Each poll (and the result page's 刷新) asks for the state now: a shared answer could be one
    // from before the cashier settled.
    payState: (orderId: string) => callApi(client, API.payState, { orderId }, { ...SHOWN_BY_SCREEN, fresh: true }),
    orderInfo: (orderId: string) => callApi(client, API.payOrderInfo, { orderId }, SHOWN_BY_SCREEN),
  }
}

export type PaymentApi = ReturnType<typeof createPaymentApi>
