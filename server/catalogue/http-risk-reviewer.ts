/**
 * The real risk review over HTTP (RISK_PROVIDER=http). The risk-control service's protocol is not
 * public, so it is ours, on the scheme of server/partners/signed-request.ts with the `x-risk-*`
 * headers:
 *
 *   POST RISK_BASE_URL/reviews   { "applicantId": "42", "plateNumber": "京A12345", "promotionChannelId": "…" }
 *   200, signed                  { "required": false, "reason": "" }
 *                                { "required": true,  "reason": "该车辆未通过风险审核…" }
 *
 * The applicant is named by our stable number for the person (never a name, phone or ID number):
 * enough for the service to see one person's repeated applications. An answer that does not
 * count (timeout, another status, a bad signature, another shape) fails the step with 5003 and a
 * message the app shows as it is: nothing is written, and the person may try again.
 */
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { RequiredRiskResponse } from '../../types/api/apply'
import { RISK_REFUSED } from '../../src/domain/apply-checks'
import { DomainError } from '../domain-error'
import { PartnerCallError, jsonObjectOf, partnerUrl, postSigned } from '../partners/signed-call'
import type { Partner, PartnerAccount, PartnerCallDeps } from '../partners/signed-call'
import { signatureHeaders } from '../partners/signed-request'
import type { RiskReviewer } from './risk-review'

export const RISK_REVIEWS_PATH = '/reviews'
export const RISK_SIGNATURE_HEADERS = signatureHeaders('risk')
export const RISK_MESSAGE = { unavailable: '风险审核服务暂时不可用，请稍后重试' } as const
/** The longest reason shown to the person; a longer one is cut. */
const MAX_REASON_LENGTH = 200
const PARTNER: Partner = { label: 'risk', name: 'risk-control service' }

/** The review's request body. */
export interface RiskReviewBody {
  readonly applicantId: string
  readonly plateNumber: string
  readonly promotionChannelId: string
}

function verdictOf(text: string): RequiredRiskResponse {
  const body = jsonObjectOf(PARTNER.name, text)
  if (typeof body.required !== 'boolean' || (body.reason !== undefined && typeof body.reason !== 'string')) {
    throw new PartnerCallError(`The ${PARTNER.name} answered without a verdict`)
  }
  if (!body.required) return { required: false, reason: '' }
  const reason = typeof body.reason === 'string' ? body.reason.trim().slice(0, MAX_REASON_LENGTH) : ''
  return { required: true, reason: reason || RISK_REFUSED.reason }
}

/** Where a review that did not count is said, for operators (the person sees RISK_MESSAGE.unavailable). */
export interface RiskLog {
  warn(facts: object, message: string): void
}

export function createHttpRiskReviewer(account: PartnerAccount, deps: PartnerCallDeps & { readonly log: RiskLog }): RiskReviewer {
  const url = partnerUrl(account, RISK_REVIEWS_PATH)
  return {
    async review({ userId, plateNumber, promotionChannelId }) {
      const body: RiskReviewBody = { applicantId: String(userId), plateNumber, promotionChannelId }
      try {
        return verdictOf(await postSigned(PARTNER, account, RISK_SIGNATURE_HEADERS, url, JSON.stringify(body), deps))
      } catch (error) {
        if (!(error instanceof PartnerCallError)) throw error
        deps.log.warn({ reason: error.message }, 'risk review unavailable')
        throw DomainError.business(BUSINESS_CODE.UNAVAILABLE, RISK_MESSAGE.unavailable)
      }
    },
  }
}
