import { useEffect, useRef, useState } from 'react'
import type { OrderDetail } from '../../../types/api/orders'
import { useStores } from '../../stores/store-context'
import { useAppServices } from '../app-services/app-services'
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
  const running = useRef(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const continueOrder = async (orderId: string, detail?: OrderDetail) => {
    if (running.current) return
    running.current = true
    setContinuing(orderId)
    try {
      let order = detail
      if (!order) {
        await orders.fetchProcess(orderId)
        order = orders.processOf(orderId)
      }
      // A failed load was already reported by the request layer's toast.
      if (!order) return
      const step = apply.resumeOrder(order)
      const target = continueTarget(step, orderId, apply.agreementsAcceptedAt !== undefined)
      await navigator.open(target.route, target.query)
    } catch {
      // Another navigation is under way (the navigator's double-jump lock): it wins.
    } finally {
      running.current = false
      if (mounted.current) setContinuing(undefined)
    }
  }

  return { continuing, continueOrder }
}
