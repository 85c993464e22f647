/**
 * The issuer's wire protocol, both ways. No issuer publishes one, so it is ours to define and the
 * issuer implements it (server/README.md, "The issuer"); every message is signed with the shared
 * ISSUER_SECRET (server/partners/signed-request.ts, headers X-Issuer-App-Id, -Timestamp, -Nonce,
 * -Signature):
 * - we hand over an order: POST ISSUER_BASE_URL + ISSUER_ORDERS_PATH, body IssuerOrderBody; the
 *   issuer answers 200 with `{ orderId, receiptNo }` (its number for the order; the first one
 *   again for a repeated idempotency key), signed over our request's method and path with our
 *   nonce echoed (server/orders/http-issuer.ts);
 * - the issuer tells us what became of it: POST ISSUER_NOTIFY_PATH on this server, body
 *   IssuerNotification; we answer IssuerCallbackAnswer, signed the same way
 *   (server/routes/issuer-notifications.ts).
 */
import type { OrderStatus } from '../../src/domain/order'
import { signatureHeaders, signedHeaders } from '../partners/signed-request'
import type { SigningCredentials } from '../partners/signed-request'
import type { IssuerSubmission } from './issuer-gateway'

export const ISSUER_SIGNATURE_HEADERS = signatureHeaders('issuer')

/** Where orders are handed over, below ISSUER_BASE_URL. */
export const ISSUER_ORDERS_PATH = '/orders'
/** Where the issuer's notifications arrive on this server (not part of the app's contract). */
export const ISSUER_NOTIFY_PATH = '/issuer/v1/notify'

/** What an order hands over as: IssuerSubmission with its times in ISO 8601 (UTC). */
export type IssuerOrderBody = Omit<IssuerSubmission, 'submittedAt'> & { readonly submittedAt: string }

export function issuerOrderBody(submission: IssuerSubmission): IssuerOrderBody {
  return { ...submission, submittedAt: submission.submittedAt.toISOString() }
}

export const ISSUER_EVENT_TYPES = ['auditPassed', 'auditRejected', 'shipped', 'activated'] as const
export type IssuerEventType = (typeof ISSUER_EVENT_TYPES)[number]

/** A notification: what happened to one of our orders at the issuer. */
export interface IssuerNotification {
  /** The issuer's id of this event: the same on every resend of it (logged; replays are recognised by the order's stage). */
  readonly eventId: string
  readonly orderId: string
  readonly type: IssuerEventType
  /** auditRejected: why, in words the applicant reads. */
  readonly reason?: string
  /** shipped by courier: the waybill number the applicant tracks. */
  readonly waybillNo?: string
  /** When it happened at the issuer (ISO 8601 with offset). */
  readonly occurredAt: string
}

export const ISSUER_ANSWER_CODE = { success: 'SUCCESS', fail: 'FAIL' } as const

/**
 * Our answer to a notification. SUCCESS (HTTP 200): taken, do not send it again; `changed` says
 * whether the order moved (false for a replay or late news) and `status` where it is now. FAIL
 * (any other status): not taken; the issuer sends it again later.
 */
export type IssuerCallbackAnswer =
  | { readonly code: typeof ISSUER_ANSWER_CODE.success; readonly orderId: string; readonly changed: boolean; readonly status: OrderStatus; readonly message?: string }
  | { readonly code: typeof ISSUER_ANSWER_CODE.fail; readonly message: string }

/**
 * The path a notification is signed over: ISSUER_NOTIFY_PATH below PUBLIC_BASE_URL's own path,
 * the address the issuer posts to (a proxy in front may strip that prefix before this server sees it).
 */
export function issuerNotifyPath(publicBaseUrl: string): string {
  return `${new URL(publicBaseUrl).pathname.replace(/\/+$/, '')}${ISSUER_NOTIFY_PATH}`
}

/** A notification as the issuer sends it: the exact body and the headers signing it. */
export function signedIssuerNotification(
  credentials: SigningCredentials,
  notification: IssuerNotification,
  publicBaseUrl: string,
  sent: { readonly now: Date; readonly nonce: string },
): { readonly body: string; readonly headers: Record<string, string> } {
  const body = JSON.stringify(notification)
  const message = { method: 'POST', path: issuerNotifyPath(publicBaseUrl), body }
  return { body, headers: { 'content-type': 'application/json', ...signedHeaders(ISSUER_SIGNATURE_HEADERS, credentials, message, sent.now, sent.nonce) } }
}
