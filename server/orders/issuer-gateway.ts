/**
 * The issuer's side of the hand-over of a submitted order (apply/push), chosen by ISSUER_PROVIDER:
 * `http`, the issuer over our signed HTTP protocol (server/orders/http-issuer.ts,
 * issuer-protocol.ts), or the simulated issuer (server/simulators/issuer.ts), which production
 * refuses (server/production-guard.ts). What the issuer does with the order afterwards comes back
 * as its notifications (server/orders/issuer-events.ts).
 *
 * The server sends an order through the outbox (server/orders/issuer-outbox.ts) until the issuer
 * confirms it. A confirmation can be lost after the issuer took the order (a timeout, a restart),
 * so the order may be sent again: every submission carries the order's idempotency key, and an
 * issuer answers a key it has seen with its first receipt instead of taking a second order.
 */

export interface IssuerSubmission {
  /** The same for every send of one order (its order id): the issuer takes each key once. */
  readonly idempotencyKey: string
  readonly orderId: string
  readonly issuerId: number
  readonly plateNumber: string
  readonly plateColor: number
  /** When the order was submitted (the final commit). */
  readonly submittedAt: Date
  /** The version of the issuer's agreement the applicant accepted; null when the issuer has none. */
  readonly agreementVersion: string | null
}

export interface IssuerReceipt {
  /** The issuer's number for the order it took. */
  readonly receiptNo: string
}

export interface IssuerGateway {
  /** Set on the simulator only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /**
   * Hands the order over: resolves once the issuer confirms; rejects when it did not (sent again
   * later). A real one gives up well within ISSUER_DELIVERY_LEASE_MS (issuer-outbox.ts), after
   * which another try may send the order again.
   */
  submitOrder(submission: IssuerSubmission): Promise<IssuerReceipt>
}
