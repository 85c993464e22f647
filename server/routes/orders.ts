/**
 * Orders: the caller's list, one order in detail (the current process), the current process by
 * uid or by plate, cancelling, and carrying an offline order on online. Another user's order
 * answers exactly like an unknown one (NOT_FOUND "订单不存在").
 */
import { z } from 'zod'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { Envelope, Page } from '../../types/api/envelope'
import type { CancelOrderResponse, OfflineToOnlineResponse, OrderDetail, OrderSummary } from '../../types/api/orders'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { requireUser } from '../http/auth-hook'
import { endpoint } from '../http/endpoint'
import { ApiError, ok } from '../http/envelope'
import { MAX_SEALED_PARAM_LENGTH, openSealedJson } from '../http/sealed'
import { text } from '../http/text'
import { parseInput } from '../http/validation'
import { cancelOrder } from '../orders/cancel-order'
import { convertOfflineOrder } from '../orders/offline-order'
import { currentProcess, currentProcessOfPlate, orderDetail, searchOrders } from '../orders/order-queries'
import { ORDER_MESSAGE } from '../orders/order-records'
import { expireUnsubmittedOrders } from '../orders/unsubmitted-orders'
import { handoverCode, identifier, plateNumber } from '../validation/fields'
import type { RouteGroup } from './context'
import { ChannelParams, OrderParams, knownChannel } from './route-params'

/** The most orders one page returns; larger requests get this many. */
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 20
const MAX_CANCEL_REASON_LENGTH = 200

const SearchBody = z
  .object({
    pageNo: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).default(DEFAULT_PAGE_SIZE),
    plateNumber: plateNumber.optional(),
  })
  // An empty body means the first page.
  .default({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE })

const UidParams = ChannelParams.extend({ uid: identifier })
const PlateQuery = z.object({ plateNumber })
const CancelBody = z.object({
  orderId: identifier,
  reason: text(MAX_CANCEL_REASON_LENGTH, { min: 1, trim: true, multiline: true }),
})
const OfflineBody = z.object({ encryptOfflineOrderToOnlineParam: text(MAX_SEALED_PARAM_LENGTH, { min: 1 }) })
const OfflineParam = z.object({ offlineNo: identifier, plateNumber, handoverCode: handoverCode.optional() })

export const orderRoutes: RouteGroup = async (app, { context }) => {
  /** Orders that expired unsubmitted are shown cancelled, with the reason, before they are read. */
  const expireStale = (userId: number): Promise<number> => expireUnsubmittedOrders(context.db, context.clock.now(), userId)

  app.route({
    ...endpoint(API.searchOrders),
    handler: async (request): Promise<Envelope<Page<OrderSummary>>> => {
      const user = requireUser(request)
      const body = parseInput(SearchBody, request.body)
      await expireStale(user.id)
      return ok(await searchOrders(context.db, user.id, { ...body, pageSize: Math.min(body.pageSize, MAX_PAGE_SIZE) }))
    },
  })

  app.route({
    ...endpoint(API.orderDetail),
    handler: async (request): Promise<Envelope<OrderDetail>> => {
      const user = requireUser(request)
      const { orderId } = parseInput(ChannelParams.extend(OrderParams.shape), request.params)
      await expireStale(user.id)
      return ok(await orderDetail(context.db, user.id, orderId))
    },
  })

  app.route({
    ...endpoint(API.currentProcessByUid),
    handler: async (request): Promise<Envelope<OrderDetail | null>> => {
      const user = requireUser(request)
      const { channel, uid } = parseInput(UidParams, request.params)
      if (uid !== user.uid) throw ApiError.business(BUSINESS_CODE.NOT_FOUND, ORDER_MESSAGE.notFound)
      await expireStale(user.id)
      return ok(await currentProcess(context.db, user.id, channel))
    },
  })

  app.route({
    ...endpoint(API.currentProcessByPlate),
    handler: async (request): Promise<Envelope<OrderDetail | null>> => {
      const user = requireUser(request)
      const query = parseInput(PlateQuery, request.query)
      await expireStale(user.id)
      return ok(await currentProcessOfPlate(context.db, user.id, query.plateNumber))
    },
  })

  app.route({
    ...endpoint(API.cancelOrder),
    handler: async (request): Promise<Envelope<CancelOrderResponse>> => {
      const user = requireUser(request)
      parseInput(ChannelParams, request.params)
      const body = parseInput(CancelBody, request.body)
      return ok(await cancelOrder(context.db, context.clock, user.id, body.orderId, body.reason))
    },
  })

  app.route({
    ...endpoint(API.offlineToOnline),
    handler: async (request): Promise<Envelope<OfflineToOnlineResponse>> => {
      const user = requireUser(request)
      const channel = await knownChannel(context.db, request.params)
      const body = parseInput(OfflineBody, request.body)
      const param = openSealedJson(context.config.payloadKeyHex, SEALED_FIELD.offlineOrder, body.encryptOfflineOrderToOnlineParam, OfflineParam)
      return ok(await convertOfflineOrder(context, { user, ip: request.ip }, channel, param))
    },
  })
}
