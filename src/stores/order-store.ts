/** The user's orders: the current process and the list, arranged by the domain's rules. */
import { makeAutoObservable, runInAction } from 'mobx'
import { arrangeOrders } from '../domain/order'
import type { ArrangedOrders, OrderFields } from '../domain/order'
import { asError, initialLoadState } from './load-state'
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

  async fetchList(): Promise<void> {
    this.listLoad = { status: 'loading', error: undefined }
    try {
      const orders = await this.api.searchOrders()
      runInAction(() => {
        this.orders = orders
        this.listLoad = { status: 'ready', error: undefined }
      })
    } catch (cause) {
      runInAction(() => {
        this.listLoad = { status: 'error', error: asError(cause) }
      })
    }
  }

  async fetchProcess(orderId: string): Promise<void> {
    this.processLoad = { status: 'loading', error: undefined }
    try {
      const process = await this.api.orderProcess(orderId)
      runInAction(() => {
        this.process = process
        this.processLoad = { status: 'ready', error: undefined }
      })
    } catch (cause) {
      runInAction(() => {
        this.processLoad = { status: 'error', error: asError(cause) }
      })
    }
  }
}
