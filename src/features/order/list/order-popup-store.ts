/**
 * The order list popup's cache (the spec's locally cached "order popup"): when each popup was
 * last shown, kept in the encrypted storage so a popup shows at most once a day per order and
 * status across reloads. Records older than a day are dropped as a new one is written.
 */
import { makeAutoObservable } from 'mobx'
import { orderPopupDue, recordOrderPopupShown } from '../../../domain/order-popup'
import type { OrderPopup, OrderPopupShown } from '../../../domain/order-popup'
import type { OrderFields } from '../../../domain/order'
import { isNumber, recordOf, schema } from '../../../platform/schema'
import type { SecureStorage } from '../../../platform/secure-storage'

export const ORDER_POPUP_STORAGE = { shown: 'orderPopupShown' } as const

const SHOWN = schema(recordOf(isNumber))

export class OrderPopupStore {
  shown: OrderPopupShown

  constructor(
    private readonly storage: SecureStorage,
    private readonly now: () => number,
  ) {
    this.shown = storage.get(ORDER_POPUP_STORAGE.shown, SHOWN) ?? {}
    makeAutoObservable<OrderPopupStore, 'storage' | 'now'>(this, { storage: false, now: false })
  }

  /** The popup due now over `orders` (the open orders, in the list's order), if any. */
  due<T extends OrderFields & { orderId: string }>(orders: readonly T[]): OrderPopup<T> | undefined {
    return orderPopupDue(orders, this.shown, this.now())
  }

  /** Records the popup `key` as shown now, whether or not it is closed later. */
  markShown(key: string): void {
    this.shown = recordOrderPopupShown(this.shown, key, this.now())
    this.storage.set(ORDER_POPUP_STORAGE.shown, this.shown)
  }
}
