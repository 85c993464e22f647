/** Configuration and catalogue: promise configs, promotion channels, commodities, issuers. */
import type { Notice } from '../../src/domain/notice'

/** POST /supportserv/v1/supportserv/promiseConfig/getByType. */
export interface PromiseConfigRequest {
  type: string
}
export interface PromiseConfigResponse {
  /** SHOW.YES (1) or SHOW.NO (0). */
  switchStatus: number
  /** A JSON document, as text (the caller parses it). */
  content: string
}

/** GET of a channel's notices JSON. */
export type NoticesResponse = Notice[]

/** GET of the goods-type configuration JSON (cached 60 s by the app): goods type → its display. */
export type GoodsTypeConfig = Record<string, { name: string; description?: string }>

/** POST promoter_channel_effective: the current promotion, and whether it is still running. */
export interface PromoterChannelEffectiveRequest {
  promotionChannelId: string
  partnerId?: string
  promoterId?: string
}
export interface PromotionChannelInfo {
  effective: boolean
  promotionSubject: string
  /** The customer-service hall link; empty when the channel has none (then the hotline). */
  call_link: string
  /** BUSINESS_MODE: deposit 0, fee 1. */
  businessMode: number
  /** ACTIVITY_TYPE of the promotion: the activity source of the orders it brings. */
  activityType: number
}

/** POST getPartnerChannels/{promotionChannelId}. */
export interface PartnerChannelsRequest {
  promotionChannelId: string
}
export interface PartnerChannel {
  partnerId: string
  partnerName: string
  promotionChannelId: string
}

/** POST listCommodity/{id}: the channel's packages. */
export interface ListCommodityRequest {
  /** The promotion channel's id. */
  id: string
}
export interface Commodity {
  id: string
  commodityName: string
  /** Price in cents. */
  commodityPrice: number
  /** Original price in cents (18000 when the package names none). */
  originalCommodityPrice: number
  /** BUSINESS_MODE of the package: deposit 0, fee 1. */
  bizType: number
  /** Goods type → count, e.g. { obu: 1 }; names come from the goods-type config. */
  goodTypeMap: Record<string, number>
  issuerId: number
  /** Mini-program package variant: basic 202401, VIP 202402, existing user 202403. */
  packageVariant: number
  frontData: { sort: number | null; marketingData: { tags?: string[]; highlight?: string } | null; isExistUser: boolean }
  description: string
}

/** GET of the issuers list. */
export interface Issuer {
  id: number
  name: string
  /** The issuer's mini-program app id, where it has one (placeholder values). */
  miniProgramAppId: string | null
}

/** POST /supplier/v1/getSupplierProtocol. */
export interface SupplierProtocolRequest {
  issuerId: number
}
export interface SupplierProtocolResponse {
  issuerId: number
  title: string
  content: string
}

/** POST /users/v1/weixin/getWeixinConfig?url=: the WeChat JS-SDK config (simulated signature). */
export interface WeixinConfigRequest {
  url: string
}
export interface WeixinConfigResponse {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}

/** WeChat's mini-program versions a URL link can open (the app's hand-over page and the server check it). */
export const MINI_PROGRAM_ENV_VERSIONS = ['release', 'trial', 'develop'] as const
export type MiniProgramEnvVersion = (typeof MINI_PROGRAM_ENV_VERSIONS)[number]

/** POST /groundpromotion/v2/api/getWeChat/urlLink: a URL link into a mini-program. */
export interface WeChatUrlLinkRequest {
  path: string
  env_version: MiniProgramEnvVersion
  query: string
  appId: string
  code?: string
}
export interface WeChatUrlLinkResponse {
  urlLink: string
}

/** GET /order/v1/restNewApplySwitch. */
export interface NewApplySwitchResponse {
  /** ALLOW_NEW_APPLY: true or false. */
  allowNewApply: boolean
}
