/**
 * The simulated issuer (ISSUER_PROVIDER=simulated, the default outside production): it takes each
 * order once per idempotency key and answers a repeat with the first receipt, as a real issuer's
 * interface is expected to. It keeps what it took in memory: it stands for a system outside this
 * server, so tests hand the same one to an app built again on the same database (a restart).
 */
import type { IssuerGateway, IssuerSubmission } from '../orders/issuer-gateway'

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
