/**
 * Paying the deposit or fee: starting a payment (the cashier's address comes back, built from
 * configuration by context.cashier),
 * and the pay state and payment info of the caller's order. The cashier pages themselves are in
 * server/routes/simulators.ts.
 */
import { z } from 'zod'
import type { Envelope } from '../../types/api/envelope'
import type { PayDepositResponse, PayOrderInfo, PayStateResponse } from '../../types/api/payment'
import { API } from '../../types/api/paths'
import { requireUser } from '../http/auth-hook'
import { endpoint } from '../http/endpoint'
import { ok } from '../http/envelope'
import { parseInput } from '../http/validation'
import { assertPaymentPromotion } from '../orders/admission'
import { requireOwnOrder } from '../orders/order-records'
import { paymentInfo, paymentState, startPayment } from '../payments/payments'
import { identifier } from '../validation/fields'
import type { RouteGroup } from './context'
import { ChannelParams, OrderParams } from './route-params'

const ChannelOrderParams = ChannelParams.extend(OrderParams.shape)
const PayDepositBody = z.object({ promotionChannelId: identifier })

export const paymentRoutes: RouteGroup = async (app, { context }) => {
  app.route({
    ...endpoint(API.payDeposit),
    handler: async (request): Promise<Envelope<PayDepositResponse>> => {
      const user = requireUser(request)
      const { channel, orderId } = parseInput(ChannelOrderParams, request.params)
      const { promotionChannelId } = parseInput(PayDepositBody, request.body)
      // A promotion (and its price) never leaves its channel: the same rule as applying.
      await assertPaymentPromotion(context.db, await requireOwnOrder(context.db, user.id, orderId), channel, promotionChannelId)
      return ok(await startPayment(context, user.id, orderId))
    },
  })

  app.route({
    ...endpoint(API.payState),
    handler: async (request): Promise<Envelope<PayStateResponse>> => {
      const user = requireUser(request)
      const { orderId } = parseInput(ChannelOrderParams, request.params)
      return ok(await paymentState(context.db, user.id, orderId))
    },
  })

  app.route({
    ...endpoint(API.payOrderInfo),
    handler: async (request): Promise<Envelope<PayOrderInfo>> => {
      const user = requireUser(request)
      const { orderId } = parseInput(OrderParams, request.params)
      return ok(await paymentInfo(context.db, user.id, orderId))
    },
  })
}
