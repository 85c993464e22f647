/**
 * The consent page opened at 下一步's tap, ahead of the plate checks and the new order (issue 29):
 * it needs only the plate and the agreements (public, loaded while the person typed), while the
 * checks take three round trips on a slow link. It shows at once and waits for the order; when
 * the checks open none, it gives way (AgreeScreen) to the plate page, which says why, or to the
 * page the decision leads to (the person's own order under way, the reapply guide).
 */
import type { RouteName } from '../../../config/routes'
import type { AfterLogin, Navigator } from '../../../platform/navigator'
import type { ApplyStore, PageTarget } from '../../../stores/apply-store'

/** The consent page's route: the page opened ahead. */
const CONSENT_ROUTE: RouteName = 'agree'

/**
 * Whether the consent page may open ahead of the checks: the person is logged in (else the checks
 * lead to the login page), has not accepted the agreements (else the form comes next), the plate
 * is complete and well formed, and new applications are not known to be paused.
 */
export function mayOpenConsentAhead(apply: ApplyStore, loggedIn: boolean, plateValid: boolean): boolean {
  return loggedIn && plateValid && apply.agreementsAcceptedAt === undefined && apply.newApply?.paused !== true
}

/** Opens the consent page; answers whether it opened (a refused or failed navigation leaves the person where they were). */
export function openConsentAhead(navigator: Navigator, apply: ApplyStore): Promise<boolean> {
  apply.beginConsentAhead()
  return navigator.open(CONSENT_ROUTE).then(
    () => true,
    () => {
      apply.endConsentAhead()
      return false
    },
  )
}

/**
 * For a visitor's tap, which leads to the login first: once logged in, the consent page opens in
 * the login page's place (the plate page beneath) while `carryOn` runs the checks there; undefined
 * when the consent page would not open ahead for a person logged in (see mayOpenConsentAhead).
 */
export function consentAfterLogin(apply: ApplyStore, plateValid: boolean, carryOn: () => void): AfterLogin | undefined {
  if (!mayOpenConsentAhead(apply, true, plateValid)) return undefined
  return {
    route: CONSENT_ROUTE,
    run: () => {
      apply.beginConsentAhead()
      // After the navigation has started: the consent page's first frame does not wait for the checks' own work.
      setTimeout(carryOn, 0)
    },
  }
}

/** Once the checks have decided where the person goes (undefined: the plate page): the consent page stays, or gives way. */
export function settleConsentAhead(apply: ApplyStore, leadsTo: PageTarget | undefined): void {
  if (leadsTo?.route === CONSENT_ROUTE) apply.endConsentAhead()
  else apply.settleConsentAhead(leadsTo)
}
