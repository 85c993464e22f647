/**
 * Attribution: the promotion ids and the ad click id a visit arrives with in its address.
 * Partner and promoter are tags: format-checked and carried as given (the server only checks their
 * form too). A value of the wrong form is dropped, never sent.
 */

/** The form of every id the backend takes as an identifier (promotion, partner, promoter, click id). */
export const ATTRIBUTION_TAG = /^[A-Za-z0-9_-]{1,64}$/

/** The form of an ad click id (longer than a tag, and may carry dots). */
export const CLICK_ID = /^[A-Za-z0-9_.-]{1,128}$/

/** How long a visit's attribution is kept on the device (reloads, the cashier's return). */
export const ATTRIBUTION_TTL_MS = 24 * 60 * 60 * 1000

/** The address parameters attribution reads. */
export const ATTRIBUTION_PARAM = {
  promotionChannelId: 'promotionChannelId',
  partnerId: 'partnerId',
  promoterId: 'promoterId',
  /** The click id of paid-search traffic. */
  clickId: 'bd_vid',
} as const

export function isAttributionTag(value: unknown): value is string {
  return typeof value === 'string' && ATTRIBUTION_TAG.test(value)
}

/** The promotion ids an address brings: a well-formed promotion channel id, with the well-formed tags. */
export interface AddressPromotion {
  promotionChannelId: string
  partnerId?: string
  promoterId?: string
}

/** The promotion of an address, or undefined when it names none (or none of the right form). */
export function addressPromotion(params: Readonly<Record<string, string | undefined>>): AddressPromotion | undefined {
  const id = params[ATTRIBUTION_PARAM.promotionChannelId]
  if (!isAttributionTag(id)) return undefined
  const partnerId = params[ATTRIBUTION_PARAM.partnerId]
  const promoterId = params[ATTRIBUTION_PARAM.promoterId]
  return {
    promotionChannelId: id,
    ...(isAttributionTag(partnerId) ? { partnerId } : {}),
    ...(isAttributionTag(promoterId) ? { promoterId } : {}),
  }
}

/** The click id of an address, when it has one of the right form. */
export function addressClickId(params: Readonly<Record<string, string | undefined>>): string | undefined {
  const value = params[ATTRIBUTION_PARAM.clickId]
  return typeof value === 'string' && CLICK_ID.test(value) ? value : undefined
}
