/** The user's orders: the current process and the list, arranged by the domain's rules. */
import { makeAutoObservable } from 'mobx'
import { arrangeOrders } from '../domain/order'
import type { ArrangedOrders, OrderFields } from '../domain/order'
import { initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'

export interface OrderApi<O extends OrderFields> {
  searchOrders(): Promise<O[]>
  /** handleOrders/{orderId}: its data becomes the current process. */
  orderProcess(orderId: string): Promise<O>
}

export class OrderStore<O extends OrderFields = OrderFields> {
  orders: O[] = []
  process: O | undefined = undefined
  listLoad: LoadState = initialLoadState()
  processLoad: LoadState = initialLoadState()

  constructor(
    private readonly api: OrderApi<O>,
    private readonly channelId: () => string,
  ) {
    makeAutoObservable<OrderStore<O>, 'api' | 'channelId'>(this, { api: false, channelId: false })
  }

  get arranged(): ArrangedOrders<O> {
    return arrangeOrders(this.orders, this.channelId())
  }

  fetchList(): Promise<void> {
    return runLoad(
      (state) => (this.listLoad = state),
      () => this.api.searchOrders(),
      (orders) => (this.orders = orders),
    )
  }

  fetchProcess(orderId: string): Promise<void> {
    return runLoad(
      (state) => (this.processLoad = state),
      () => this.api.orderProcess(orderId),
      (process) => (this.process = process),
    )
  }
}
