/**
 * What was done on a landing page's copy in index.html before the app came (early-landing.ts),
 * kept on the window for the app: it takes it over once, at boot, after which the copy's call to
 * action answers no more (the app's page answers from then on).
 */
import { EARLY_LANDING_KEY } from '../../config/first-screens'

export interface EarlyLanding {
  /** The route of the landing page whose copy showed. */
  route: string
  /** Its call to action was tapped: the plate page's address followed. */
  tapped: boolean
  /** Taken over by the app. */
  taken: boolean
}

type EarlyLandingWindow = { [EARLY_LANDING_KEY]?: EarlyLanding }

export function keepEarlyLanding(win: object, landing: EarlyLanding): void {
  ;(win as EarlyLandingWindow)[EARLY_LANDING_KEY] = landing
}

/**
 * The landing page whose copy's call to action was tapped, once (undefined when none was, or it
 * was taken): one of `routes`, so the app only acts on a page it knows.
 */
export function takeEarlyLandingTap<R extends string>(routes: readonly R[], win: object = window): R | undefined {
  const landing = (win as EarlyLandingWindow)[EARLY_LANDING_KEY]
  if (!landing || landing.taken) return undefined
  landing.taken = true
  return landing.tapped === true ? routes.find((route) => route === landing.route) : undefined
}
