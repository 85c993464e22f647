/**
 * The data of the page the app opened on (H5: a shared link to an order, a reload), asked for as
 * soon as the services exist, while the page's own code may still be arriving. The page's first
 * ask takes that load over, whatever it came to (the order store's openList, openProcess). Only
 * for a person logged in on this phone: anyone else is asked to log in by the page, never at boot.
 */
import { addressOf, queryOf } from '../platform/h5/hash-address'
import { routeOfPath } from '../platform/navigator'
import type { RootStore } from './root-store'

/** What of the stores the opening page's data needs. */
export type OpeningPageStores = { readonly user: Pick<RootStore['user'], 'isPersonal'>; readonly order: Pick<RootStore['order'], 'openList' | 'openProcess'> }

export function fetchOpeningPageData(store: OpeningPageStores, hash: string): void {
  if (!store.user.isPersonal()) return
  const route = routeOfPath(addressOf(hash))
  if (route === 'orderList') store.order.openList()
  if (route === 'order') {
    const orderId = new URLSearchParams(queryOf(hash)).get('orderId')
    if (orderId) store.order.openProcess(orderId)
  }
}
