/** Plate checks, the apply payload and its draft, photo uploads, vouchers. */
import type { DeliveryMethod } from '../../src/domain/enums'
import type { PlateCheck } from '../../src/domain/order'
import type { PlateUniqueResult } from '../../src/domain/plate'

/** POST checkPlateNumberUnique/cache. */
export interface PlateUniqueRequest {
  plateNumber: string
  plateColor: number
  /** UNIQUE_CHECK_VEHICLE_TYPE (2). */
  vehicleType: number
}
/** The spec reads `data.data.resultType`: the supplier's answer nests once more. */
export interface PlateUniqueResponse {
  data: { resultType: PlateUniqueResult }
}

/** POST contractUserInterception: is this plate (or its order) stopped by the issuer? */
export interface ContractInterceptionRequest {
  plateNo: string
  plateColor: number
  orderId?: string
  promotionChannelId: string
}
export interface InterceptionResponse {
  /** INTERCEPT (true) when the application must stop here. */
  intercept: boolean
  /** Why, in Chinese; empty when not intercepted. */
  reason: string
}

/** POST /users/channel/interceptCheck: is the channel closed for new applications? */
export interface ChannelInterceptRequest {
  sourceChannel: string
  promotionChannelId: string
}

/** GET /transfer/V1/checkApplyPlateNumber?plateNumber=. */
export interface CheckApplyPlateRequest {
  plateNumber: string
}
export type CheckApplyPlateResponse = Required<{ [K in keyof PlateCheck]: boolean }>

/** POST requiredRisk: whether the plate needs a manual risk review before applying. */
export interface RequiredRiskRequest {
  plateNumber: string
  promotionChannelId: string
}
export interface RequiredRiskResponse {
  required: boolean
}

export interface ApplyOwner {
  ownerName: string
  idNumber: string
  mobile: string
}

export interface ApplyVehicle {
  /** Brand and model as on the driving licence, e.g. "大众汽车牌FV7152FBDBG". */
  vehicleInfo: string
  vin: string
  engineNo: string
}

export interface ApplyDelivery {
  /** DELIVERY_METHOD: on-site "2" or mail "3". */
  method: DeliveryMethod
  /** Mail only. */
  consigneeName?: string
  consigneeMobile?: string
  /** Province, city and district, e.g. "广东省 深圳市 南山区". */
  region?: string
  address?: string
}

/**
 * The apply payload, sealed into `encryptUsersVehicleApplyVoStr` (see sealed.ts).
 * Step CREATE (1) opens the order for a plate; UPDATE (2) adds or changes data; FINAL_COMMIT (200)
 * submits it for payment and audit once everything is present.
 */
export interface ApplyPayload {
  stepId: number
  /** Required for UPDATE and FINAL_COMMIT. */
  orderId?: string
  /** The channel profile's key ("bank" or "map"). */
  channelSource: string
  sourceChannel: string
  /** ACTIVITY_TYPE of the flow. */
  activitySource: number
  promotionChannelId: string
  partnerId?: string
  promoterId?: string
  /** Bank app only. */
  uid?: string
  plateNumber: string
  plateColor: number
  commodityId?: string
  owner?: ApplyOwner
  vehicle?: ApplyVehicle
  delivery?: ApplyDelivery
  /** Both agreements accepted (the consent step), with the time in epoch ms. */
  agreementsAcceptedAt?: number
}

/** POST apply and POST retention (the draft): the sealed payload or draft. */
export interface ApplyRequest {
  encryptUsersVehicleApplyVoStr: string
}

export interface ApplyResponse {
  orderId: string
  stepId: number
  /** Certificate bit flags received so far. */
  certificatesCommitSate: number
  depositPayState: number
  /** What FINAL_COMMIT still needs, in Chinese (empty when complete). */
  missing: string[]
}

/** POST /users/v3/{orderId}/users/vehicles/h5/apply/push?promotionChannelId=: hand to the issuer. */
export interface ApplyPushRequest {
  orderId: string
  promotionChannelId: string
}
export interface ApplyPushResponse {
  orderId: string
  pushed: boolean
}

/** The draft kept while the user fills in the form: any part of the payload. */
export type ApplyDraft = Partial<ApplyPayload> & { savedAt?: number }

/** POST retention answers when the sealed draft (an ApplyRequest, sealed like the payload) was kept. */
export interface SaveDraftResponse {
  savedAt: string
}
export interface LoadDraftResponse {
  encryptUsersVehicleApplyVoStr: string | null
  savedAt: string | null
}

/** Which side of the ID card an upload is. */
export type IdCardSide = 'front' | 'back'
/** Other images: the vehicle front photo, road transport permit, motor licence. */
export type ImageKind = 'vehicleFront' | 'roadTransport' | 'motorLicence'

/** What a photo upload is of; it decides the path and the form fields. */
export type UploadSubject = { kind: 'idCard'; side: IdCardSide } | { kind: 'drivingLicense' } | { kind: 'image'; imageType: ImageKind }

// Multipart form fields next to the file (field "file"): text only, hence types, not interfaces
// (an interface is not a Record<string, string>).
/** uploadDrivingLicense's fields. */
export type OrderUploadFields = { orderId: string }
/** uploadIdcard's fields. */
export type IdCardUploadFields = OrderUploadFields & { side: IdCardSide }
/** uploadFileImgUrl's fields. */
export type ImageUploadFields = OrderUploadFields & { imageType: ImageKind }

export interface UploadResponse {
  fileId: string
  /** Where the owner can fetch the image again (with their token). */
  url: string
  /** The order's certificate bit flags after this upload. */
  certificatesCommitSate: number
}

/** GET images/{fileId}: a photo back to its owner. */
export interface ImageRequest {
  fileId: string
}

/** The largest image the server accepts. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Image types the server accepts, judged from the bytes. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** POST claimVoucher / verifyEligibility. */
export interface VoucherRequest {
  promotionChannelId: string
  orderId?: string
}
export interface VerifyEligibilityResponse {
  eligible: boolean
  reason: string
}
export interface ClaimVoucherResponse {
  voucherId: string
  claimedAt: string
}
