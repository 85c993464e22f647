/** Configuration and catalogue: promise configs, promotion channels, commodities, issuers. */
import type { Notice } from '../../src/domain/notice'

/** POST /supportserv/v1/supportserv/promiseConfig/getByType. */
export interface PromiseConfigRequest {
  type: string
}
export interface PromiseConfigResponse {
  /** SHOW.YES (1) or SHOW.NO (0). */
  switchStatus: number
  /**
   * A JSON document, as text (the caller parses it). For the types of SERVICE_PROMISE_TYPE it is a
   * ServicePromiseContent, e.g. `{"title":"服务承诺","items":["审核通过后48小时内发货","…"]}`;
   * other types carry documents of their own.
   */
  content: string
}

/**
 * The content of a service promise: `title` (its heading) and `items` (one promise a line, at
 * least one non-blank). The app shows it only while switched on; off, unreadable or without a line,
 * nothing shows. The server refuses to serve a stored document of another shape (server fault).
 */
export type { ServicePromise as ServicePromiseContent } from '../../src/domain/service-promise'

/**
 * The promise types the app asks for, by where it shows them: the pay page's 温馨提示 and the
 * package detail (套餐详情). Seeded switched on (server/catalogue/seed-data.ts); an operator turns
 * one off with `update app_configs set switch_status = 0 where key = 'promise:payPromise'`.
 */
export const SERVICE_PROMISE_TYPE = { payReminder: 'payPromise', packageDetail: 'packagePromise' } as const
export type ServicePromiseType = (typeof SERVICE_PROMISE_TYPE)[keyof typeof SERVICE_PROMISE_TYPE]

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

/**
 * GET of the region list (not in the spec): the provinces, cities and districts a device can be
 * mailed to, for the 所在地区 picker. Public and cacheable: the list is the same for everyone.
 */
export type { RegionTree } from '../../src/domain/region'

/** POST /supplier/v1/getSupplierProtocol: the issuer's own service agreement. */
export interface SupplierProtocolRequest {
  issuerId: number
}
/**
 * The issuer's service agreement (the spec does not show its shape; this is the one chosen), e.g.
 * `{"issuerId":3,"title":"北京ETC用户服务协议","content":"本协议由您与…","version":"2026-01"}`.
 * Kept per issuer in app_configs (`supplierProtocol:<issuerId>`, content `{title, content,
 * version}`); a switched-off or missing one answers business 404 "该发行方暂无服务协议", and the
 * issuer then has no agreement to accept. The consent step shows the agreement of each issuer whose
 * packages the promotion offers, and the apply payload's `issuerAgreements` carries the versions
 * accepted (types/api/apply.ts).
 */
export interface SupplierProtocolResponse {
  issuerId: number
  title: string
  /** Plain text; paragraphs separated by line breaks. */
  content: string
  /** The text's version label: an operator changes it with the text, and acceptances record it. */
  version: string
}

/** POST /users/v1/weixin/getWeixinConfig?url=: the WeChat JS-SDK config (the official account's signature, or a simulated one: server/platform/wechat.ts). */
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

/**
 * GET /order/v1/restNewApplySwitch: whether new applications are taken. The operator's switch is
 * the app_configs row `switch:allowNewApply` (switch_status 1 open, 0 paused), and the row's
 * content may give the reason shown to people: `{"reason":"系统升级维护中，预计3月1日恢复"}`.
 * Paused, the plate page says so and opens no new order (the create step refuses it too, business
 * 5003); open orders go on as before (continued, paid, followed).
 */
export interface NewApplySwitchResponse {
  /** ALLOW_NEW_APPLY: true or false. */
  allowNewApply: boolean
  /** Why new applications are paused (Chinese): the operator's, else the default; empty while open. */
  reason: string
}
