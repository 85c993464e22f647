/**
 * The app's side of index.html's early order (early-order.ts): its request for the order takes the
 * early answer over, once, instead of asking again; its page, once it shows the order, takes the
 * early copy away (early-order-view.ts) and keeps it from being drawn after.
 */
import { EARLY_ORDER_COPY_ID, EARLY_ORDER_KEY } from '../../config/first-screens'
import type { TransportRequest, TransportResponse } from '../../services/request/transport'
import type { EarlyOrder, EarlyOrderWindow } from './early-order'

const AUTHORIZATION = 'Authorization'

/** The same call by the same session: what the early request asked is what the app asks. */
function sameCall(early: EarlyOrder['request'], request: TransportRequest): boolean {
  return (
    early.method === request.method &&
    early.url === request.url &&
    (early.body ?? '') === (request.body ?? '') &&
    early.header[AUTHORIZATION] === request.header[AUTHORIZATION]
  )
}

/** The early answer to `request`, once; undefined for any other request, or a second time. */
export function takeEarlyAnswer(win: object, request: TransportRequest): Promise<TransportResponse> | undefined {
  const early = (win as EarlyOrderWindow)[EARLY_ORDER_KEY]
  if (!early || early.taken || !sameCall(early.request, request)) return undefined
  early.taken = true
  return early.answer
}

/** The app's page shows the order: the early copy goes, or is never drawn. */
export function removeEarlyOrderCopy(doc: Document, win: object): void {
  const early = (win as EarlyOrderWindow)[EARLY_ORDER_KEY]
  if (early) early.shown = true
  doc.getElementById(EARLY_ORDER_COPY_ID)?.remove()
}
