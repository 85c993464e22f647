import { useEffect, useRef, useState } from 'react'
import type { SupplierProtocolResponse } from '../../../../types/api/catalogue'
import { useAppServices } from '../../../components/app-services/app-services'
import { usePageVisible } from '../../../components/page-shell/use-page-visible'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'

/** What 同意并继续 needs from the step's going on. */
export interface AgreeProceed {
  /** 同意并继续 was tapped before the checks opened the order. */
  waiting: boolean
  /** Records the ticks and goes on to the form, or waits for the order the checks are opening. */
  proceedOrWait(): void
}

/**
 * Going on from the consent step: the accepted versions are kept for the next step and the form
 * replaces the page, once the plate checks have opened the order; opened ahead of the checks, the
 * page gives way when they open none.
 */
export function useAgreeProceed(agreements: readonly SupplierProtocolResponse[]): AgreeProceed {
  const { apply, plateStep } = useStores()
  const { navigator } = useAppServices()
  // 同意并继续 tapped before the checks opened the order: it goes on once they have.
  const [waiting, setWaiting] = useState(false)

  const proceed = () => {
    apply.acceptAgreements(agreements.map((agreement) => ({ issuerId: agreement.issuerId, version: agreement.version })))
    navigateFromTap(navigator.replace('upinfo'))
  }
  // The latest ticks, for the tap that waits for the order.
  const latestProceed = useRef(proceed)
  latestProceed.current = proceed
  const orderOpened = Boolean(apply.orderId)
  useEffect(() => {
    if (!waiting || !orderOpened) return
    setWaiting(false)
    latestProceed.current()
  }, [waiting, orderOpened])

  // Opened ahead, the page gives way once the checks opened no order: when it is on screen (a
  // document opened from it is left first), and not when the person has left it (back, unmounted).
  const visible = usePageVisible()
  const ahead = plateStep.consentAhead
  useEffect(() => {
    if (!visible || !ahead?.settled) return
    plateStep.endConsentAhead()
    navigateFromTap(ahead.leadsTo ? navigator.replace(ahead.leadsTo.route, ahead.leadsTo.query) : navigator.back())
  }, [visible, ahead, plateStep, navigator])
  useEffect(() => () => plateStep.endConsentAhead(), [plateStep])

  const proceedOrWait = () => {
    if (apply.orderId) proceed()
    else setWaiting(true)
  }
  return { waiting, proceedOrWait }
}
