/** Paying the deposit or fee through the cashier or the platform's own payment, and its state. */
import { API } from '../../../types/api/paths'
import { DEFAULT_PAY_METHOD } from '../../../types/api/payment'
import type { PayMethod } from '../../../types/api/payment'
import type { BuildTarget } from '../../config/channel'
import type { RequestClient } from '../request/client'
import { SHOWN_BY_SCREEN, callApi } from './call'

/** How each build pays: H5 on the web cashier, the mini-programs with their platform's payment. */
const PAY_METHOD_OF_TARGET: Readonly<Record<BuildTarget, PayMethod>> = { h5: DEFAULT_PAY_METHOD, weapp: 'wechat', alipay: 'alipay' }

export function payMethodOf(target: BuildTarget): PayMethod {
  return PAY_METHOD_OF_TARGET[target]
}

export function createPaymentApi(client: RequestClient, payMethod: PayMethod) {
  return {
    // The pay page shows why paying, or loading the order, failed.
    payDeposit: (orderId: string, promotionChannelId: string) =>
      callApi(client, API.payDeposit, { orderId, promotionChannelId, payMethod }, SHOWN_BY_SCREEN),
    /** Polled by the result page, which shows its own states. */
    // Each poll (and the result page's 刷新) asks for the state now: a shared answer could be one
    // from before the cashier settled.
    payState: (orderId: string) => callApi(client, API.payState, { orderId }, { ...SHOWN_BY_SCREEN, fresh: true }),
    orderInfo: (orderId: string) => callApi(client, API.payOrderInfo, { orderId }, SHOWN_BY_SCREEN),
  }
}

export type PaymentApi = ReturnType<typeof createPaymentApi>
