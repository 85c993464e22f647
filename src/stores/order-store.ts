/**
 * The user's orders: the list arranged by the domain's rules, one order in detail (the current
 * process), cancelling an order and carrying an offline order on online. A cancel is sent once per
 * order: a second tap while it runs shares it, and a cancelled order is never cancelled again.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { SubmittedOrder } from '../../types/api/apply'
import type { CancelOrderResponse, OfflineOrderParam, OrderDetail, OrderSummary } from '../../types/api/orders'
import { CANCEL_STATE } from '../domain/enums'
import { arrangeOrders, code } from '../domain/order'
import type { ArrangedOrders } from '../domain/order'
import type { FetchOptions } from '../services/request/client'
import { isRequestError } from '../services/request/errors'
import type { AnswerOf } from './contract'
import { asError, initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'
import { InFlight } from './in-flight'

export interface OrderApi {
  /**
   * The search's one page, which holds all of a user's orders. `fresh`: the user asked (pull to
   * refresh, retry), so an answer just shared is not reused.
   */
  searchOrders(options?: FetchOptions): Promise<OrderSummary[]>
  /** handleOrders/{orderId}: its data becomes the current process. */
  orderProcess(orderId: string, options?: FetchOptions): AnswerOf<'orderDetail'>
  cancel(orderId: string, reason: string): AnswerOf<'cancelOrder'>
  /** The param goes sealed in the call's request. */
  offlineToOnline(param: OfflineOrderParam): AnswerOf<'offlineToOnline'>
}

/** What a cancel came to: the three cancel states, a failure with the reason to show. */
export type CancelResult =
  | { state: typeof CANCEL_STATE.CANCELLING }
  | { state: typeof CANCEL_STATE.SUCCESS }
  | { state: typeof CANCEL_STATE.FAILED; reason: string }

/** Said when the issuer refuses a cancel without giving a reason. */
export const CANCEL_FAILED_REASON = '订单取消失败，请稍后重试或联系客服'

/** The server answers another user's order exactly like a missing one: business code NOT_FOUND. */
export function isOrderMissing(error: Error | undefined): boolean {
  return isRequestError(error) && error.kind === 'business' && error.code === BUSINESS_CODE.NOT_FOUND
}

function cancelResultOf(response: CancelOrderResponse): CancelResult {
  switch (code(response.cancelState)) {
    case CANCEL_STATE.SUCCESS:
      return { state: CANCEL_STATE.SUCCESS }
    case CANCEL_STATE.CANCELLING:
      return { state: CANCEL_STATE.CANCELLING }
    default:
      return { state: CANCEL_STATE.FAILED, reason: CANCEL_FAILED_REASON }
  }
}

const LIST_KEY = 'list'
const processKey = (orderId: string): string => `process:${orderId}`

export class OrderStore {
  orders: OrderSummary[] = []
  /** Whether the list has loaded once (a refresh keeps showing it). */
  listLoaded = false
  process: OrderDetail | undefined = undefined
  listLoad: LoadState = initialLoadState()
  processLoad: LoadState = initialLoadState()
  /** The order the last detail fetch asked for: processLoad is its state. */
  processOrderId: string | undefined = undefined
  /** The outcome of each order's last cancel, by order id. */
  cancelResults: Record<string, CancelResult> = {}
  /** Online order ids of offline orders carried on, by offline order number. */
  handedOver: Record<string, string> = {}
  /**
   * What the last submitting final commit answered (the order's detail and pay info), while it is
   * still the order's: the pay page's stores show it without asking (the payment store follows
   * it). Gone once a code claimed for the order changed its price.
   */
  submitted: SubmittedOrder | undefined = undefined
  private readonly inFlight = new InFlight()
  /** The order whose detail the final commit handed over and no page has shown yet. */
  private adoptedFor: string | undefined = undefined
  /**
   * The load asked for as the app opened on its page (app/opening-page-data.ts): the page's
   * first ask takes it over, whatever it came to, instead of asking again.
   */
  private opening: { readonly key: string; readonly load: Promise<void> } | undefined = undefined

  constructor(
    private readonly api: OrderApi,
    private readonly channelId: () => string,
  ) {
    makeAutoObservable<OrderStore, 'api' | 'channelId' | 'inFlight' | 'adoptedFor' | 'opening'>(this, {
      api: false,
      channelId: false,
      inFlight: false,
      adoptedFor: false,
      opening: false,
    })
  }

  get arranged(): ArrangedOrders<OrderSummary> {
    return arrangeOrders(this.orders, this.channelId())
  }

  /** The current process when it is the order `orderId` (never another order's data). */
  processOf(orderId: string): OrderDetail | undefined {
    return this.process?.orderId === orderId ? this.process : undefined
  }

  /** The state of loading the order `orderId` (idle when another order was asked for last). */
  processLoadOf(orderId: string): LoadState {
    return this.processOrderId === orderId ? this.processLoad : initialLoadState()
  }

  /** The list, asked for as the app opens on the order list: the page's first ask takes this load over. */
  openList(): void {
    this.opening = { key: LIST_KEY, load: this.fetchList() }
  }

  /** The order, asked for as the app opens on its page: the page's first ask takes this load over. */
  openProcess(orderId: string): void {
    this.opening = { key: processKey(orderId), load: this.fetchProcess(orderId) }
  }

  /** The opening load of `key`, once. */
  private takeOpening(key: string): Promise<void> | undefined {
    if (this.opening?.key !== key) return undefined
    const { load } = this.opening
    this.opening = undefined
    return load
  }

  /** `{ fresh: true }` when the user asked: the server is asked again (spec: sharing is for double taps only). */
  fetchList(options: FetchOptions = {}): Promise<void> {
    const opening = options.fresh ? undefined : this.takeOpening(LIST_KEY)
    if (opening) return opening
    return this.inFlight.run(LIST_KEY, () =>
      runLoad(
        (state) => (this.listLoad = state),
        () => this.api.searchOrders(options),
        (orders) => {
          this.orders = orders
          this.listLoaded = true
        },
      ),
    )
  }

  /**
   * Records what a submitting final commit answered: the next page to show the order's detail
   * (the pay page) does not ask again (once; after that, pages ask as usual).
   */
  recordSubmitted(submitted: SubmittedOrder): void {
    const process = submitted.order
    this.submitted = submitted
    this.process = process
    this.processOrderId = process.orderId
    this.processLoad = { status: 'ready', error: undefined }
    this.adoptedFor = process.orderId
  }

  /** A code was claimed for the order: what the final commit answered of it is stale, pages ask again. */
  priceChanged(orderId: string): void {
    if (this.adoptedFor === orderId) this.adoptedFor = undefined
    if (this.submitted?.order.orderId === orderId) this.submitted = undefined
  }

  /** Whether the order is cancelled, or being cancelled (the journey lets go of it). */
  isCancelled(orderId: string): boolean {
    const result = this.cancelResults[orderId]
    return result !== undefined && result.state !== CANCEL_STATE.FAILED
  }

  fetchProcess(orderId: string, options: FetchOptions = {}): Promise<void> {
    const adopted = this.adoptedFor === orderId && this.process?.orderId === orderId
    this.adoptedFor = undefined
    if (adopted && !options.fresh) return Promise.resolve()
    const opening = options.fresh ? undefined : this.takeOpening(processKey(orderId))
    if (opening) return opening
    this.processOrderId = orderId
    return this.inFlight.run(processKey(orderId), () =>
      runLoad(
        // A slower answer for an order asked for earlier leaves the latest one's state alone.
        (state) => {
          if (this.processOrderId === orderId) this.processLoad = state
        },
        () => this.api.orderProcess(orderId, options),
        (process) => (this.process = process),
      ),
    )
  }

  /**
   * Cancels an order once: a call while one runs gets the same promise, and an order already
   * cancelled (or being cancelled) answers its result without asking again. A failure may be retried.
   */
  cancel(orderId: string, reason: string): Promise<CancelResult> {
    const previous = this.cancelResults[orderId]
    if (previous && previous.state !== CANCEL_STATE.FAILED) return Promise.resolve(previous)
    return this.inFlight.run(`cancel:${orderId}`, () =>
      this.api
        .cancel(orderId, reason)
        .then(cancelResultOf)
        // The request layer's message is the Chinese reason to show (e.g. the device has shipped).
        .catch((cause: unknown): CancelResult => ({ state: CANCEL_STATE.FAILED, reason: asError(cause).message }))
        .then((result) => {
          runInAction(() => {
            this.cancelResults = { ...this.cancelResults, [orderId]: result }
            if (result.state !== CANCEL_STATE.FAILED) this.markCancelState(orderId, result.state)
          })
          return result
        }),
    )
  }

  /** The online order an offline order becomes; once per offline order, the same id afterwards. */
  handOver(param: OfflineOrderParam): Promise<string> {
    const known = this.handedOver[param.offlineNo]
    if (known) return Promise.resolve(known)
    return this.inFlight.run(`handOver:${param.offlineNo}`, () =>
      this.api.offlineToOnline(param).then(({ orderId }) => {
        runInAction(() => {
          this.handedOver = { ...this.handedOver, [param.offlineNo]: orderId }
        })
        return orderId
      }),
    )
  }

  /** Keeps the loaded list and detail in step with a cancel, so pages show it without a reload. */
  private markCancelState(orderId: string, cancelState: number): void {
    this.orders = this.orders.map((order) => (order.orderId === orderId ? { ...order, cancelState } : order))
    if (this.process?.orderId === orderId) this.process = { ...this.process, cancelState }
  }
}
