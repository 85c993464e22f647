/**
 * The checks before an application (plate uniqueness, issuer and channel interception, the reapply
 * plate check, the risk review) and the promotion's vouchers. The rules live in
 * server/catalogue/plate-checks.ts and vouchers.ts; this file validates input and keeps every
 * order id the caller names to the caller's own orders (another user's answers "订单不存在").
 */
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type {
  CheckApplyPlateResponse,
  ClaimVoucherResponse,
  InterceptionResponse,
  PlateUniqueResponse,
  RequiredRiskResponse,
  VerifyEligibilityResponse,
} from '../../types/api/apply'
import type { ChannelKey } from '../../types/api/channels'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { PLATE_COLOR } from '../../src/domain/enums'
import { parsePlate, UNIQUE_CHECK_VEHICLE_TYPE } from '../../src/domain/plate'
import {
  channelInterception,
  channelKeyOfSource,
  plateCheckFlags,
  plateInterception,
  plateUniqueResult,
  riskReviewRequired,
} from '../catalogue/plate-checks'
import { claimVoucher, voucherEligibility } from '../catalogue/vouchers'
import type { Db } from '../db/database'
import { orders } from '../db/schema'
import { requireUser } from '../http/auth-hook'
import { endpoint } from '../http/endpoint'
import { ApiError, fail, ok } from '../http/envelope'
import { parseInput } from '../http/validation'
import { identifier, plateNumber } from '../validation/fields'
import type { RouteGroup } from './context'

export const CHECKS_MESSAGE = {
  orderNotFound: '订单不存在',
  unknownSourceChannel: '渠道不存在',
  plateColorMismatch: '车牌颜色与车牌号不符',
} as const

const plateColor = z.union([z.literal(PLATE_COLOR.BLUE), z.literal(PLATE_COLOR.GREEN)])

/** The colour must be the one the plate's format implies (blue 7 characters, green 8). */
function colourMatches<T extends z.ZodType<{ plate: string; color: number }>>(schema: T) {
  return schema.superRefine((value, context) => {
    const parsed = parsePlate(value.plate)
    if (parsed.ok && parsed.plateColor !== value.color) {
      context.addIssue({ code: 'custom', message: CHECKS_MESSAGE.plateColorMismatch })
    }
  })
}

const PlateUniqueBody = colourMatches(
  z
    .strictObject({
      plateNumber,
      plateColor,
      vehicleType: z.literal(UNIQUE_CHECK_VEHICLE_TYPE),
    })
    .transform((body) => ({ plate: body.plateNumber, color: body.plateColor })),
)

const ContractInterceptionBody = colourMatches(
  z
    .strictObject({ plateNo: plateNumber, plateColor, orderId: identifier.optional(), promotionChannelId: identifier })
    .transform((body) => ({ plate: body.plateNo, color: body.plateColor, orderId: body.orderId, promotionChannelId: body.promotionChannelId })),
)

const ChannelInterceptBody = z.strictObject({ sourceChannel: identifier, promotionChannelId: identifier })
const CheckApplyPlateQuery = z.strictObject({ plateNumber })
const RequiredRiskBody = z.strictObject({ plateNumber, promotionChannelId: identifier })
const SourceChannelParams = z.strictObject({ sourceChannel: identifier })
const VoucherBody = z.strictObject({ promotionChannelId: identifier, orderId: identifier.optional() })

type OrderRow = typeof orders.$inferSelect

/** The caller's own order, or the business "not found" every other order id answers with. */
async function ownOrder(db: Db, userId: number, orderId: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), eq(orders.userId, userId)))
    .limit(1)
  if (!row) throw ApiError.business(BUSINESS_CODE.NOT_FOUND, CHECKS_MESSAGE.orderNotFound)
  return row
}

function knownSourceChannel(params: unknown): { sourceChannel: string; channelKey: ChannelKey } {
  const { sourceChannel } = parseInput(SourceChannelParams, params)
  const channelKey = channelKeyOfSource(sourceChannel)
  if (channelKey === undefined) throw ApiError.notFound(CHECKS_MESSAGE.unknownSourceChannel)
  return { sourceChannel, channelKey }
}

export const checksRoutes: RouteGroup = async (app, { context }) => {
  const { db } = context

  app.route({
    ...endpoint(API.plateUnique),
    handler: async (request): Promise<Envelope<PlateUniqueResponse>> => {
      const user = requireUser(request)
      const { plate, color } = parseInput(PlateUniqueBody, request.body)
      return ok({ data: { resultType: await plateUniqueResult(db, user.id, plate, color) } })
    },
  })

  app.route({
    ...endpoint(API.contractInterception),
    handler: async (request): Promise<Envelope<InterceptionResponse>> => {
      const user = requireUser(request)
      const body = parseInput(ContractInterceptionBody, request.body)
      const order = body.orderId === undefined ? undefined : await ownOrder(db, user.id, body.orderId)
      return ok(await plateInterception(db, { plateNumber: body.plate, promotionChannelId: body.promotionChannelId, ...(order ? { order } : {}) }))
    },
  })

  app.route({
    ...endpoint(API.channelInterceptCheck),
    handler: async (request): Promise<Envelope<InterceptionResponse>> => {
      const body = parseInput(ChannelInterceptBody, request.body)
      return ok(await channelInterception(db, body.sourceChannel, body.promotionChannelId))
    },
  })

  app.route({
    ...endpoint(API.checkApplyPlate),
    handler: async (request): Promise<Envelope<CheckApplyPlateResponse>> => {
      const query = parseInput(CheckApplyPlateQuery, request.query)
      return ok(await plateCheckFlags(db, query.plateNumber))
    },
  })

  app.route({
    ...endpoint(API.requiredRisk),
    handler: async (request): Promise<Envelope<RequiredRiskResponse>> => {
      const body = parseInput(RequiredRiskBody, request.body)
      return ok({ required: await riskReviewRequired(db, body.plateNumber, body.promotionChannelId) })
    },
  })

  app.route({
    ...endpoint(API.verifyEligibility),
    handler: async (request): Promise<Envelope<VerifyEligibilityResponse>> => {
      const user = requireUser(request)
      const source = knownSourceChannel(request.params)
      const body = parseInput(VoucherBody, request.body)
      if (body.orderId !== undefined) await ownOrder(db, user.id, body.orderId)
      return ok(await voucherEligibility(db, { userId: user.id, ...source, promotionChannelId: body.promotionChannelId }))
    },
  })

  app.route({
    ...endpoint(API.claimVoucher),
    handler: async (request): Promise<Envelope<ClaimVoucherResponse | null>> => {
      const user = requireUser(request)
      const source = knownSourceChannel(request.params)
      const body = parseInput(VoucherBody, request.body)
      if (body.orderId !== undefined) await ownOrder(db, user.id, body.orderId)
      const outcome = await claimVoucher(context, {
        userId: user.id,
        ...source,
        promotionChannelId: body.promotionChannelId,
        ...(body.orderId !== undefined ? { orderId: body.orderId } : {}),
      })
      return outcome.ok ? ok(outcome.voucher) : fail(BUSINESS_CODE.ACTION_NOT_ALLOWED, outcome.reason)
    },
  })
}
