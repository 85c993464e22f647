/**
 * The payment providers' notifications (POST /pay/v1/notify/{vendor}): WeChat Pay's JSON with its
 * signature headers, Alipay's signed form. The vendor's adapter verifies the exact bytes (the body
 * is kept as text here, never parsed first) and reads them; then:
 * - a payment: settled once (a replay, or money for a payment abandoned meanwhile, changes
 *   nothing more than one settlement or one refund: payments/payments.ts settleVendorPayment);
 *   a paid order goes to its issuer at once;
 * - a refund: its end recorded once (payments/refunds.ts);
 * - what fails its signature, names no payment of ours, or another amount than the payment's is
 *   refused and logged, and answered so that the vendor tries again (a forged one never succeeds).
 * Public (the vendors call it), and absent for a vendor that is not configured.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from '../http/envelope'
import { handOverNow } from '../orders/issuer-outbox'
import { PAY_NOTIFY_PATH } from '../payments/cashier'
import { settleVendorPayment } from '../payments/payments'
import { recordRefundOutcome } from '../payments/refunds'
import { isVendorName } from '../payments/vendor'
import type { PaymentVendor, VendorName, VerifiedNotification } from '../payments/vendor'
import type { RouteContext, RouteGroup } from './context'

/** A notification is a few kilobytes; anything larger is not one. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024

function headersOf(request: FastifyRequest): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]))
}

/** Acts on a verified notification; answers whether the vendor may consider it delivered. */
async function handle(context: RouteContext, request: FastifyRequest, vendor: VendorName, notification: VerifiedNotification): Promise<boolean> {
  switch (notification.kind) {
    case 'ignored':
      return true
    case 'refund': {
      const known = await recordRefundOutcome(context.db, vendor, notification, context.clock.now())
      if (!known) request.log.warn({ vendor, refundId: notification.refundId }, 'refund notification for no refund of ours: refused')
      else if (notification.outcome === 'failed') request.log.error({ vendor, refundId: notification.refundId }, 'refund failed at the payment provider: needs a person')
      return known
    }
    case 'payment': {
      const { outcome, orderId } = await settleVendorPayment(context, vendor, notification)
      const facts = { vendor, paymentId: notification.paymentId, amountCents: notification.amountCents, outcome }
      if (outcome === 'unknown' || outcome === 'mismatch') {
        request.log.error(facts, 'payment notification refused: no such payment of this provider, or another amount')
        return false
      }
      if (outcome === 'refunding') request.log.warn(facts, 'money taken for an abandoned payment: refund queued')
      if (outcome === 'settled' && orderId !== undefined) {
        await handOverNow({ db: context.db, clock: context.clock, issuer: context.issuer, log: request.log }, orderId)
      }
      return true
    }
  }
}

async function notified(context: RouteContext, request: FastifyRequest<{ Params: { vendor: string } }>, reply: FastifyReply): Promise<void> {
  const name = request.params.vendor
  const vendor: PaymentVendor | undefined = isVendorName(name) ? context.cashier.vendor(name) : undefined
  if (!vendor || !isVendorName(name)) throw ApiError.notFound()
  const rawBody = typeof request.body === 'string' ? request.body : ''
  const notification = await vendor.readNotification({ headers: headersOf(request), rawBody })
  let accepted = false
  if (notification) accepted = await handle(context, request, name, notification)
  else request.log.warn({ vendor: name }, 'payment notification refused: its signature or body did not verify')
  const answer = vendor.answer(accepted)
  await reply.code(answer.status).type(answer.contentType).send(answer.body)
}

export const payNotificationRoutes: RouteGroup = async (app, { context }) => {
  // The vendors sign the body's exact bytes: it reaches the adapter as text, whatever its type.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT }, (_request, body, done) => done(null, body))
  app.post<{ Params: { vendor: string } }>(PAY_NOTIFY_PATH, { config: { public: true } }, (request, reply) => notified(context, request, reply))
}
