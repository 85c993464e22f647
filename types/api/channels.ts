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
