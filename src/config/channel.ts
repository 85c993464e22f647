/**
 * Channel profiles, chosen at build time with TARO_APP_CHANNEL (bank when unset).
 *
 * The identifiers the backend must agree on (channel ids, activity ids, default promotion,
 * tracking id, promoter account) are PLACEHOLDERS in types/api/channels.ts, which the server's
 * seeds read too; this file adds what only the app needs.
 */
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import type { ChannelKey } from '../../types/api/channels'

export type { ChannelKey }

/** The builds of the app: the H5 page and the two mini-programs. */
export type BuildTarget = 'h5' | 'weapp' | 'alipay'

/**
 * How users of a channel log in (section 6). `hostAuthorization` is the host app's own silent
 * login: the map app's code in the page address on H5, `wx.login` in the WeChat mini-program,
 * `my.getAuthCode` in the Alipay one.
 */
export type LoginMethod = 'pageToken' | 'phoneCode' | 'rememberedPhone' | 'promoterAccount' | 'hostAuthorization'

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
   * The fixed promoter account of silent login (section 6). PLACEHOLDER credentials of an account
   * that identifies the channel, not a person: its session reaches the channel-level calls only
   * (catalogue, configuration, plate checks); the backend seeds the same.
   */
  readonly promoterAccount: { readonly loginAccount: string; readonly password: string }
  /**
   * Login methods, tried in order. A call that needs a person skips the promoter account and,
   * when no silent method works, sends the user to the login page (phone + SMS code).
   */
  readonly loginMethods: readonly LoginMethod[]
  /** Prefix of every local storage key this app writes for the channel. */
  readonly storagePrefix: string
}

export const CHANNELS: Readonly<Record<ChannelKey, ChannelProfile>> = {
  bank: {
    key: 'bank',
    label: '银行渠道',
    ...CHANNEL_IDENTIFIERS.bank,
    noticeConfigUrl: '/config/notices/bank.json',
    loginMethods: ['pageToken', 'rememberedPhone', 'phoneCode'],
    storagePrefix: 'etc_bank_',
  },
  map: {
    key: 'map',
    label: '地图渠道',
    ...CHANNEL_IDENTIFIERS.map,
    noticeConfigUrl: '/config/notices/map.json',
    loginMethods: ['hostAuthorization', 'rememberedPhone', 'promoterAccount', 'phoneCode'],
    storagePrefix: 'etc_map_',
  },
}

/**
 * In a mini-program the person logs in as the platform intends: silently with the platform's
 * login code, else by phone. The bank apps' page token and their H5 login never apply there.
 */
export const MINI_PROGRAM_LOGIN_METHODS: readonly LoginMethod[] = ['hostAuthorization', 'rememberedPhone', 'phoneCode']

/** The login methods of a channel on a build target, tried in order. */
export function loginMethodsOn(channel: ChannelProfile, target: BuildTarget): readonly LoginMethod[] {
  return target === 'h5' ? channel.loginMethods : MINI_PROGRAM_LOGIN_METHODS
}

/** Bank-app sessions (the channels the bank's page token logs in) are only valid with a uid as well. */
export function sessionNeedsUid(methods: readonly LoginMethod[]): boolean {
  return methods.includes('pageToken')
}

export const DEFAULT_CHANNEL: ChannelKey = 'bank'

export function resolveChannel(value: string | undefined): ChannelProfile {
  return value === 'map' || value === 'bank' ? CHANNELS[value] : CHANNELS[DEFAULT_CHANNEL]
}

export function currentChannel(): ChannelProfile {
  return resolveChannel(process.env.TARO_APP_CHANNEL)
}
