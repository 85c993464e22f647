/**
 * Write-off codes (activity type 3) of the application's order. The order's detail says whether it
 * takes a code (it was opened under a write-off campaign), under which promotion, and the voucher
 * it carries: the order's promotion, not the visit's, which may have changed since. The typed code
 * is checked (verifyEligibility) and then claimed for the order (claimVoucher), one attempt per
 * order at a time: a second tap while one runs shares it, and the code cannot change meanwhile, so
 * what is answered is about the code shown. Why a code was not used is kept for the field to say;
 * the typed code is kept on the device with its order, so neither a refusal nor a reload loses it.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { VOUCHER_CODE_MAX_LENGTH, VOUCHER_CODE_MIN_LENGTH, VOUCHER_CODE_PATTERN } from '../../types/api/apply'
import type { ClaimVoucherRequest, OrderVoucher, VoucherRefusal, VoucherRequest } from '../../types/api/apply'
import type { OrderDetail } from '../../types/api/orders'
import { MIN_PAY_CENTS } from '../../types/api/payment'
import { ACTIVITY_TYPE } from '../domain/enums'
import { priceAfterDiscount } from '../domain/money'
import { normalizeVoucherCode } from '../domain/voucher'
import { fields, isString, schema } from '../platform/schema'
import type { SecureStorage } from '../platform/secure-storage'
import { isRequestError } from '../services/request/errors'
import type { AnswerOf } from './contract'
import { InFlight } from './in-flight'
import { asError, initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'
import type { OrderStore } from './order-store'

/** What of an order's detail its codes follow. */
export type OrderVoucherTerms = Pick<OrderDetail, 'promotionChannelId' | 'activitySource' | 'voucher'>

export interface VoucherApi {
  /** A failed call is toasted by the request layer. */
  verifyEligibility(request: VoucherRequest): AnswerOf<'verifyEligibility'>
  /** A failed or refused claim is the screen's to say (the request layer is silent). */
  claimVoucher(request: ClaimVoucherRequest): AnswerOf<'claimVoucher'>
  /** The order's detail; silent too. */
  orderDetail(orderId: string): Promise<OrderVoucherTerms>
}

export interface VoucherStoreDeps {
  api: VoucherApi
  storage: SecureStorage
  /** The order cache, told when a code claimed for an order changed its price. */
  orders: Pick<OrderStore, 'priceChanged'>
}

export const VOUCHER_STORAGE = { typed: 'voucherCode' } as const

export const VOUCHER_MESSAGES = {
  pattern: `请输入${VOUCHER_CODE_MIN_LENGTH}-${VOUCHER_CODE_MAX_LENGTH}位核销码（字母、数字或-）`,
  /** A refusal that came without the server's words. */
  refused: '该核销码暂不可使用',
  claimFailed: '核销码使用失败，请重试',
} as const

/** Why the typed code was not used: the field's message, and the server's reason when it gave one. */
export interface VoucherProblem {
  message: string
  refusal?: VoucherRefusal
}

/** How an attempt ended. */
export type VoucherOutcome =
  | { kind: 'claimed'; voucher: OrderVoucher }
  /** The code's form is wrong (said by the field), or the order takes no code. */
  | { kind: 'invalid' }
  /** The server would not let the code be used: its words, said by the field. */
  | { kind: 'refused'; problem: VoucherProblem }
  /**
   * No answer came. Said by the field when `problem` is set (a claim: its request layer is
   * silent), else by the request layer (a toast, or the login dialog).
   */
  | { kind: 'failed'; error: Error; problem?: VoucherProblem }

/** The promotion an order was opened under. */
export interface OrderPromotion {
  promotionChannelId: string
  /** ACTIVITY_TYPE. */
  activitySource: number
}

interface TypedCode {
  orderId: string
  code: string
}

const TYPED = schema(fields<TypedCode>({ orderId: isString, code: isString }))

export class VoucherStore {
  /** The order the state below belongs to (the application's). */
  orderId: string | undefined = undefined
  /** The promotion the order was opened under: undefined until its detail is here. */
  promotion: OrderPromotion | undefined = undefined
  /** The code as typed, normalised. */
  code = ''
  problem: VoucherProblem | undefined = undefined
  /** The order's voucher: null when it has none, undefined until its detail is here. */
  voucher: OrderVoucher | null | undefined = undefined
  load: LoadState = initialLoadState()
  /** The orders whose code is being checked or claimed right now. */
  private readonly using = new Set<string>()
  private readonly inFlight = new InFlight()

  constructor(private readonly deps: VoucherStoreDeps) {
    makeAutoObservable<VoucherStore, 'deps' | 'inFlight'>(this, { deps: false, inFlight: false })
  }

  /** The order takes a write-off code: it was opened under a write-off campaign. */
  get writeOff(): boolean {
    return this.promotion?.activitySource === ACTIVITY_TYPE.WRITE_OFF_CODE
  }

  /** A code of the current order is being checked or claimed. */
  get busy(): boolean {
    return this.orderId !== undefined && this.using.has(this.orderId)
  }

  /** A code of the order `orderId` is being checked or claimed: what it pays may change. */
  busyFor(orderId: string): boolean {
    return this.using.has(orderId)
  }

  /** The price left to pay once the voucher of the order `orderId` is taken off (undefined without one). */
  priceAfterVoucher(orderId: string, priceCents: number): number | undefined {
    const voucher = this.orderId === orderId ? this.voucher : undefined
    return voucher ? priceAfterDiscount(priceCents, voucher.discountCents, MIN_PAY_CENTS) : undefined
  }

  /**
   * Turns to the order `orderId` (the code typed for it on this device comes back) and loads its
   * detail unless it is here or on its way.
   */
  ensure(orderId: string): Promise<void> {
    if (orderId !== this.orderId) this.turnTo(orderId)
    if (this.promotion !== undefined || this.load.status === 'loading') return Promise.resolve()
    return this.fetch()
  }

  /** Loads the current order's detail (again, after a failure). */
  fetch(): Promise<void> {
    const orderId = this.orderId
    if (!orderId) return Promise.resolve()
    return this.inFlight.run(`load:${orderId}`, () =>
      runLoad(
        (state) => {
          if (this.orderId === orderId) this.load = state
        },
        () => this.deps.api.orderDetail(orderId),
        (detail) => {
          if (this.orderId !== orderId) return
          this.promotion = { promotionChannelId: detail.promotionChannelId, activitySource: detail.activitySource }
          // A claim answered meanwhile is newer than the detail.
          if (this.voucher === undefined) this.voucher = detail.voucher
        },
      ),
    )
  }

  /**
   * What is typed: kept normalised, and on the device with its order; a change clears the last
   * problem. Read-only while the code is being used, so the answer is about the code shown.
   */
  setCode(text: string): void {
    const orderId = this.orderId
    if (!orderId || this.busy) return
    this.code = normalizeVoucherCode(text)
    this.problem = undefined
    if (this.code) this.deps.storage.set(VOUCHER_STORAGE.typed, { orderId, code: this.code } satisfies TypedCode)
    else this.deps.storage.remove(VOUCHER_STORAGE.typed)
  }

  /**
   * Uses the typed code for the order, under the order's promotion: checked here against the
   * code's pattern, then by the server (eligibility), then claimed. A refusal becomes the field's
   * problem; what was typed stays.
   */
  use(): Promise<VoucherOutcome> {
    const { orderId, promotion } = this
    if (!orderId || !promotion || !this.writeOff) return Promise.resolve({ kind: 'invalid' })
    return this.inFlight.run(`use:${orderId}`, async (): Promise<VoucherOutcome> => {
      const code = this.code
      if (!VOUCHER_CODE_PATTERN.test(code)) {
        this.problem = { message: VOUCHER_MESSAGES.pattern }
        return { kind: 'invalid' }
      }
      this.using.add(orderId)
      this.problem = undefined
      const outcome = await this.verifyAndClaim({ promotionChannelId: promotion.promotionChannelId, code, orderId })
      runInAction(() => {
        this.using.delete(orderId)
        // An answer for an order the application has left is not this order's.
        if (this.orderId === orderId) this.settle(outcome)
      })
      return outcome
    })
  }

  private async verifyAndClaim(request: ClaimVoucherRequest): Promise<VoucherOutcome> {
    try {
      const eligibility = await this.deps.api.verifyEligibility(request)
      if (!eligibility.eligible) {
        const problem: VoucherProblem = { message: eligibility.reason || VOUCHER_MESSAGES.refused }
        if (eligibility.refusal) problem.refusal = eligibility.refusal
        return { kind: 'refused', problem }
      }
    } catch (cause) {
      // The request layer has said it (a toast, or the login dialog): the field says nothing more.
      return { kind: 'failed', error: asError(cause) }
    }
    try {
      const claimed = await this.deps.api.claimVoucher(request)
      this.deps.orders.priceChanged(request.orderId)
      return { kind: 'claimed', voucher: { code: claimed.code, discountCents: claimed.discountCents } }
    } catch (cause) {
      const error = asError(cause)
      // An expired login is told by the request layer's dialog, which leads to a new login.
      if (isRequestError(error) && error.kind === 'unauthorized') return { kind: 'failed', error }
      // Refused meanwhile (used by someone else, the order paid): the server's words.
      if (isRequestError(error) && error.kind === 'business') return { kind: 'refused', problem: { message: error.message || VOUCHER_MESSAGES.claimFailed } }
      // No answer (the network, the server): the request layer was silent, so the field says it.
      return { kind: 'failed', error, problem: { message: error.message || VOUCHER_MESSAGES.claimFailed } }
    }
  }

  private settle(outcome: VoucherOutcome): void {
    switch (outcome.kind) {
      case 'claimed':
        this.voucher = outcome.voucher
        this.code = ''
        this.deps.storage.remove(VOUCHER_STORAGE.typed)
        return
      case 'refused':
      case 'failed':
        this.problem = outcome.problem
        return
      default:
        return
    }
  }

  private turnTo(orderId: string): void {
    const typed = this.deps.storage.get(VOUCHER_STORAGE.typed, TYPED)
    this.orderId = orderId
    this.promotion = undefined
    this.code = typed?.orderId === orderId ? typed.code : ''
    this.problem = undefined
    this.voucher = undefined
    this.load = initialLoadState()
  }
}
