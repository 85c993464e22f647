import { useState } from 'react'
import type { OrderDetail } from '../../../../types/api/orders'
import { ownMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { ignoreRefusedJump } from '../../../platform/navigator'
import { MESSAGES } from '../../../services/request/errors'
import { useStores } from '../../../stores/store-context'
import { continueTarget } from './continue-route'

/**
 * "Continue applying": the apply journey adopts the order and opens its first missing step. The
 * order's detail is loaded first when none is given (a list row has no completeness). One order
 * at a time: taps while one is opening are ignored.
 */
export function useContinueApplying(): { continuing: string | undefined; continueOrder: (orderId: string, detail?: OrderDetail) => Promise<void> } {
  const { order: orders, apply } = useStores()
  const { navigator } = useAppServices()
  const [continuing, setContinuing] = useState<string>()

  const { run, busy } = useAction(
    async (orderId: string, detail?: OrderDetail) => {
      setContinuing(orderId)
      let order = detail
      if (!order) {
        await orders.fetchProcess(orderId)
        order = orders.processOf(orderId)
      }
      // The call is silent (the order pages show a failed load in place): a list row says it here.
      if (!order) throw orders.processLoadOf(orderId).error ?? new Error(MESSAGES.unknown)
      const step = apply.resumeOrder(order)
      const target = continueTarget(step, orderId, apply.agreementsAcceptedAt !== undefined)
      // Another navigation under way (the navigator's double-jump lock) wins.
      await navigator.open(target.route, target.query).catch(ignoreRefusedJump)
    },
    { report: 'toast', message: ownMessageOr(MESSAGES.unknown) },
  )

  return { continuing: busy ? continuing : undefined, continueOrder: run }
}
