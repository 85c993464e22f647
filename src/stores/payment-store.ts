/** Paying an order's deposit or fee (the cashier, or the platform's own payment), and following its pay state. */
import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { PayDepositResponse, PayOrderInfo } from '../../types/api/payment'
import { PAY_POLL_INTERVAL_MS, PAY_POLL_TIMEOUT_MS } from '../config/payment'
import { PAY_STATE } from '../domain/enums'
import { RequestError } from '../services/request/errors'
import type { RequestErrorKind } from '../services/request/errors'
import type { AnswerOf } from './contract'
import { asError, initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'
import { InFlight } from './in-flight'
import type { OrderStore } from './order-store'

/** The payment calls (the services' payment API functions, or fakes). */
export interface PaymentCalls {
  payDeposit(orderId: string, promotionChannelId: string): AnswerOf<'payDeposit'>
  payState(orderId: string): AnswerOf<'payState'>
  orderInfo(orderId: string): AnswerOf<'payOrderInfo'>
}

/** The clock and timers polling runs on (the app's, or a test's). */
export interface PaymentClock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const SYSTEM_CLOCK: PaymentClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * How following a payment ended: paid, nothing to pay, failed on the cashier, never started
 * (awaiting payment), no answer in time, or a failure that asking again cannot fix.
 */
export type PayOutcome = 'success' | 'notNeeded' | 'failed' | 'unpaid' | 'timeout' | 'error'
export type PayWatchStatus = 'idle' | 'polling' | PayOutcome

const OUTCOME_OF_STATE: Readonly<Partial<Record<number, PayOutcome>>> = {
  [PAY_STATE.SUCCESS]: 'success',
  [PAY_STATE.NOT_NEEDED]: 'notNeeded',
  [PAY_STATE.FAILED]: 'failed',
  [PAY_STATE.AWAITING_PAYMENT]: 'unpaid',
}

/** Failures of the network or the server's moment: the next poll may well succeed. */
const TRANSIENT_FAILURES: ReadonlySet<RequestErrorKind> = new Set([
  'serverError',
  'proxyFailure',
  'noResponse',
  'decodeFailure',
  'clientTimeout',
  'networkAbnormal',
  'timeout',
  'network',
  'aborted',
])

function isTransient(error: unknown): boolean {
  return !(error instanceof RequestError) || TRANSIENT_FAILURES.has(error.kind)
}

interface Polling {
  readonly orderId: string
  readonly deadline: number
  readonly done: Promise<PayOutcome>
  readonly settle: (outcome: PayOutcome) => void
  timer: unknown
}

export class PaymentStore {
  info: PayOrderInfo | undefined = undefined
  infoLoad: LoadState = initialLoadState()
  /** The order whose pay state is (or was last) followed. */
  watchedOrderId: string | undefined = undefined
  watchStatus: PayWatchStatus = 'idle'
  /** The pay state of the last answer. */
  payState: number | undefined = undefined
  /** The last failure while following; cleared by the next answer. */
  watchError: Error | undefined = undefined
  private readonly starting = new InFlight()
  private polling: Polling | undefined = undefined
  /** The order whose info the final commit handed over and no page has shown yet. */
  private adoptedFor: string | undefined = undefined

  constructor(
    private readonly api: PaymentCalls,
    /** The order cache: the final commit's answer is the pay page's info until the page has shown it. */
    orders: Pick<OrderStore, 'submitted'>,
    /** The promotion an order was opened under as the journey knows it (the visit's when it does not). */
    private readonly promotionChannelId: (orderId: string) => string,
    private readonly clock: PaymentClock = SYSTEM_CLOCK,
  ) {
    makeAutoObservable<PaymentStore, 'api' | 'promotionChannelId' | 'clock' | 'starting' | 'polling' | 'adoptedFor'>(this, {
      api: false,
      promotionChannelId: false,
      clock: false,
      starting: false,
      polling: false,
      adoptedFor: false,
    })
    // The store lives as long as the app: its one reaction is never disposed.
    reaction(
      () => orders.submitted,
      (submitted, previous) => {
        if (submitted) this.adoptInfo(submitted.payment)
        // Its price changed (a code was claimed): the pay page asks for its info again.
        else if (previous && this.adoptedFor === previous.payment.orderId) this.adoptedFor = undefined
      },
    )
  }

  /** The order's pay info as the final commit answered it: shown without asking again, once. */
  private adoptInfo(info: PayOrderInfo): void {
    this.info = info
    this.infoLoad = { status: 'ready', error: undefined }
    this.adoptedFor = info.orderId
  }

  loadInfo(orderId: string): Promise<void> {
    if (this.adoptedFor === orderId && this.info?.orderId === orderId) {
      this.adoptedFor = undefined
      return Promise.resolve()
    }
    this.adoptedFor = undefined
    return runLoad(
      (state) => (this.infoLoad = state),
      () => this.api.orderInfo(orderId),
      (info) => (this.info = info),
    )
  }

  /**
   * Starts paying an order under its own promotion (its info's once loaded, else the journey's
   * word for it); a second call while one runs shares it (a double tap pays once).
   */
  start(orderId: string): Promise<PayDepositResponse> {
    const promotionChannelId = this.info?.orderId === orderId ? this.info.promotionChannelId : this.promotionChannelId(orderId)
    return this.starting.run(orderId, () => this.api.payDeposit(orderId, promotionChannelId))
  }

  /**
   * Follows an order's pay state: asks now, then every PAY_POLL_INTERVAL_MS while it is paying,
   * until an outcome or PAY_POLL_TIMEOUT_MS. Following the same order again while it runs shares
   * the run; another order (or the same one after an outcome) starts afresh.
   */
  watch(orderId: string): Promise<PayOutcome> {
    const current = this.polling
    if (current?.orderId === orderId) return current.done
    this.stopWatching()
    let settle: (outcome: PayOutcome) => void = () => undefined
    const done = new Promise<PayOutcome>((resolve) => (settle = resolve))
    const polling: Polling = { orderId, deadline: this.clock.now() + PAY_POLL_TIMEOUT_MS, done, settle, timer: undefined }
    this.polling = polling
    this.watchedOrderId = orderId
    this.watchStatus = 'polling'
    this.payState = undefined
    this.watchError = undefined
    void this.ask(polling)
    return done
  }

  /** Stops following (the result page is gone); an answer still on its way is ignored. */
  stopWatching(): void {
    const polling = this.polling
    if (!polling) return
    this.clock.clearTimeout(polling.timer)
    this.polling = undefined
    if (this.watchStatus === 'polling') this.watchStatus = 'idle'
  }

  private async ask(polling: Polling): Promise<void> {
    let outcome: PayOutcome | undefined
    try {
      const { depositPayState } = await this.api.payState(polling.orderId)
      if (this.polling !== polling) return
      outcome = OUTCOME_OF_STATE[depositPayState]
      runInAction(() => {
        this.payState = depositPayState
        this.watchError = undefined
      })
    } catch (cause) {
      if (this.polling !== polling) return
      const error = asError(cause)
      runInAction(() => (this.watchError = error))
      if (!isTransient(error)) outcome = 'error'
    }
    if (!outcome && this.clock.now() >= polling.deadline) outcome = 'timeout'
    if (outcome) {
      this.finish(polling, outcome)
      return
    }
    polling.timer = this.clock.setTimeout(() => void this.ask(polling), PAY_POLL_INTERVAL_MS)
  }

  private finish(polling: Polling, outcome: PayOutcome): void {
    this.polling = undefined
    this.watchStatus = outcome
    polling.settle(outcome)
  }
}
