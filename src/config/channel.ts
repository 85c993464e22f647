/**
 * Channel profiles, chosen at build time with TARO_APP_CHANNEL (bank when unset).
 *
 * PLACEHOLDERS: the specification does not show the real channel ids, activity ids, addresses,
 * tracking ids, promotion ids or keys. Every value marked PLACEHOLDER below is a clearly named
 * stand-in, to be replaced per deployment (the backend's seeds use the same values).
 */
export type ChannelKey = 'bank' | 'map'

/** How users of a channel log in (section 6). */
export type LoginMethod = 'pageToken' | 'phoneCode' | 'rememberedPhone' | 'promoterAccount' | 'mapAuthorization'

export interface PromotionIds {
  readonly promotionChannelId: string
  readonly partnerId: string
  readonly promoterId: string
}

export interface ChannelProfile {
  readonly key: ChannelKey
  /** Shown on the diagnostics page. */
  readonly label: string
  /** Channel id filled into `{channel}` of the API paths. */
  readonly channelId: string
  /** Source channel filled into `{sourceChannel}`. */
  readonly sourceChannel: string
  /** Activity ids of the ordinary and the province flow. */
  readonly activityIds: { readonly ordinary: string; readonly province: string }
  /** Address of the channel's remote notices JSON (relative to the API base). */
  readonly noticeConfigUrl: string
  /** Tracking id sent as app_id with tracking batches. */
  readonly trackingId: string
  /** Promotion ids used when the page address brings none. */
  readonly defaultPromotion: PromotionIds
  /**
   * The fixed promoter account of silent login (section 6). PLACEHOLDER credentials of a
   * low-privilege account that can only start applications; the backend seeds the same.
   */
  readonly promoterAccount: { readonly loginAccount: string; readonly password: string }
  /** Login methods, tried in order. */
  readonly loginMethods: readonly LoginMethod[]
  /** Prefix of every local storage key this app writes for the channel. */
  readonly storagePrefix: string
}

export const CHANNELS: Readonly<Record<ChannelKey, ChannelProfile>> = {
  bank: {
    key: 'bank',
    label: '银行渠道',
    channelId: 'PLACEHOLDER_BANK_CHANNEL',
    sourceChannel: 'PLACEHOLDER_BANK_SOURCE',
    activityIds: { ordinary: 'PLACEHOLDER_BANK_ACTIVITY', province: 'PLACEHOLDER_BANK_PROVINCE_ACTIVITY' },
    noticeConfigUrl: '/config/notices/bank.json',
    trackingId: 'PLACEHOLDER_BANK_TRACKING',
    defaultPromotion: {
      promotionChannelId: 'PLACEHOLDER_BANK_PROMOTION_CHANNEL',
      partnerId: 'PLACEHOLDER_BANK_PARTNER',
      promoterId: 'PLACEHOLDER_BANK_PROMOTER',
    },
    promoterAccount: { loginAccount: 'PLACEHOLDER_BANK_PROMOTER_ACCOUNT', password: 'PLACEHOLDER_BANK_PROMOTER_PASSWORD' },
    loginMethods: ['pageToken', 'rememberedPhone', 'phoneCode'],
    storagePrefix: 'etc_bank_',
  },
  map: {
    key: 'map',
    label: '地图渠道',
    channelId: 'PLACEHOLDER_MAP_CHANNEL',
    sourceChannel: 'PLACEHOLDER_MAP_SOURCE',
    activityIds: { ordinary: 'PLACEHOLDER_MAP_ACTIVITY', province: 'PLACEHOLDER_MAP_PROVINCE_ACTIVITY' },
    noticeConfigUrl: '/config/notices/map.json',
    trackingId: 'PLACEHOLDER_MAP_TRACKING',
    defaultPromotion: {
      promotionChannelId: 'PLACEHOLDER_MAP_PROMOTION_CHANNEL',
      partnerId: 'PLACEHOLDER_MAP_PARTNER',
      promoterId: 'PLACEHOLDER_MAP_PROMOTER',
    },
    promoterAccount: { loginAccount: 'PLACEHOLDER_MAP_PROMOTER_ACCOUNT', password: 'PLACEHOLDER_MAP_PROMOTER_PASSWORD' },
    loginMethods: ['mapAuthorization', 'promoterAccount'],
    storagePrefix: 'etc_map_',
  },
}

export const DEFAULT_CHANNEL: ChannelKey = 'bank'

export function resolveChannel(value: string | undefined): ChannelProfile {
  return value === 'map' || value === 'bank' ? CHANNELS[value] : CHANNELS[DEFAULT_CHANNEL]
}

export function currentChannel(): ChannelProfile {
  return resolveChannel(process.env.TARO_APP_CHANNEL)
}
