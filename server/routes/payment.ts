/**
 * Paying the deposit or fee: starting a payment (what the pay method needs comes back, issued by
 * context.cashier: the cashier's address built from configuration, or WeChat Pay's or Alipay's
 * parameters), and the pay state and payment info of the caller's order. The cashier pages and
 * the simulated platforms' notification are in server/routes/simulators.ts. The caller's orders
 * not paid in time are expired first (orders/unpaid-orders.ts): a lapsed order starts no payment.
 */
import { z } from 'zod'
import { API } from '../../types/api/paths'
import { DEFAULT_PAY_METHOD, PAY_METHODS } from '../../types/api/payment'
import { ok } from '../http/envelope'
import { assertPaymentPromotion } from '../orders/admission'
import { afterExpiry } from '../orders/order-expiry'
import { requireOwnOrder } from '../orders/order-records'
import { paymentInfo, paymentState, startPayment } from '../payments/payments'
import { identifier } from '../validation/fields'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'
import { ChannelOrderParams, OrderParams } from './route-params'

const PayDepositBody = z.object({ promotionChannelId: identifier, payMethod: z.enum(PAY_METHODS).optional() })

export const paymentRoutes: RouteGroup = async (app, { context }) => {
  const route = contractRoutes(app, context)

  route(API.payDeposit, {
    params: ChannelOrderParams,
    body: PayDepositBody,
    handler: async ({ user, params: { channel, orderId }, body, request }) =>
      ok(
        await afterExpiry(context, user.id, async () => {
          // A promotion (and its price) never leaves its channel: the same rule as applying.
          await assertPaymentPromotion(context.db, await requireOwnOrder(context.db, user.id, orderId), channel, body.promotionChannelId)
          return startPayment(context, user.id, orderId, body.payMethod ?? DEFAULT_PAY_METHOD, { clientIp: request.ip, log: request.log })
        }),
      ),
  })

  route(API.payState, {
    params: ChannelOrderParams,
    handler: async ({ user, params }) => ok(await afterExpiry(context, user.id, () => paymentState(context.db, user.id, params.orderId))),
  })

  route(API.payOrderInfo, {
    params: OrderParams,
    handler: async ({ user, params }) => ok(await afterExpiry(context, user.id, () => paymentInfo(context.db, user.id, params.orderId))),
  })
}
