import { MISSING_ISSUER_AGREEMENT } from '../../../types/api/apply'
import type { RouteName } from '../../config/routes'
import { ignoreRefusedJump } from '../../platform/navigator'
import type { Navigator } from '../../platform/navigator'
import { isIssuerAgreementOutdated } from '../../stores/apply-store'
import type { ApplyStore } from '../../stores/apply-store'

/**
 * Where a person completes what the final commit found missing: the consent page when the
 * issuer's agreement is among it (an order begun before that agreement existed), else the form.
 */
export function pageForMissing(missing: readonly string[]): RouteName {
  return missing.includes(MISSING_ISSUER_AGREEMENT) ? 'agree' : 'upinfo'
}

/**
 * An apply step's answer, or undefined when the server refused an issuer's agreement accepted in
 * a version since replaced: the consent page opens instead, and says why (the step's page shows
 * no failure of its own). Any other failure is the caller's.
 */
export async function orConsentAgain<T>(step: Promise<T>, navigator: Navigator): Promise<T | undefined> {
  try {
    return await step
  } catch (error) {
    if (!isIssuerAgreementOutdated(error)) throw error
    await navigator.open('agree').catch(ignoreRefusedJump)
    return undefined
  }
}

/**
 * The final commit, then the pay page (opened over this page, or in its place): what the server
 * says is still missing goes to `onMissing` for the page to show, and nothing opens.
 */
export async function submitThenPay(
  apply: ApplyStore,
  navigator: Navigator,
  onMissing: (missing: readonly string[]) => void,
  how: 'open' | 'replace',
): Promise<void> {
  const response = await orConsentAgain(apply.submit(), navigator)
  if (!response) return
  if (response.missing.length > 0) {
    onMissing(response.missing)
    return
  }
  await navigator[how]('pay', { orderId: response.orderId }).catch(ignoreRefusedJump)
}
