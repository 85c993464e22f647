/**
 * The application as this device keeps it: one versioned shape in encrypted storage, read through
 * its schema and saved by one reaction whenever what it holds changes, so a reload, a camera round
 * trip or a visit days later restores it. A draft of an unknown version, or of another shape, is
 * dropped; an application with nothing in it is not kept.
 */
import { comparer, reaction } from 'mobx'
import type { IReactionDisposer } from 'mobx'
import type { PromotionIds } from '../config/channel'
import type { ApplyForm } from '../domain/apply-form'
import { APPLY_STEP, DELIVERY_METHOD } from '../domain/enums'
import type { ApplyStep } from '../domain/enums'
import type { PlateKind } from '../domain/plate'
import type { DrivingLicenseText, IdCardBackText, IdCardFrontText, IdCardSide, IssuerAgreementAcceptance } from '../../types/api/apply'
import type { PhotoReadings, Suggestions } from '../domain/photo-reading'
import { arrayOf, fields, isNumber, isString, oneOf, optional } from '../platform/schema'
import type { Guard, Schema } from '../platform/schema'
import type { SecureStorage } from '../platform/secure-storage'
import type { KeptReadings } from './photo-reading-store'

export const APPLY_STORAGE = { draft: 'applyDraft' } as const

/** The version of the stored shape; a change of the shape takes the next one (and reads or drops the older). */
export const APPLY_DRAFT_VERSION = 1

/** What the draft holds. */
export interface ApplyDraftContent {
  plate: string
  plateKind: PlateKind
  /** Fields missing in a draft of an older form are empty. */
  form: Partial<ApplyForm>
  orderId?: string
  commodityId?: string
  certificates: number
  /** The ID card sides uploaded for this order (the server's ID card bit needs both). */
  idCardSides: IdCardSide[]
  agreementsAcceptedAt?: number
  /** The issuers' agreements accepted with the others (absent in drafts kept before them). */
  issuerAgreements?: IssuerAgreementAcceptance[]
  /** The steps the server has accepted for this order, so none is sent twice. */
  sentSteps: ApplyStep[]
  /** The promotion the order was opened under (absent in drafts kept before it was kept). */
  orderPromotion?: PromotionIds
  /** What the order's photos said, and the fields filled from them (absent until a photo is read). */
  photoReadings?: KeptReadings
}

export interface StoredApplyDraft extends ApplyDraftContent {
  version: typeof APPLY_DRAFT_VERSION
  savedAt: number
}

/** Drafts kept before the shape had a version: the same fields, the ID card sides perhaps missing. */
type UnversionedDraft = Omit<StoredApplyDraft, 'version' | 'idCardSides'> & { idCardSides?: IdCardSide[] }

const formText: Guard<string | undefined> = optional(isString)
const isIdCardSides = arrayOf(oneOf('front', 'back'))
const isPhotoReadings = fields<KeptReadings>({
  readings: fields<PhotoReadings>({
    idCardFront: optional(fields<IdCardFrontText>({ name: formText, idNumber: formText, address: formText })),
    idCardBack: optional(fields<IdCardBackText>({ validFrom: formText, validUntil: formText, authority: formText })),
    drivingLicense: optional(
      fields<DrivingLicenseText>({
        plateNumber: formText,
        vehicleType: formText,
        owner: formText,
        address: formText,
        model: formText,
        vin: formText,
        engineNo: formText,
        registerDate: formText,
        issueDate: formText,
      }),
    ),
  }),
  recognized: fields<Suggestions>({ ownerName: formText, idNumber: formText, vehicleInfo: formText, vin: formText, engineNo: formText }),
})

const COMMON_FIELDS = {
  plate: isString,
  plateKind: oneOf('blue', 'green'),
  form: fields<Partial<ApplyForm>>({
    ownerName: formText,
    idNumber: formText,
    mobile: formText,
    vehicleInfo: formText,
    vin: formText,
    engineNo: formText,
    deliveryMethod: optional(oneOf('', ...Object.values(DELIVERY_METHOD))),
    consigneeName: formText,
    consigneeMobile: formText,
    region: formText,
    address: formText,
  }),
  orderId: optional(isString),
  commodityId: optional(isString),
  certificates: isNumber,
  agreementsAcceptedAt: optional(isNumber),
  issuerAgreements: optional(arrayOf(fields<IssuerAgreementAcceptance>({ issuerId: isNumber, version: isString }))),
  sentSteps: arrayOf(oneOf(...Object.values(APPLY_STEP))),
  orderPromotion: optional(fields<PromotionIds>({ promotionChannelId: isString, partnerId: isString, promoterId: isString })),
  photoReadings: optional(isPhotoReadings),
  savedAt: isNumber,
}

const isCurrentDraft = fields<StoredApplyDraft>({ ...COMMON_FIELDS, version: oneOf(APPLY_DRAFT_VERSION), idCardSides: isIdCardSides })
const isUnversionedDraft = fields<UnversionedDraft>({ ...COMMON_FIELDS, idCardSides: optional(isIdCardSides) })

/** The stored draft: the current version as it is, an unversioned one brought up to it, anything else dropped. */
export const STORED_APPLY_DRAFT: Schema<StoredApplyDraft> = (value) => {
  if (isCurrentDraft(value)) return value
  if (isUnversionedDraft(value) && !('version' in value)) return { ...value, version: APPLY_DRAFT_VERSION, idCardSides: value.idCardSides ?? [] }
  return undefined
}

export function readApplyDraft(storage: SecureStorage): StoredApplyDraft | undefined {
  return storage.get(APPLY_STORAGE.draft, STORED_APPLY_DRAFT)
}

function isBlank(content: ApplyDraftContent): boolean {
  return (
    content.plate === '' &&
    Object.values(content.form).every((value) => !value) &&
    !content.orderId &&
    !content.commodityId &&
    content.certificates === 0 &&
    content.idCardSides.length === 0 &&
    !content.agreementsAcceptedAt &&
    !content.issuerAgreements?.length &&
    content.sentSteps.length === 0
  )
}

/**
 * Keeps the draft in step with `content` (an observable expression): one write after each change
 * that alters it, and the stored draft removed once the application is blank (cleared).
 */
export function keepApplyDraft(storage: SecureStorage, content: () => ApplyDraftContent, now: () => number): IReactionDisposer {
  return reaction(
    content,
    (draft) => {
      if (isBlank(draft)) {
        storage.remove(APPLY_STORAGE.draft)
        return
      }
      const stored: StoredApplyDraft = { version: APPLY_DRAFT_VERSION, ...draft, savedAt: now() }
      storage.set(APPLY_STORAGE.draft, stored)
    },
    { equals: comparer.structural },
  )
}
