/**
 * The order list's popup (the spec's locally cached "order popup"): a reminder about an open order
 * that waits for the person, shown at most once a day per order and status, as the spec's
 * once-a-day notices are (type 2, NOTICE_SUPPRESS_MS). Today it reminds of a device that has been
 * shipped and waits to be activated; the list itself shows every order's status either way.
 */
import { deriveOrderStatus } from './order'
import type { OrderFields, OrderStatus } from './order'
import { showingStillCounts } from './notice'

/** The statuses an order is reminded of in the popup. */
export const ORDER_POPUP_STATUSES: readonly OrderStatus[] = ['awaitingActivation']

/** When each popup was last shown (epoch ms), by orderPopupKey. */
export type OrderPopupShown = Readonly<Record<string, number>>

/** A popup is remembered per order and status: a new status of the same order may be reminded of again. */
export function orderPopupKey(orderId: string | number, status: OrderStatus): string {
  return `${orderId}:${status}`
}

export interface OrderPopup<T> {
  order: T
  status: OrderStatus
  key: string
}

/**
 * The popup to show at `now` over `orders` (the open orders, in the list's order): the first order
 * in a popup status whose popup was not shown in the last day; none when there is no such order.
 */
export function orderPopupDue<T extends OrderFields & { orderId: string }>(
  orders: readonly T[],
  shown: OrderPopupShown,
  now: number,
): OrderPopup<T> | undefined {
  for (const order of orders) {
    const status = deriveOrderStatus(order)
    if (!ORDER_POPUP_STATUSES.includes(status)) continue
    const key = orderPopupKey(order.orderId, status)
    const at = shown[key]
    if (at === undefined || !showingStillCounts(at, now)) return { order, status, key }
  }
  return undefined
}

/** The records still worth keeping at `now` (shown within the last day), with `key` shown now. */
export function recordOrderPopupShown(shown: OrderPopupShown, key: string, now: number): Record<string, number> {
  const kept = Object.entries(shown).filter(([, at]) => showingStillCounts(at, now))
  return { ...Object.fromEntries(kept), [key]: now }
}
