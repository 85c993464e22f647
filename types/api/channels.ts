/**
 * The identifiers app and backend agree on per channel: the channel id of the API paths, the
 * source channel, activity ids, the default promotion and the promoter account of silent login.
 * The app's channel profiles (src/config/channel.ts) are built from these; the server seeds them.
 *
 * PLACEHOLDERS: the specification does not show the real values. Each is a clearly named stand-in
 * to be replaced per deployment, on both sides at once because both read this file.
 */
export type ChannelKey = 'bank' | 'map'

export interface ChannelIdentifiers {
  readonly channelId: string
  readonly sourceChannel: string
  readonly activityIds: { readonly ordinary: string; readonly province: string }
  readonly defaultPromotion: { readonly promotionChannelId: string; readonly partnerId: string; readonly promoterId: string }
  readonly trackingId: string
  /** The channel's own account: it identifies the channel, not a person (channel-level calls only). */
  readonly promoterAccount: { readonly loginAccount: string; readonly password: string }
}

export const CHANNEL_IDENTIFIERS: Readonly<Record<ChannelKey, ChannelIdentifiers>> = {
  bank: {
    channelId: 'PLACEHOLDER_BANK_CHANNEL',
    sourceChannel: 'PLACEHOLDER_BANK_SOURCE',
    activityIds: { ordinary: 'PLACEHOLDER_BANK_ACTIVITY', province: 'PLACEHOLDER_BANK_PROVINCE_ACTIVITY' },
    defaultPromotion: {
      promotionChannelId: 'PLACEHOLDER_BANK_PROMOTION_CHANNEL',
      partnerId: 'PLACEHOLDER_BANK_PARTNER',
      promoterId: 'PLACEHOLDER_BANK_PROMOTER',
    },
    trackingId: 'PLACEHOLDER_BANK_TRACKING',
    promoterAccount: { loginAccount: 'PLACEHOLDER_BANK_PROMOTER_ACCOUNT', password: 'PLACEHOLDER_BANK_PROMOTER_PASSWORD' },
  },
  map: {
    channelId: 'PLACEHOLDER_MAP_CHANNEL',
    sourceChannel: 'PLACEHOLDER_MAP_SOURCE',
    activityIds: { ordinary: 'PLACEHOLDER_MAP_ACTIVITY', province: 'PLACEHOLDER_MAP_PROVINCE_ACTIVITY' },
    defaultPromotion: {
      promotionChannelId: 'PLACEHOLDER_MAP_PROMOTION_CHANNEL',
      partnerId: 'PLACEHOLDER_MAP_PARTNER',
      promoterId: 'PLACEHOLDER_MAP_PROMOTER',
    },
    trackingId: 'PLACEHOLDER_MAP_TRACKING',
    promoterAccount: { loginAccount: 'PLACEHOLDER_MAP_PROMOTER_ACCOUNT', password: 'PLACEHOLDER_MAP_PROMOTER_PASSWORD' },
  },
}

/** A landing page's own promotion: a promotion channel of one channel profile, with its partner and promoter tags. */
export interface LandingPromotion {
  readonly channelKey: ChannelKey
  readonly promotionChannelId: string
  readonly partnerId: string
  readonly promoterId: string
}

/** The promotion the three search-ad landings share; each variant has its own promoter tag. */
const SEARCH_AD = { promotionChannelId: 'PLACEHOLDER_SEARCH_AD_PROMOTION', partnerId: 'PLACEHOLDER_SEARCH_AD_PARTNER' } as const

/**
 * The promotions the landing pages bring when their address names none (the app's table,
 * src/config/landings.ts), and `ended`, which no landing uses: its address shows how an ended
 * promotion is refused. PLACEHOLDERS like the rest of this file; the server seeds each as a
 * promotion channel with its partners and packages (server/catalogue/seed-data.ts).
 */
export const LANDING_PROMOTIONS = {
  bankApp: {
    channelKey: 'bank',
    promotionChannelId: 'PLACEHOLDER_BANK_APP_PROMOTION',
    partnerId: 'PLACEHOLDER_BANK_APP_PARTNER',
    promoterId: 'PLACEHOLDER_BANK_APP_PROMOTER',
  },
  bankLifeApp: {
    channelKey: 'bank',
    promotionChannelId: 'PLACEHOLDER_BANK_LIFE_APP_PROMOTION',
    partnerId: 'PLACEHOLDER_BANK_LIFE_APP_PARTNER',
    promoterId: 'PLACEHOLDER_BANK_LIFE_APP_PROMOTER',
  },
  searchAd: { channelKey: 'bank', ...SEARCH_AD, promoterId: 'PLACEHOLDER_SEARCH_AD_PROMOTER' },
  searchAdPackages: { channelKey: 'bank', ...SEARCH_AD, promoterId: 'PLACEHOLDER_SEARCH_AD_PACKAGES_PROMOTER' },
  searchAdSteps: { channelKey: 'bank', ...SEARCH_AD, promoterId: 'PLACEHOLDER_SEARCH_AD_STEPS_PROMOTER' },
  mapSearchAd: {
    channelKey: 'map',
    promotionChannelId: 'PLACEHOLDER_MAP_SEARCH_AD_PROMOTION',
    partnerId: 'PLACEHOLDER_MAP_SEARCH_AD_PARTNER',
    promoterId: 'PLACEHOLDER_MAP_SEARCH_AD_PROMOTER',
  },
  carOwnerApp: {
    channelKey: 'bank',
    promotionChannelId: 'PLACEHOLDER_CAR_OWNER_APP_PROMOTION',
    partnerId: 'PLACEHOLDER_CAR_OWNER_APP_PARTNER',
    promoterId: 'PLACEHOLDER_CAR_OWNER_APP_PROMOTER',
  },
  partnerSite: {
    channelKey: 'bank',
    promotionChannelId: 'PLACEHOLDER_PARTNER_SITE_PROMOTION',
    partnerId: 'PLACEHOLDER_PARTNER_SITE_PARTNER',
    promoterId: 'PLACEHOLDER_PARTNER_SITE_PROMOTER',
  },
  ended: {
    channelKey: 'bank',
    promotionChannelId: 'PLACEHOLDER_ENDED_PROMOTION',
    partnerId: 'PLACEHOLDER_ENDED_PARTNER',
    promoterId: 'PLACEHOLDER_ENDED_PROMOTER',
  },
} as const satisfies Readonly<Record<string, LandingPromotion>>
