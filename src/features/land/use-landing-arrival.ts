import { useEffect, useState } from 'react'
import type { AddressPromotion } from '../../domain/attribution'
import { asError } from '../../stores/load-state'
import { useStores } from '../../stores/store-context'

/**
 * Where a landing visit stands: its promotion being checked, a visitor no silent login could
 * log in (the static page, with a login offer), the check failed (with a retry), or ready (the
 * promotion in use is known: the arrived one, or the channel's default when it was refused).
 */
export type ArrivalPhase = 'checking' | 'visitor' | 'failed' | 'ready'

export interface LandingArrival {
  phase: ArrivalPhase
  /** Why the check failed, in phase 'failed'. */
  error: Error | undefined
  /** Checks again after a failure. */
  retry(): void
}

/**
 * On arrival: the page's own promotion is offered (the address's wins), a silent login is tried
 * (the checks need a channel session; a visitor is not sent to the login page), then the
 * promotion is checked with the server and the packages and partner channels of the promotion in
 * use are loaded (the packages, public, are asked for at once, alongside). A login that happens
 * later (back from the login page) runs the rest then.
 */
export function useLandingArrival(offer: AddressPromotion | undefined): LandingArrival {
  const { promotion, user, commodity } = useStores()
  const [phase, setPhase] = useState<ArrivalPhase>('checking')
  const [error, setError] = useState<Error>()
  const [attempt, setAttempt] = useState(0)
  const loggedIn = user.isValid

  useEffect(() => {
    let mounted = true
    if (offer) promotion.offer(offer)
    setPhase('checking')
    // The catalogue is public: the packages load while the login and the checks run, not after.
    void commodity.ensure(promotion.upcomingPromotionChannelId)
    const session = loggedIn ? Promise.resolve() : user.login()
    session.then(
      async () => {
        if (!mounted) return
        try {
          await promotion.settle()
        } catch (cause) {
          if (!mounted) return
          setError(asError(cause))
          setPhase('failed')
          return
        }
        if (!mounted) return
        setPhase('ready')
        // Both keep their failures in their load states, for the sections to show.
        void commodity.ensure()
        void promotion.fetchPartners()
      },
      () => {
        if (mounted) setPhase('visitor')
      },
    )
    return () => {
      mounted = false
    }
    // A login (back from the login page) or a retry runs the arrival again.
  }, [attempt, loggedIn, offer, promotion, user, commodity])

  return { phase, error, retry: () => setAttempt((count) => count + 1) }
}
