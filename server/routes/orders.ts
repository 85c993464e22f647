/**
 * Orders: the caller's list, one order in detail (the current process), the current process by
 * uid or by plate, cancelling, and carrying an offline order on online. Another user's order
 * answers exactly like an unknown one (NOT_FOUND "订单不存在").
 */
import { z } from 'zod'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import type { Reply } from '../http/endpoint'
import { ok } from '../http/envelope'
import { MAX_SEALED_PARAM_LENGTH, openSealedJson } from '../http/sealed'
import { text } from '../http/text'
import { validateCancelReason } from '../../src/domain/cancel-reason'
import { cancelOrder } from '../orders/cancel-order'
import { refundNow } from '../payments/refunds'
import { convertOfflineOrder } from '../orders/offline-order'
import { currentProcess, currentProcessOfPlate, orderDetail, searchOrders } from '../orders/order-queries'
import { orderNotFound } from '../orders/order-records'
import { afterExpiry } from '../orders/order-expiry'
import { handoverCode, identifier, plateNumber } from '../validation/fields'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'
import { ChannelOrderParams, ChannelParams } from './route-params'

/** The most orders one page returns; larger requests get this many. */
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 20

const SearchBody = z
  .object({
    pageNo: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).default(DEFAULT_PAGE_SIZE),
    plateNumber: plateNumber.optional(),
  })
  // An empty body means the first page.
  .default({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE })

const MAX_CANCEL_REASON_LENGTH = 200
/** Text the text rule accepts, then one of the domain's reasons (src/domain/cancel-reason.ts): never free text. */
const cancelReason = text(MAX_CANCEL_REASON_LENGTH, { min: 1, trim: true }).transform((value, context) => {
  const chosen = validateCancelReason(value)
  if (chosen.ok) return chosen.value
  context.addIssue({ code: 'custom', message: chosen.reason })
  return z.NEVER
})

const UidParams = ChannelParams.extend({ uid: identifier })
const PlateQuery = z.object({ plateNumber })
const CancelBody = z.object({
  orderId: identifier,
  reason: cancelReason,
})
const OfflineBody = z.object({ encryptOfflineOrderToOnlineParam: text(MAX_SEALED_PARAM_LENGTH, { min: 1 }) })
const OfflineParam = z.object({ offlineNo: identifier, plateNumber, handoverCode: handoverCode.optional() })

export const orderRoutes: RouteGroup = async (app, { context }) => {
  const route = contractRoutes(app, context)
  /** Orders that expired unsubmitted or unpaid are shown cancelled, with the reason, before they are read. */
  const readFresh = async <T>(userId: number, read: () => Promise<T>): Promise<Reply<T>> => ok(await afterExpiry(context, userId, read))

  route(API.searchOrders, {
    body: SearchBody,
    // The search expires the orders of its page itself (only when one is due): no write per list.
    handler: async ({ user, body }) =>
      ok(await searchOrders(context.db, user.id, { ...body, pageSize: Math.min(body.pageSize, MAX_PAGE_SIZE) }, context.clock.now())),
  })

  route(API.orderDetail, {
    params: ChannelOrderParams,
    handler: async ({ user, params }) => readFresh(user.id, () => orderDetail(context.db, user.id, params.orderId)),
  })

  route(API.currentProcessByUid, {
    params: UidParams,
    handler: async ({ user, params }) => {
      if (params.uid !== user.uid) throw orderNotFound()
      return readFresh(user.id, () => currentProcess(context.db, user.id, params.channel))
    },
  })

  route(API.currentProcessByPlate, {
    query: PlateQuery,
    handler: async ({ user, query }) => readFresh(user.id, () => currentProcessOfPlate(context.db, user.id, query.plateNumber)),
  })

  route(API.cancelOrder, {
    body: CancelBody,
    handler: async ({ user, body, request }) => {
      const cancelled = await cancelOrder(context.db, context.clock, user.id, body.orderId, body.reason)
      await refundNow({ ...context, log: request.log }, body.orderId)
      return ok(cancelled)
    },
  })

  route(API.offlineToOnline, {
    params: ChannelParams,
    body: OfflineBody,
    handler: async ({ user, request, params, body }) => {
      const param = openSealedJson(context.config.payloadKeyHex, SEALED_FIELD.offlineOrder, body.encryptOfflineOrderToOnlineParam, OfflineParam)
      return ok(await convertOfflineOrder(context, { user, ip: request.ip }, params.channel, param))
    },
  })
}
