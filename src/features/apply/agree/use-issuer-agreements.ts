/**
 * The issuers' agreements of the consent step, from the store that loads them (the plate page's
 * 下一步 asks for them already; the page asks itself when it opens some other way).
 */
import { useEffect } from 'react'
import { useStores } from '../../../stores/store-context'
import type { IssuerAgreementStatus } from '../../../stores/issuer-agreement-store'

export type IssuerAgreementsState =
  | Exclude<IssuerAgreementStatus, { status: 'failed' }>
  | (Extract<IssuerAgreementStatus, { status: 'failed' }> & { retry: () => void })

/** The agreements to accept on the consent step; nothing is asked while `enabled` is false (no order yet). */
export function useIssuerAgreements(enabled: boolean): IssuerAgreementsState {
  const { issuerAgreements, commodity } = useStores()
  const { promotionChannelId } = commodity

  useEffect(() => {
    if (enabled) void issuerAgreements.ensure(promotionChannelId)
  }, [enabled, issuerAgreements, promotionChannelId])

  const state = issuerAgreements.statusFor(promotionChannelId)
  return state.status === 'failed' ? { ...state, retry: () => void issuerAgreements.retry(promotionChannelId) } : state
}
