/**
 * The consent page opened at 下一步's tap, ahead of the plate checks and the new order (issue 29):
 * it needs only the plate and the agreements (public, loaded while the person typed), while the
 * checks take three round trips on a slow link. It shows at once and waits for the order; when
 * the checks open none, it gives way (AgreeScreen) to the plate page, which says why, or to the
 * page the decision leads to (the person's own order under way, the reapply guide).
 */
import type { RouteName } from '../../../config/routes'
import type { AfterLogin, Navigator } from '../../../platform/navigator'
import type { PageTarget } from '../../../stores/plate-step-store'
import type { SharedStores } from '../../../stores/store-context'

/** The application (whether its agreements are accepted) and 下一步's own state. */
type Journey = Pick<SharedStores, 'apply' | 'plateStep'>

/** The consent page's route: the page opened ahead. */
const CONSENT_ROUTE: RouteName = 'agree'

/**
 * Whether the consent page may open ahead of the checks: the person is logged in (else the checks
 * lead to the login page), has not accepted the agreements (else the form comes next), the plate
 * is complete and well formed, and new applications are not known to be paused.
 */
export function mayOpenConsentAhead({ apply, plateStep }: Journey, loggedIn: boolean, plateValid: boolean): boolean {
  return loggedIn && plateValid && apply.agreementsAcceptedAt === undefined && plateStep.newApply?.paused !== true
}

/** Opens the consent page; answers whether it opened (a refused or failed navigation leaves the person where they were). */
export function openConsentAhead(navigator: Navigator, plateStep: Journey['plateStep']): Promise<boolean> {
  plateStep.beginConsentAhead()
  return navigator.open(CONSENT_ROUTE).then(
    () => true,
    () => {
      plateStep.endConsentAhead()
      return false
    },
  )
}

/**
 * For a visitor's tap, which leads to the login first: once logged in, the consent page opens in
 * the login page's place (the plate page beneath) while `carryOn` runs the checks there; undefined
 * when the consent page would not open ahead for a person logged in (see mayOpenConsentAhead).
 */
export function consentAfterLogin(journey: Journey, plateValid: boolean, carryOn: () => void): AfterLogin | undefined {
  if (!mayOpenConsentAhead(journey, true, plateValid)) return undefined
  return {
    route: CONSENT_ROUTE,
    run: () => {
      journey.plateStep.beginConsentAhead()
      // After the navigation has started: the consent page's first frame does not wait for the checks' own work.
      setTimeout(carryOn, 0)
    },
  }
}

/** Once the checks have decided where the person goes (undefined: the plate page): the consent page stays, or gives way. */
export function settleConsentAhead(plateStep: Journey['plateStep'], leadsTo: PageTarget | undefined): void {
  if (leadsTo?.route === CONSENT_ROUTE) plateStep.endConsentAhead()
  else plateStep.settleConsentAhead(leadsTo)
}
