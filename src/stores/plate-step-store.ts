/**
 * The plate page's 下一步: the plate checks (run together, plate-decision.ts), then the order they
 * open or resume in the application (ApplyStore), with what the page shows meanwhile: the checks
 * under way, the consent page opened ahead of them, and the operator's new-apply switch.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { newApplyPaused, pausedReason } from '../domain/apply-checks'
import type { GuideType } from '../domain/order'
import type { PromotionIds } from '../config/channel'
import type { RouteName } from '../config/routes'
import type { PageQuery } from '../platform/navigator'
import type { ApplyCalls, ApplyStore } from './apply-store'
import type { AnswerOf } from './contract'
import { InFlight } from './in-flight'
import { checkPlate, reapplyCheck } from './plate-decision'
import type { PlateChecks, PlateDecision, ReapplyOrder } from './plate-decision'

/** A page the journey leads to. */
export interface PageTarget {
  route: RouteName
  query?: PageQuery
}

/** The consent page opened ahead of the plate checks: under way, or settled with where the person goes instead. */
export type ConsentAhead = { settled: false } | { settled: true; leadsTo?: PageTarget }

/** The operator's new-apply switch as last read: paused with the reason shown, or open. */
export type NewApplyState = { paused: true; reason: string } | { paused: false }

export interface PlateStepDeps {
  /** The plate checks (among them the caller's open order of a plate and the new-apply switch), and the release notice. */
  api: PlateChecks & Pick<ApplyCalls, 'plateReleaseNotice'>
  /** The application the plate belongs to: its parsed plate, its order, and the order a decision opens or resumes. */
  application: Pick<ApplyStore, 'parsedPlate' | 'orderId' | 'openOrder' | 'resumeOrder'>
  /** The visit's promotion, which the interception check names. */
  promotion(): PromotionIds
  /** Settles the visit's promotion (arrived ids checked) before an order is opened under it. */
  promotionReady(): Promise<void>
  /** Whether arrived promotion ids still wait for the server's check (the promotion may change). */
  promotionPending(): boolean
}

export class PlateStepStore {
  /** 下一步's plate checks (and the new order) are under way: other calls of the page wait for them. */
  checkingPlate = false
  /**
   * The consent page opened ahead of 下一步's checks (the plate page): shown while they run, it goes
   * on once they open the order; checks that open none settle it with where the person goes instead.
   */
  consentAhead: ConsentAhead | undefined = undefined
  /** Unknown until read (the plate page reads it when it opens, and every 下一步 again). */
  newApply: NewApplyState | undefined = undefined
  private readonly inFlight = new InFlight()

  constructor(private readonly deps: PlateStepDeps) {
    makeAutoObservable<PlateStepStore, 'deps' | 'inFlight'>(this, { deps: false, inFlight: false })
  }

  beginConsentAhead(): void {
    this.consentAhead = { settled: false }
  }

  /**
   * The checks opened no order: the consent page opened ahead gives way to `leadsTo` (the plate
   * page when undefined). Nothing when the person has left it meanwhile (endConsentAhead).
   */
  settleConsentAhead(leadsTo: PageTarget | undefined): void {
    if (this.consentAhead) this.consentAhead = { settled: true, ...(leadsTo ? { leadsTo } : {}) }
  }

  endConsentAhead(): void {
    this.consentAhead = undefined
  }

  /** Reads the operator's switch; the plate page's notice follows it. */
  readNewApplySwitch(): AnswerOf<'newApplySwitch'> {
    return this.deps.api.newApplySwitch().then((answer) => {
      runInAction(() => {
        this.newApply = newApplyPaused(answer) ? { paused: true, reason: pausedReason(answer) } : { paused: false }
      })
      return answer
    })
  }

  /** The reapply check of a failed order (the plate check and the domain's rule): what its guide shows. */
  reapplyTypeOf(order: ReapplyOrder): Promise<GuideType> {
    return reapplyCheck(this.deps.api, order)
  }

  /**
   * Checks the plate (format, uniqueness, interception, an existing order of the user's and its
   * reapply check; for a new order the new-apply switch and the risk review) and opens the order.
   * A second call while one runs shares it.
   */
  submitPlate(): Promise<PlateDecision> {
    return this.inFlight.run('plate', async () => {
      this.checkingPlate = true
      try {
        return await this.decidePlate()
      } finally {
        runInAction(() => (this.checkingPlate = false))
      }
    })
  }

  /**
   * Asks for an SMS when the plate the page shows as held unpaid frees (after submitPlate answered
   * `taken` with a release time); answers where it goes. A plate that does not parse is refused
   * as the plate check refuses it.
   */
  askReleaseNotice(): AnswerOf<'plateReleaseNotice'> {
    const parsed = this.deps.application.parsedPlate
    if (!parsed.ok) throw new Error(parsed.reason)
    return this.deps.api.plateReleaseNotice(parsed.plate, parsed.plateColor)
  }

  private async decidePlate(): Promise<PlateDecision> {
    const { api, application } = this.deps
    // The interception check and the new order name the promotion. Arrived ids wait for the
    // server's verdict on them before the checks; the channel's default is known, and its info is
    // not needed to open the order (the server records the promotion's own activity): on a slow
    // link the browser's few connections go to the checks.
    if (application.parsedPlate.ok && this.deps.promotionPending()) await this.deps.promotionReady()
    const checks: PlateChecks = { ...api, newApplySwitch: () => this.readNewApplySwitch() }
    const verdict = await checkPlate(checks, { plate: application.parsedPlate, promotionChannelId: this.deps.promotion().promotionChannelId, orderId: application.orderId })
    switch (verdict.kind) {
      case 'resume': {
        const { orderId, orderSource } = verdict.order
        return { kind: 'resume', orderId, orderSource, next: verdict.next, step: application.resumeOrder(verdict.order) }
      }
      case 'free':
        return { kind: 'created', orderId: await application.openOrder() }
      default:
        return verdict
    }
  }
}
