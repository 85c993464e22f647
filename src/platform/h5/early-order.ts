/**
 * index.html's first script on the order pages' addresses (bundled inline at build time:
 * config/early-order.ts). A person opening a shared link to their order would wait for the app's
 * code (some 200 KB on a slow link), then for their order: over three seconds. This asks for the
 * order at once, with the session the app stored on this phone (read with WebCrypto: the app's
 * storage is encrypted), and asks for the view script that draws a copy of the page from the
 * answer (early-order-view.ts), both in the round trip after the document's. The app's own request
 * for the order takes this answer over (early-order-takeover.ts): the order is asked for once.
 *
 * Only for a session of a person that has not expired, as the app's order pages ask; anyone else
 * meets the app's login as before.
 */
import { EARLY_ORDER_KEY } from '../../config/first-screens'
import { isSessionValid } from '../../domain/session'
import { openSealedText } from '../../services/crypto/web-sealed-box'
import type { SealPurpose } from '../../../types/api/sealed'
import type { TransportRequest, TransportResponse } from '../../services/request/transport'
import { addressOf, queryOf } from './hash-address'
import { readAnswer } from './read-answer'

/** The order page a call is for, and what the call is, as the app's request layer makes it. */
export interface EarlyOrderCall {
  /** The hash addresses of the page. */
  readonly addresses: readonly string[]
  /** The page's title, which its frame shows as its heading. */
  readonly title: string
  readonly method: 'GET' | 'POST'
  /** The path; the detail's carries ORDER_ID_SLOT where the order's id goes. */
  readonly path: string
  readonly body?: string
  readonly contentType?: string
}

/** Where the detail call's path takes the order id. */
export const ORDER_ID_SLOT = '{orderId}'

export interface EarlyOrderPlan {
  /** The stored session's localStorage key; Taro's storage keeps the value as `{"data": …}`. */
  readonly sessionKey: string
  readonly keyHex: string
  readonly purpose: SealPurpose
  /** The channel whose orders the list shows first. */
  readonly channelId: string
  /** Whether a session is valid only with a uid (the channel logs in by the bank's page token). */
  readonly needsUid: boolean
  readonly list: EarlyOrderCall
  readonly detail: EarlyOrderCall
  /** The view script's address. */
  readonly view: string
}

/** The early answer, kept on the window for the app's request and the view script. */
export interface EarlyOrder {
  readonly page: 'list' | 'detail'
  readonly orderId?: string
  readonly title: string
  readonly channelId: string
  readonly request: Pick<TransportRequest, 'method' | 'url' | 'body' | 'header'>
  /** The answer as the H5 request gives it (fetch-request.ts); it rejects as fetch does. */
  readonly answer: Promise<TransportResponse>
  /** The app has taken the answer over: nobody else may. */
  taken: boolean
  /** The app's page shows the order: the copy is not drawn, or goes. */
  shown: boolean
}

export type EarlyOrderWindow = { [EARLY_ORDER_KEY]?: EarlyOrder }

interface StoredSessionFields {
  readonly accessToken: string
  readonly expiresAt: number
  readonly uid?: string
  readonly scope?: string
}

/** The stored sealed session, as Taro's storage wraps it; undefined for anything else. */
function storedSeal(win: Window, key: string): string | undefined {
  try {
    const item: unknown = JSON.parse(win.localStorage.getItem(key) ?? '')
    const data = item && typeof item === 'object' ? (item as { data?: unknown }).data : undefined
    return typeof data === 'string' ? data : undefined
  } catch {
    // Storage unreadable (blocked by the web view) or not Taro's: the app decides as usual.
    return undefined
  }
}

async function personalToken(win: Window, plan: EarlyOrderPlan): Promise<string | undefined> {
  const sealed = storedSeal(win, plan.sessionKey)
  const subtle = win.crypto?.subtle
  if (!sealed || !subtle) return undefined
  const plain = await openSealedText(subtle, plan.keyHex, plan.purpose, plan.sessionKey, sealed)
  if (!plain) return undefined
  const session = JSON.parse(plain) as Partial<StoredSessionFields>
  if (typeof session.accessToken !== 'string' || typeof session.expiresAt !== 'number' || session.scope !== 'person') return undefined
  return isSessionValid(session as StoredSessionFields, Date.now(), plan.needsUid) ? session.accessToken : undefined
}

function requestFor(win: Window, call: EarlyOrderCall, token: string, orderId: string | undefined): EarlyOrder['request'] {
  const header: Record<string, string> = { Authorization: `Bearer ${token}` }
  if (call.contentType) header['Content-Type'] = call.contentType
  const path = orderId === undefined ? call.path : call.path.replace(ORDER_ID_SLOT, encodeURIComponent(orderId))
  return { method: call.method, url: `${win.location.origin}${path}`, header, ...(call.body === undefined ? {} : { body: call.body }) }
}

export async function startEarlyOrder(doc: Document, win: Window, plan: EarlyOrderPlan): Promise<void> {
  const address = addressOf(win.location.hash)
  const page = plan.list.addresses.includes(address) ? 'list' : plan.detail.addresses.includes(address) ? 'detail' : undefined
  if (!page) return
  const orderId = page === 'detail' ? new URLSearchParams(queryOf(win.location.hash)).get('orderId') ?? undefined : undefined
  if (page === 'detail' && !orderId) return
  let token: string | undefined
  try {
    token = await personalToken(win, plan)
  } catch {
    // WebCrypto refused, or the session is not JSON: the app reads its storage as usual.
    return
  }
  if (!token) return
  const call = page === 'list' ? plan.list : plan.detail
  const request = requestFor(win, call, token, orderId)
  const answer = win.fetch(request.url, { method: request.method, headers: request.header, ...(request.body === undefined ? {} : { body: request.body }) }).then(readAnswer)
  // Read by the view or the app, maybe neither: a failure is theirs to see, not an unhandled rejection.
  answer.catch(() => undefined)
  ;(win as EarlyOrderWindow)[EARLY_ORDER_KEY] = { page, ...(orderId === undefined ? {} : { orderId }), title: call.title, channelId: plan.channelId, request, answer, taken: false, shown: false }
  const view = doc.createElement('script')
  view.src = plan.view
  view.async = true
  doc.head.appendChild(view)
}
