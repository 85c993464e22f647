/**
 * The risk review of a new application (requiredRisk): an outside party, the risk-control
 * service, decides whether an application may be made online or needs a manual review. The
 * server asks it through RiskReviewer: the requiredRisk call answers its verdict, and the create
 * step asks again before opening an order (orders/admission.ts).
 *
 * The simulated reviewer (the default outside production; production refuses to build with it,
 * server/production-guard.ts) refuses the demo plates of RISK_DEMO_REFUSED_PLATES with their
 * reason and lets every other plate through.
 */
import type { RequiredRiskRequest, RequiredRiskResponse } from '../../types/api/apply'
import { RISK_REFUSED } from '../../src/domain/apply-checks'

export interface RiskReviewRequest extends RequiredRiskRequest {
  /** The applicant (the session's user). */
  userId: number
}

export interface RiskReviewer {
  /** Set on the stand-in only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /**
   * The verdict on a new application. Called inside the create step's transaction: a real
   * implementation answers within a short timeout and throws when the service cannot answer (the
   * step then fails; nothing is written).
   */
  review(request: RiskReviewRequest): Promise<RequiredRiskResponse>
}

/** The plates the simulated reviewer refuses (server/README.md and README.md list them), with the reason it gives. */
export const RISK_DEMO_REFUSED_PLATES: ReadonlyMap<string, string> = new Map([['京A77777', RISK_REFUSED.reason]])

const PASSED: RequiredRiskResponse = { required: false, reason: '' }

export function createSimulatedRiskReviewer(): RiskReviewer {
  return {
    simulated: true,
    async review({ plateNumber }) {
      const reason = RISK_DEMO_REFUSED_PLATES.get(plateNumber)
      return reason === undefined ? PASSED : { required: true, reason }
    },
  }
}
