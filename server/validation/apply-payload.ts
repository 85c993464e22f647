/**
 * The apply payload as the server accepts it once opened (types/api/apply.ts ApplyPayload):
 * every field checked with the domain's rules, unknown fields refused, and the plate colour
 * matching the plate.
 */
import { z } from 'zod'
import { ACTIVITY_TYPE, APPLY_STEP, DELIVERY_METHOD, ISSUERS, PLATE_COLOR } from '../../src/domain/enums'
import { MAX_PROTOCOL_VERSION_LENGTH } from '../catalogue/supplier-protocols'
import { jsonTextProblem, text } from '../http/text'
import { address, engineNumber, identifier, idNumber, issuerId, mobile, parsedPlate, personName, plateColourRule, region, vehicleInfo, vin } from './fields'

const activityTypes = Object.values(ACTIVITY_TYPE)
/** A draft's field names are the payload's own; the most it may hold. */
const DRAFT_LIMITS = { keyLength: 40, entries: 40 } as const

export const ownerSchema = z.strictObject({ ownerName: personName, idNumber, mobile })

export const vehicleSchema = z.strictObject({ vehicleInfo, vin, engineNo: engineNumber })

export const deliverySchema = z
  .strictObject({
    method: z.enum([DELIVERY_METHOD.ON_SITE, DELIVERY_METHOD.MAIL], { message: '请选择领取方式' }),
    consigneeName: personName.optional(),
    consigneeMobile: mobile.optional(),
    region: region.optional(),
    address: address.optional(),
  })
  .superRefine((delivery, context) => {
    if (delivery.method !== DELIVERY_METHOD.MAIL) return
    const missing = (['consigneeName', 'consigneeMobile', 'region', 'address'] as const).filter((key) => !delivery[key])
    for (const key of missing) context.addIssue({ code: 'custom', path: [key], message: '邮寄到家需填写收货人、电话和地址' })
  })

/** An issuer's agreement accepted on the consent step, with the version shown (IssuerAgreementAcceptance). */
export const issuerAgreementSchema = z.strictObject({
  issuerId,
  version: text(MAX_PROTOCOL_VERSION_LENGTH, { min: 1 }),
})

const plateColour = plateColourRule('plateNumber', 'plateColor')

export const applyPayloadSchema = z
  .strictObject({
    stepId: z.union([z.literal(APPLY_STEP.CREATE), z.literal(APPLY_STEP.UPDATE), z.literal(APPLY_STEP.FINAL_COMMIT)], {
      message: '申办步骤不正确',
    }),
    orderId: identifier.optional(),
    channelSource: z.enum(['bank', 'map'], { message: '渠道不正确' }),
    sourceChannel: identifier,
    activitySource: z.number().int().refine((value) => (activityTypes as number[]).includes(value), '活动类型不正确'),
    promotionChannelId: identifier,
    partnerId: identifier.optional(),
    promoterId: identifier.optional(),
    uid: identifier.optional(),
    plateNumber: parsedPlate,
    plateColor: z.union([z.literal(PLATE_COLOR.BLUE), z.literal(PLATE_COLOR.GREEN)], { message: '车牌颜色不正确' }),
    commodityId: identifier.optional(),
    owner: ownerSchema.optional(),
    vehicle: vehicleSchema.optional(),
    delivery: deliverySchema.optional(),
    agreementsAcceptedAt: z.number().int().positive().optional(),
    issuerAgreements: z.array(issuerAgreementSchema).max(ISSUERS.length).optional(),
  })
  .superRefine((payload, context) => {
    plateColour.check(payload, context)
    if (payload.stepId !== APPLY_STEP.CREATE && !payload.orderId) {
      context.addIssue({ code: 'custom', path: ['orderId'], message: '缺少订单号' })
    }
  })
  // The plate was parsed once, by its field; the payload carries its normalised text on.
  .transform(plateColour.asText)

export type CheckedApplyPayload = z.infer<typeof applyPayloadSchema>

/**
 * The draft: any part of the payload, each present field checked loosely (drafts hold half-typed
 * input), but every key and string inside under the text rule.
 */
export const applyDraftSchema = z
  .record(text(DRAFT_LIMITS.keyLength), z.unknown())
  .refine((draft) => Object.keys(draft).length <= DRAFT_LIMITS.entries, '草稿字段过多')
  .superRefine((draft, context) => {
    const problem = jsonTextProblem(draft)
    if (problem) context.addIssue({ code: 'custom', message: `草稿${problem}` })
  })
