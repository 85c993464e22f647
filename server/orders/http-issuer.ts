/**
 * The real issuer over HTTP (ISSUER_PROVIDER=http), speaking issuer-protocol.ts: a hand-over is
 * POST ISSUER_BASE_URL/orders with the order as JSON, signed with ISSUER_SECRET
 * (server/partners/signed-call.ts); the issuer's answer counts only when it is a 200 whose
 * signature verifies (over our method and path, with our nonce echoed and a fresh timestamp) and
 * which names the order and a receipt number. Anything else (no answer within ISSUER_TIMEOUT_MS, a
 * network failure, another status, a bad or missing signature, a malformed body) rejects with a
 * PartnerCallError, and the outbox sends the order again later under the same idempotency key
 * (server/orders/issuer-outbox.ts), which the issuer answers with its first receipt.
 */
import { PartnerCallError, jsonObjectOf, partnerUrl, postSigned } from '../partners/signed-call'
import type { PartnerAccount, PartnerCallDeps } from '../partners/signed-call'
import type { IssuerGateway } from './issuer-gateway'
import { ISSUER_ORDERS_PATH, ISSUER_SIGNATURE_HEADERS, issuerOrderBody } from './issuer-protocol'

/** The issuer's API root, our app id there, the shared secret (both ways) and the hand-over's timeout (well within ISSUER_DELIVERY_LEASE_MS). */
export type IssuerAccount = PartnerAccount

const PARTNER = { label: 'issuer', name: 'issuer' } as const
/** What a receipt number may look like: it is shown on the order's timeline. */
const RECEIPT_NO = /^[\w.:/-]{1,64}$/

export function createHttpIssuer(account: IssuerAccount, deps: PartnerCallDeps): IssuerGateway {
  const url = partnerUrl(account, ISSUER_ORDERS_PATH)
  return {
    async submitOrder(submission) {
      const answer = jsonObjectOf(PARTNER.name, await postSigned(PARTNER, account, ISSUER_SIGNATURE_HEADERS, url, JSON.stringify(issuerOrderBody(submission)), deps))
      if (answer.orderId !== submission.orderId) throw new PartnerCallError(`The ${PARTNER.name} answered without naming the order sent`)
      if (typeof answer.receiptNo !== 'string' || !RECEIPT_NO.test(answer.receiptNo)) throw new PartnerCallError(`The ${PARTNER.name} answered without a receipt number`)
      return { receiptNo: answer.receiptNo }
    },
  }
}
