/**
 * The named codes of sections 3 and 4 of the specification. Code compares against these names,
 * never against the bare numbers.
 */

/** Order deposit payment state (depositPayState). */
export const PAY_STATE = {
  NOT_NEEDED: 1,
  AWAITING_PAYMENT: 2,
  PAYING: 3,
  FAILED: 4,
  SUCCESS: 5,
} as const
export type PayState = (typeof PAY_STATE)[keyof typeof PAY_STATE]

/** Platform audit (auditState). */
export const AUDIT_STATE = { PASSED: 2, REJECTED: 3 } as const
/** Issuer audit (supplierAuditState). */
export const ISSUER_AUDIT_STATE = { PASSED: 2 } as const

/** Cancellation (cancelState). */
export const CANCEL_STATE = { CANCELLING: 1, SUCCESS: 2, FAILED: 3 } as const

/** Device activation (obuActivationState). */
export const ACTIVATION_STATE = { AWAITING: 1, ACTIVATED: 2 } as const

/**
 * Delivery (deliveryState). The specification names only 1, awaiting shipment; 2 and 3 are this
 * product's codes for the later steps the delivery simulator and the order timeline need.
 */
export const DELIVERY_STATE = { AWAITING_SHIPMENT: 1, SHIPPED: 2, DELIVERED: 3 } as const

/** How the device reaches the user. */
export const DELIVERY_METHOD = { ON_SITE: '2', MAIL: '3' } as const
export type DeliveryMethod = (typeof DELIVERY_METHOD)[keyof typeof DELIVERY_METHOD]
/** How each delivery method is named to the user. */
export const DELIVERY_METHOD_LABEL: Readonly<Record<DeliveryMethod, string>> = { [DELIVERY_METHOD.ON_SITE]: '网点领取', [DELIVERY_METHOD.MAIL]: '邮寄到家' }

/** Plate colour codes. */
export const PLATE_COLOR = { BLUE: 1, GREEN: 3 } as const
export type PlateColor = (typeof PLATE_COLOR)[keyof typeof PLATE_COLOR]

/** Plate lengths by colour. */
export const PLATE_LENGTH = { BLUE: 7, GREEN: 8 } as const

/** Order source (orderSource): orders from the province flow. */
export const ORDER_SOURCE = { PROVINCE: 1 } as const

/** Apply step ids sent with the apply payload. */
export const APPLY_STEP = { CREATE: 1, UPDATE: 2, FINAL_COMMIT: 200 } as const
export type ApplyStep = (typeof APPLY_STEP)[keyof typeof APPLY_STEP]

/** Business modes: a refundable deposit, or a service fee ("charge mode"). */
export const BUSINESS_MODE = { DEPOSIT: 0, FEE: 1 } as const

/** Activity types 0 to 8. */
export const ACTIVITY_TYPE = {
  NONE: 0,
  PROMO_618: 1,
  NEW_APPLY: 2,
  WRITE_OFF_CODE: 3,
  ALIPAY_FUEL: 4,
  ALIPAY_3: 5,
  BANK_H5: 6,
  BANK_APP_H5: 7,
  BANK_LIFE_APP_H5: 8,
} as const

/** Why a login was asked for. */
export const LOGIN_SCENE = { LOGIN: 1, PLATE_SIGN_BIND: 2, AFTER_SALES: 3 } as const

/** Page types. */
export const PAGE_TYPE = { PLATE: 1, PAY: 2 } as const

/** Yes/no flags as the backend sends them. */
export const FRONT_LOAD = { YES: 1, NO: 0 } as const
export const SHOW = { YES: 1, NO: 0 } as const
export const INTERCEPT = true
export const ALLOW_NEW_APPLY = { YES: true, NO: false } as const

/** Notice types: type 1 shows on every visit, type 2 at most once a day. */
export const NOTICE_TYPE = { EVERY_VISIT: 1, ONCE_PER_DAY: 2 } as const

/**
 * Card issuers and their ids. Some carry a mini-program app id, which the specification does not
 * reproduce; those are left for the channel configuration.
 */
export const ISSUERS = [
  { id: 1, name: '广西' },
  { id: 2, name: '内蒙古' },
  { id: 3, name: '北京' },
  { id: 4, name: '湖南' },
  { id: 5, name: '福建' },
  { id: 6, name: '黑龙江' },
  { id: 7, name: '江苏' },
  { id: 8, name: '吉林' },
  { id: 9, name: '河北' },
  { id: 10, name: '贵州' },
  { id: 11, name: '安徽' },
  { id: 12, name: '河南' },
  { id: 13, name: '云南' },
] as const
export type IssuerId = (typeof ISSUERS)[number]['id']

export function issuerName(id: number): string | undefined {
  return ISSUERS.find((issuer) => issuer.id === id)?.name
}
