/** Plate checks, the apply payload and its draft, photo uploads, vouchers. */
import type { DeliveryMethod } from '../../src/domain/enums'
import type { PlateCheck } from '../../src/domain/order'
import type { PlateUniqueResult } from '../../src/domain/plate'
import { BUSINESS_CODE } from './envelope'
import type { OrderDetail } from './orders'
import type { PayOrderInfo } from './payment'

/** POST checkPlateNumberUnique/cache. */
export interface PlateUniqueRequest {
  plateNumber: string
  plateColor: number
  /** UNIQUE_CHECK_VEHICLE_TYPE (2). */
  vehicleType: number
}
/** The spec reads `data.data.resultType`: the supplier's answer nests once more. */
export interface PlateUniqueResponse {
  data: {
    resultType: PlateUniqueResult
    /** With result 3 from another applicant's unpaid order: when its hold ends unless they pay (ISO time). */
    releaseAt?: string
  }
}

/**
 * POST plateReleaseNotice (not in the spec): one SMS to the account's own phone when another
 * applicant's unpaid hold of the plate ends without payment (after plateUnique answered releaseAt).
 */
export interface PlateReleaseNoticeRequest {
  plateNumber: string
  plateColor: number
}
export interface PlateReleaseNoticeResponse {
  /** The account's phone the SMS goes to, masked (138****8000). */
  maskedPhone: string
  /** When the hold ends unless the other applicant pays (ISO time). */
  releaseAt: string
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

/**
 * POST /groundpromotion/v2/api/requiredRisk: the risk review of a new application (the spec does
 * not show its shape; this is the one chosen). The plate page asks it for a plate the caller has
 * no open order of, just before the order is created, and the create step (stepId 1) asks the
 * same reviewer again, so a client that skips the call is refused alike (business 2002).
 * Example: `{"plateNumber":"京A12345","promotionChannelId":"…"}`.
 */
export interface RequiredRiskRequest {
  plateNumber: string
  promotionChannelId: string
}
/**
 * `{"required":false,"reason":""}` lets the application go on; `{"required":true,"reason":"该车辆
 * 未通过风险审核…"}` means a manual review is required, so it cannot be made online: the app shows
 * the reason and the customer-service way out. The server's simulated reviewer refuses the demo
 * plates of RISK_DEMO_REFUSED_PLATES (server/catalogue/risk-review.ts) and passes every other.
 */
export interface RequiredRiskResponse {
  required: boolean
  /** Why, in Chinese, when required; empty otherwise. */
  reason: string
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
  /**
   * ACTIVITY_TYPE of the flow as the client knows it. The server records the order's promotion's
   * own activity instead (OrderDetail.activitySource), so a client need not wait for the promotion's
   * info before opening the order.
   */
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
  /** The issuers' agreements accepted on the consent step, each with the version shown. */
  issuerAgreements?: IssuerAgreementAcceptance[]
}

/**
 * One issuer's agreement accepted on the consent step: `{"issuerId":3,"version":"2026-01"}`. The
 * server refuses a version that is no longer the issuer's current one (business 2004 "发行方服务协议
 * 已更新，请重新阅读并同意") and records the first acceptance of each issuer for the order with its
 * own time. The final commit needs the accepted agreement of the package's issuer, when that issuer
 * has one: without it `missing` names MISSING_ISSUER_AGREEMENT.
 */
export interface IssuerAgreementAcceptance {
  issuerId: number
  version: string
}

/** What a final commit's `missing` says while the package's issuer agreement is not accepted. */
export const MISSING_ISSUER_AGREEMENT = '发行方服务协议'

/**
 * How an apply step refuses an issuer's agreement accepted in a version that is no longer current
 * (the operator published a new one): business AGREEMENT_OUTDATED with this message. The person
 * reads and accepts the new version on the consent step again.
 */
export const ISSUER_AGREEMENT_OUTDATED = { code: BUSINESS_CODE.AGREEMENT_OUTDATED, message: '发行方服务协议已更新，请重新阅读并同意' } as const

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
  /**
   * Only on a FINAL_COMMIT that submitted the order: what the pay page shows (the answers of
   * getOrderInfo and handleOrders for the order), so on a slow link it opens without a round trip
   * of its own. The spec does not show this call's answer; this part is the app's.
   */
  submitted?: SubmittedOrder
}

/** The order as the final commit left it: its pay info and its detail. */
export interface SubmittedOrder {
  payment: PayOrderInfo
  order: OrderDetail
}

/**
 * POST /users/v3/{orderId}/users/vehicles/h5/apply/push?promotionChannelId=: hand a submitted order
 * to its issuer (the spec does not show the answer; this is the one chosen). The final commit
 * already queued the hand-over (an outbox written in its transaction, delivered by a server job);
 * this call delivers it now when it is due. Called again, or after a restart, it never sends the
 * order twice. Example answer: `{"orderId":"O…","pushed":true,"issuerReceivedAt":"2026-03-01T08:00:00.000Z"}`.
 */
export interface ApplyPushRequest {
  orderId: string
  promotionChannelId: string
}
export interface ApplyPushResponse {
  orderId: string
  /** The issuer has confirmed it received the order; false while the hand-over waits for a retry. */
  pushed: boolean
  /** When the issuer confirmed (ISO 8601); null until then. */
  issuerReceivedAt: string | null
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

/**
 * The photos whose text the server reads (issue 31): the ID card's two sides and the driving
 * licence's main page.
 */
export type ReadableDocument = 'idCardFront' | 'idCardBack' | 'drivingLicense'

/**
 * POST /users/v1/usersVehicles/recognize (not in the spec): the text of a photo the caller uploaded
 * to their order, read by the OCR provider. A reading is a suggestion for the form, never a
 * decision, and the server keeps none of it: it answers once, and the form keeps what it takes.
 * Example request `{"orderId":"O…","fileId":"F…"}`.
 */
export interface RecognizePhotoRequest {
  orderId: string
  fileId: string
}

/** The ID card's portrait side, as read. A field the provider could not read is absent. */
export interface IdCardFrontText {
  name?: string
  idNumber?: string
  address?: string
}

/** The ID card's national-emblem side: its validity, "YYYY.MM.DD" each, `validUntil` absent when it reads 长期. */
export interface IdCardBackText {
  validFrom?: string
  validUntil?: string
  authority?: string
}

/** The driving licence's main page, as read. */
export interface DrivingLicenseText {
  plateNumber?: string
  vehicleType?: string
  owner?: string
  address?: string
  /** 品牌型号, e.g. "大众汽车牌FV7152FBDBG": the form's vehicleInfo. */
  model?: string
  vin?: string
  engineNo?: string
  /** "YYYY-MM-DD". */
  registerDate?: string
  issueDate?: string
}

/** Why a photo was not read: too blurred or dark, not the document asked for, or the reader is down or late. */
export type UnreadReason = 'unreadable' | 'wrongDocument' | 'unavailable'

/**
 * What a photo's reading came to: the text of the document (`read`), or why there is none. Either
 * is an answer (HTTP 200): a photo that cannot be read is typed by hand as before.
 * Example: `{"document":"drivingLicense","outcome":"read","text":{"plateNumber":"京A12345",…}}`.
 */
export type PhotoReading =
  | { document: 'idCardFront'; outcome: 'read'; text: IdCardFrontText }
  | { document: 'idCardBack'; outcome: 'read'; text: IdCardBackText }
  | { document: 'drivingLicense'; outcome: 'read'; text: DrivingLicenseText }
  | { document: ReadableDocument; outcome: 'unread'; reason: UnreadReason }

/** GET images/{fileId}: a photo back to its owner. */
export interface ImageRequest {
  fileId: string
}

/** The largest image the server accepts. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Image types the server accepts, judged from the bytes. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/**
 * Why a write-off code (activity type 3) cannot be used. The spec does not show the shape; these
 * are the app's own. What is wrong with the code itself is told only to the caller whose own order
 * holds it; anyone else gets UNAVAILABLE, so that guessing cannot tell which codes exist.
 */
export const VOUCHER_REFUSAL = {
  /** Unknown, claimed by someone else, past its expiry, or another promotion's: not told apart. */
  UNAVAILABLE: 'unavailable',
  /** Claimed already for another of the caller's own orders (said only to them). */
  USED: 'used',
  /** The promotion is unknown, closed, not of the caller's channel, or not a write-off campaign. */
  PROMOTION: 'promotion',
  /** The order already carries another code. */
  ORDER_HAS_VOUCHER: 'order-has-voucher',
  /** The order is paid, cancelled or otherwise past choosing its price. */
  ORDER_CLOSED: 'order-closed',
} as const
export type VoucherRefusal = (typeof VOUCHER_REFUSAL)[keyof typeof VOUCHER_REFUSAL]

/** A write-off code's length and alphabet: upper-case letters, digits and hyphens. */
export const VOUCHER_CODE_MIN_LENGTH = 4
export const VOUCHER_CODE_MAX_LENGTH = 16
export const VOUCHER_CODE_PATTERN = new RegExp(`^[A-Z0-9-]{${VOUCHER_CODE_MIN_LENGTH},${VOUCHER_CODE_MAX_LENGTH}}$`)

/** POST verifyEligibility: may this code be used (for this order, when named)? */
export interface VoucherRequest {
  promotionChannelId: string
  /** The write-off code as typed, trimmed and upper-cased by the client. */
  code: string
  orderId?: string
}
export interface VerifyEligibilityResponse {
  eligible: boolean
  /** Empty when eligible; otherwise the Chinese message to show. */
  reason: string
  /** Absent when eligible. */
  refusal?: VoucherRefusal
  /** What the code takes off the amount to pay, in cents; present when eligible. */
  discountCents?: number
  /** ISO 8601; present when eligible. */
  expiresAt?: string
}

/** POST claimVoucher: the code is used for this order (once; claiming it again for the same order answers the same). */
export interface ClaimVoucherRequest extends VoucherRequest {
  orderId: string
}
export interface ClaimVoucherResponse {
  voucherId: string
  code: string
  orderId: string
  discountCents: number
  claimedAt: string
}

/** A write-off code claimed for an order, as the order and its payment show it. */
export interface OrderVoucher {
  code: string
  discountCents: number
}
