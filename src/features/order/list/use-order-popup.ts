import { useCallback, useRef, useState } from 'react'
import type { OrderSummary } from '../../../../types/api/orders'
import { useStores } from '../../../stores/store-context'
import { useOrderFeature } from '../order-state'

export interface OrderPopupState {
  /** The order the popup reminds of while it is open. */
  order: OrderSummary | undefined
  /** Called once the list's load on arrival has settled: opens the popup when one is due. */
  decide(): void
  close(): void
}

/**
 * The order list's popup: once the list has loaded on arrival, the open order due a reminder
 * (src/domain/order-popup.ts) is shown and recorded as shown in the encrypted cache at once, so it
 * does not come back within the day, closed or not, across reloads. Decided once per visit of the
 * page, on the fresh list; refreshes do not open it again, and a failed load shows none.
 */
export function useOrderPopup(): OrderPopupState {
  const { order: orders } = useStores()
  const { orderPopup } = useOrderFeature()
  const [order, setOrder] = useState<OrderSummary | undefined>(undefined)
  const decided = useRef(false)

  const decide = useCallback(() => {
    if (decided.current || orders.listLoad.status !== 'ready') return
    decided.current = true
    const due = orderPopup.due(orders.arranged.open)
    if (!due) return
    orderPopup.markShown(due.key)
    setOrder(due.order)
  }, [orders, orderPopup])

  const close = useCallback(() => setOrder(undefined), [])
  return { order, decide, close }
}
