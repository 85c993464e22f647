/**
 * Whether a plate may open a new order (spec sections 4 and 7): one rule for both sides. The plate
 * page (stores/plate-decision.ts) reads the answers of the server's check calls; the server's
 * admission (server/orders/admission.ts) asks its own tables, so a client that skips the checks
 * is refused alike. Each side asks the checks its own way (the page all at once, the server one
 * after another); the verdicts are read in this one order and the first that decides wins.
 */

/**
 * The order that decides: a plate already handled or held by another applicant, then the
 * issuer's interception (and, on the server, the promotion's use), then the person's own open
 * order of the plate (the page only: it goes on where it stands), then the operator's new-apply
 * switch, then the risk review.
 */
export const PLATE_ADMISSION_ORDER = ['taken', 'intercepted', 'ownOrder', 'paused', 'risk'] as const
export type PlateAdmissionCheck = (typeof PLATE_ADMISSION_ORDER)[number]

/** A check's verdict: the side's own decision when it decides, else undefined to read the next. */
export type AdmissionVerdict<D> = () => D | undefined | PromiseLike<D | undefined>

/** The checks one side reads; a check it does not make is left out. */
export type PlateAdmissionChecks<D> = Partial<Record<PlateAdmissionCheck, AdmissionVerdict<D>>>

/**
 * The first decision in PLATE_ADMISSION_ORDER; undefined when no check decides (the plate is
 * admitted). A verdict is read only once every check before it has let the plate through.
 */
export function decidePlateAdmission<D>(checks: PlateAdmissionChecks<D>): Promise<D | undefined> {
  // A chain, not an async function: the mini-program builds turn each async function into a state
  // machine, and the plate page is in their ratcheted main package.
  return PLATE_ADMISSION_ORDER.reduce<Promise<D | undefined>>(
    (decided, check) => decided.then((decision) => (decision !== undefined ? decision : checks[check]?.())),
    Promise.resolve(undefined),
  )
}
