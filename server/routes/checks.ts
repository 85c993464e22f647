/**
 * The checks before an application (plate uniqueness, issuer and channel interception, the reapply
 * plate check, the risk review by the outside reviewer of context.risk) and the write-off codes
 * of a write-off promotion. The rules live in server/orders/plate-checks.ts and vouchers.ts and
 * server/promotions/; this file validates input and keeps every order id the caller names to
 * the caller's own orders (another user's answers "订单不存在").
 */
import { z } from 'zod'
import type { ChannelKey } from '../../types/api/channels'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { PLATE_COLOR } from '../../src/domain/enums'
import { UNIQUE_CHECK_VEHICLE_TYPE } from '../../src/domain/plate'
import { plateCheckFlags, plateInterception, plateUniqueAnswer } from '../orders/plate-checks'
import { channelInterception } from '../promotions/channel-interception'
import { channelKeyOfSource } from '../promotions/promotion-channels'
import { askPlateReleaseNotice } from '../orders/plate-release-notices'
import { claimVoucher, voucherEligibility } from '../orders/vouchers'
import { ApiError, fail, ok } from '../http/envelope'
import { requireOwnOrder } from '../orders/order-records'
import { identifier, parsedPlate, plateColourRule, plateNumber, voucherCode } from '../validation/fields'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'

export const CHECKS_MESSAGE = {
  unknownSourceChannel: '渠道不存在',
} as const

const plateColor = z.union([z.literal(PLATE_COLOR.BLUE), z.literal(PLATE_COLOR.GREEN)])

const plateColour = plateColourRule('plateNumber', 'plateColor')

const PlateUniqueBody = z
  .strictObject({ plateNumber: parsedPlate, plateColor, vehicleType: z.literal(UNIQUE_CHECK_VEHICLE_TYPE) })
  .superRefine(plateColour.check)
  .transform(plateColour.asText)

const PlateReleaseNoticeBody = z
  .strictObject({ plateNumber: parsedPlate, plateColor })
  .superRefine(plateColour.check)
  .transform(plateColour.asText)

const plateNoColour = plateColourRule('plateNo', 'plateColor')

const ContractInterceptionBody = z
  .strictObject({ plateNo: parsedPlate, plateColor, orderId: identifier.optional(), promotionChannelId: identifier })
  .superRefine(plateNoColour.check)
  .transform(plateNoColour.asText)

const ChannelInterceptBody = z.strictObject({ sourceChannel: identifier, promotionChannelId: identifier })
const CheckApplyPlateQuery = z.strictObject({ plateNumber })
const RequiredRiskBody = z.strictObject({ plateNumber, promotionChannelId: identifier })
const SourceChannelParams = z.strictObject({ sourceChannel: identifier })
const VoucherBody = z.strictObject({ promotionChannelId: identifier, code: voucherCode, orderId: identifier.optional() })
const ClaimVoucherBody = z.strictObject({ promotionChannelId: identifier, code: voucherCode, orderId: identifier })

/** The channel profile of the `{sourceChannel}` path id, or 404 for one no profile has. */
function channelKeyOfPath(sourceChannel: string): ChannelKey {
  const channelKey = channelKeyOfSource(sourceChannel)
  if (channelKey === undefined) throw ApiError.notFound(CHECKS_MESSAGE.unknownSourceChannel)
  return channelKey
}

export const checksRoutes: RouteGroup = async (app, { context }) => {
  const { db } = context
  const route = contractRoutes(app, context)

  route(API.plateUnique, {
    body: PlateUniqueBody,
    handler: async ({ user, body }) =>
      ok({ data: await plateUniqueAnswer(db, user.id, body.plateNumber, body.plateColor, context.clock.now()) }),
  })

  route(API.plateReleaseNotice, {
    body: PlateReleaseNoticeBody,
    handler: async ({ user, body }) => ok(await askPlateReleaseNotice(db, user.id, body.plateNumber, body.plateColor, context.clock.now())),
  })

  route(API.contractInterception, {
    body: ContractInterceptionBody,
    handler: async ({ user, body }) => {
      const order = body.orderId === undefined ? undefined : await requireOwnOrder(db, user.id, body.orderId)
      return ok(await plateInterception(db, { plateNumber: body.plateNo, promotionChannelId: body.promotionChannelId, ...(order ? { order } : {}) }))
    },
  })

  route(API.channelInterceptCheck, {
    body: ChannelInterceptBody,
    handler: async ({ body }) => ok(await channelInterception(db, body.sourceChannel, body.promotionChannelId)),
  })

  route(API.checkApplyPlate, {
    query: CheckApplyPlateQuery,
    handler: async ({ query }) => ok(await plateCheckFlags(db, query.plateNumber)),
  })

  // The outside risk-control service's verdict (server/catalogue/risk-review.ts); the create step asks it again.
  route(API.requiredRisk, {
    body: RequiredRiskBody,
    handler: async ({ user, body }) => ok(await context.risk.review({ userId: user.id, ...body })),
  })

  route(API.verifyEligibility, {
    params: SourceChannelParams,
    body: VoucherBody,
    handler: async ({ user, params, body, request }) =>
      ok(await voucherEligibility(context, { userId: user.id, channelKey: channelKeyOfPath(params.sourceChannel), clientAddress: request.ip, ...body })),
  })

  route(API.claimVoucher, {
    params: SourceChannelParams,
    body: ClaimVoucherBody,
    handler: async ({ user, params, body, request }) => {
      const outcome = await claimVoucher(context, { userId: user.id, channelKey: channelKeyOfPath(params.sourceChannel), clientAddress: request.ip, ...body })
      return outcome.ok ? ok(outcome.voucher) : fail(BUSINESS_CODE.ACTION_NOT_ALLOWED, outcome.reason)
    },
  })
}
