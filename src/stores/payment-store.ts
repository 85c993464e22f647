/** Paying an order's deposit or fee through the cashier, and following its pay state. */
import { makeAutoObservable, runInAction } from 'mobx'
import type { PayDepositResponse, PayOrderInfo, PayStateResponse } from '../../types/api/payment'
import { initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'

/** The payment calls (the services' payment API functions, or fakes). */
export interface PaymentCalls {
  payDeposit(orderId: string, promotionChannelId: string): Promise<PayDepositResponse>
  payState(orderId: string): Promise<PayStateResponse>
  orderInfo(orderId: string): Promise<PayOrderInfo>
}

export class PaymentStore {
  info: PayOrderInfo | undefined = undefined
  infoLoad: LoadState = initialLoadState()
  private readonly starting = new Map<string, Promise<PayDepositResponse>>()

  constructor(
    private readonly api: PaymentCalls,
    private readonly promotionChannelId: () => string,
  ) {
    makeAutoObservable<PaymentStore, 'api' | 'promotionChannelId' | 'starting'>(this, {
      api: false,
      promotionChannelId: false,
      starting: false,
    })
  }

  loadInfo(orderId: string): Promise<void> {
    return runLoad(
      (state) => (this.infoLoad = state),
      () => this.api.orderInfo(orderId),
      (info) => (this.info = info),
    )
  }

  /** Starts paying an order; a second call while one runs shares it (a double tap pays once). */
  start(orderId: string): Promise<PayDepositResponse> {
    const running = this.starting.get(orderId)
    if (running) return running
    const promise = this.api.payDeposit(orderId, this.promotionChannelId()).finally(() =>
      runInAction(() => this.starting.delete(orderId)),
    )
    this.starting.set(orderId, promise)
    return promise
  }
}
