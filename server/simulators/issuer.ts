/**
 * The simulated issuer (ISSUER_PROVIDER=simulated, the default outside production): it takes each
 * order once per idempotency key and answers a repeat with the first receipt, as a real issuer's
 * interface is expected to. It keeps what it took in memory: it stands for a system outside this
 * server, so tests hand the same one to an app built again on the same database (a restart).
 *
 * Its notifications are the real protocol's (server/orders/issuer-protocol.ts), signed with the
 * local operator's secret as SIMULATED_ISSUER_APP_ID, which the notification route accepts outside
 * production while no real issuer is configured: `npm run sim` sends them, and so do the tests
 * that move an order on (simulatedIssuerNotification).
 */
import type { LifecycleAction } from '../orders/lifecycle'
import { ISSUER_EVENT_OF } from '../orders/issuer-events'
import type { IssuerGateway, IssuerSubmission } from '../orders/issuer-gateway'
import { ISSUER_NOTIFY_PATH, signedIssuerNotification } from '../orders/issuer-protocol'
import { newNonce } from '../partners/signed-request'
import type { RandomSource } from '../runtime/random'
import { newTrackingNo } from './waybills'

/** Whom the simulated issuer's notifications say they are for (a real issuer names our ISSUER_APP_ID). */
export const SIMULATED_ISSUER_APP_ID = 'simulated-issuer'
/** Its event ids: `SIMEV` and 24 hex digits. */
const EVENT_ID_PREFIX = 'SIMEV'
const EVENT_ID_BYTES = 12

/** What the simulated issuer reports: a lifecycle step of an order, with its reason or waybill. */
export interface SimulatedIssuerEvent {
  readonly orderId: string
  readonly action: LifecycleAction
  readonly reason?: string
  /** A courier shipment's waybill; the simulated courier draws one when absent. */
  readonly waybillNo?: string
}

/** A notification ready to POST to the server at `path`. */
export interface SignedNotification {
  readonly path: string
  readonly headers: Record<string, string>
  readonly body: string
}

/**
 * The simulated issuer's notification of `event`, sent at `now` to a server whose PUBLIC_BASE_URL
 * is `publicBaseUrl`, signed with the operator secret; without one (no server wrote it) it goes
 * unsigned, and a server refuses it.
 */
export function simulatedIssuerNotification(
  operatorSecret: string | undefined,
  event: SimulatedIssuerEvent,
  sent: { readonly now: Date; readonly random: RandomSource; readonly publicBaseUrl: string },
): SignedNotification {
  const waybillNo = event.waybillNo ?? (event.action === 'ship' ? newTrackingNo(sent.random) : undefined)
  const notification = {
    eventId: `${EVENT_ID_PREFIX}${sent.random.bytes(EVENT_ID_BYTES).toString('hex')}`,
    orderId: event.orderId,
    type: ISSUER_EVENT_OF[event.action],
    ...(event.reason ? { reason: event.reason } : {}),
    ...(waybillNo ? { waybillNo } : {}),
    occurredAt: sent.now.toISOString(),
  }
  if (operatorSecret === undefined) return { path: ISSUER_NOTIFY_PATH, headers: { 'content-type': 'application/json' }, body: JSON.stringify(notification) }
  const credentials = { appId: SIMULATED_ISSUER_APP_ID, secret: operatorSecret }
  const signed = signedIssuerNotification(credentials, notification, sent.publicBaseUrl, { now: sent.now, nonce: newNonce(sent.random) })
  return { path: ISSUER_NOTIFY_PATH, ...signed }
}

export interface SimulatedIssuer extends IssuerGateway {
  /** Every submission the server made, repeats included, in order. */
  readonly attempts: readonly IssuerSubmission[]
  /** The orders the issuer holds: the first submission of each idempotency key. */
  received(): IssuerSubmission[]
}

/** The simulated receipt number of an order: the same for every send of it. */
export function simulatedReceiptNo(submission: Pick<IssuerSubmission, 'issuerId' | 'idempotencyKey'>): string {
  return `SIM${String(submission.issuerId).padStart(2, '0')}-${submission.idempotencyKey}`
}

export function createSimulatedIssuer(): SimulatedIssuer {
  const attempts: IssuerSubmission[] = []
  const taken = new Map<string, IssuerSubmission>()
  return {
    simulated: true,
    attempts,
    received: () => [...taken.values()],
    async submitOrder(submission) {
      attempts.push(submission)
      if (!taken.has(submission.idempotencyKey)) taken.set(submission.idempotencyKey, submission)
      return { receiptNo: simulatedReceiptNo(submission) }
    },
  }
}
