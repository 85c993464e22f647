/**
 * The bank app's current process: the logged-in person's open order, asked for by their uid
 * (handleProcess of the bank app), so the entry page can offer to continue it. Only the bank app
 * has the call, and only a person's own session may ask: the store never logs anyone in, it asks
 * when the session is already there, and says so by its load state (idle: not asked). One call at
 * a time: a check while one runs shares it, and asks again after it when it was another person's.
 */
import { makeAutoObservable } from 'mobx'
import type { OrderDetail } from '../../../../types/api/orders'
import type { LoginMethod } from '../../../config/channel'
import { deriveOrderStatus, orderUnderWay } from '../../../domain/order'
import type { AnswerOf } from '../../../stores/contract'
import { initialLoadState, runLoad } from '../../../stores/load-state'
import type { LoadState } from '../../../stores/load-state'

export interface CurrentProcessApi {
  /** The caller's newest open order (null: none), by the uid of the session. */
  currentProcessByUid(): AnswerOf<'currentProcessByUid'>
}

export interface CurrentProcessDeps {
  api: CurrentProcessApi
  /** The login methods of this build: the bank app is the channel its page token logs people in. */
  loginMethods: readonly LoginMethod[]
  /** The uid of the person's own session, undefined without one (no session, or the channel's). */
  personUid(): string | undefined
}

/** The login that makes a build the bank app (section 6: a token passed in the page address). */
const BANK_APP_LOGIN: LoginMethod = 'pageToken'

/** An answer, with the person it was asked for: another person logged in later never sees it. */
interface Answer {
  uid: string
  order: OrderDetail | null
}

export class CurrentProcessStore {
  load: LoadState = initialLoadState()
  private answer: Answer | undefined = undefined
  /** The call under way and the uid it asks for. */
  private running: { uid: string; done: Promise<void> } | undefined = undefined

  constructor(private readonly deps: CurrentProcessDeps) {
    makeAutoObservable<CurrentProcessStore, 'deps' | 'running'>(this, { deps: false, running: false })
  }

  /** Whether the call is this build's (the bank app, not the map channel or a mini-program). */
  get isBankApp(): boolean {
    return this.deps.loginMethods.includes(BANK_APP_LOGIN)
  }

  /** The uid of the person's own session (undefined without one): the page checks again when it changes. */
  get personUid(): string | undefined {
    return this.deps.personUid()
  }

  /** The person's order still under way (not cancelled, not activated), if the last answer for them has one. */
  get openOrder(): OrderDetail | undefined {
    const uid = this.personUid
    const order = uid !== undefined && this.answer?.uid === uid ? this.answer.order : null
    return order && orderUnderWay(deriveOrderStatus(order)) ? order : undefined
  }

  /**
   * Asks for the person's current process, on the bank app with the person's own session only
   * (without one, nothing is sent: no login either). A check while a call runs shares it; when that
   * call asks for another person (the session changed meanwhile), the person's own call follows it.
   * Never rejects: a failure is kept in `load`.
   */
  check(): Promise<void> {
    const uid = this.personUid
    if (!this.isBankApp || uid === undefined) return Promise.resolve()
    const { running } = this
    if (running) return running.uid === uid ? running.done : running.done.then(() => this.check())
    const done = runLoad(
      (state) => (this.load = state),
      () => this.deps.api.currentProcessByUid(),
      (order) => (this.answer = { uid, order }),
    ).finally(() => (this.running = undefined))
    this.running = { uid, done }
    return done
  }
}
