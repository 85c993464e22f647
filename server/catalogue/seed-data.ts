/**
 * The demo catalogue `npm start` seeds on first run: promotion and partner channels, packages,
 * issuers, notices, configuration documents, plates that already have ETC, plate rules, an
 * offline order to hand over and the write-off campaigns' codes. Everything here is editable in
 * the database afterwards; ids follow the shared channel placeholders (types/api/channels.ts).
 */
import { BUSINESS_MODE, ISSUERS, NOTICE_TYPE, PLATE_COLOR, ACTIVITY_TYPE, SHOW } from '../../src/domain/enums'
import { PACKAGE_VARIANT, ORIGINAL_PRICE_DEFAULT_CENTS } from '../../src/domain/money'
import { PLATE_UNIQUE_RESULT } from '../../src/domain/plate'
import { CHANNEL_IDENTIFIERS, LANDING_PROMOTIONS } from '../../types/api/channels'
import type { ChannelKey } from '../../types/api/channels'
import { SERVICE_PROMISE_TYPE } from '../../types/api/catalogue'
import type { GoodsTypeConfig, ServicePromiseContent, ServicePromiseType } from '../../types/api/catalogue'
import type { Notice } from '../../src/domain/notice'

const bank = CHANNEL_IDENTIFIERS.bank
const map = CHANNEL_IDENTIFIERS.map
/** The landing pages' promotions (src/config/landings.ts): each seeded with its partners and packages below. */
const landing = LANDING_PROMOTIONS

/**
 * The write-off campaigns (ACTIVITY_TYPE.WRITE_OFF_CODE): the bank channel's, whose codes the demo
 * uses, and the map channel's, which owns the demo's code of another campaign. PLACEHOLDERS like
 * the channel identifiers.
 */
export const SEED_WRITE_OFF_PROMOTIONS = {
  bank: 'PLACEHOLDER_WRITE_OFF_PROMOTION_CHANNEL',
  map: 'PLACEHOLDER_MAP_WRITE_OFF_PROMOTION_CHANNEL',
} as const

export interface SeedPromotionChannel {
  id: string
  channelKey: ChannelKey
  promotionSubject: string
  callLink: string
  businessMode: number
  activityType: number
  /** New applications closed on this channel (the channel interception check). */
  intercepted: boolean
  /** false: the promotion has ended (promoter_channel_effective answers not effective); running when absent. */
  effective?: boolean
}

export const SEED_PROMOTION_CHANNELS: readonly SeedPromotionChannel[] = [
  {
    id: bank.defaultPromotion.promotionChannelId,
    channelKey: 'bank',
    promotionSubject: '银行信用卡用户专享ETC',
    callLink: '',
    businessMode: BUSINESS_MODE.DEPOSIT,
    activityType: ACTIVITY_TYPE.BANK_APP_H5,
    intercepted: false,
  },
  {
    id: map.defaultPromotion.promotionChannelId,
    channelKey: 'map',
    promotionSubject: '地图出行ETC免费办',
    callLink: 'https://cs.example.cn/etc/hall',
    businessMode: BUSINESS_MODE.FEE,
    activityType: ACTIVITY_TYPE.NEW_APPLY,
    intercepted: false,
  },
  {
    id: 'PLACEHOLDER_CLOSED_PROMOTION_CHANNEL',
    channelKey: 'bank',
    promotionSubject: '已结束的推广活动',
    callLink: '',
    businessMode: BUSINESS_MODE.DEPOSIT,
    activityType: ACTIVITY_TYPE.PROMO_618,
    intercepted: true,
  },
  // The landing pages' promotions.
  {
    id: landing.bankApp.promotionChannelId,
    channelKey: landing.bankApp.channelKey,
    promotionSubject: '手机银行客户专享：ETC押金激活后原路退还',
    callLink: '',
    businessMode: BUSINESS_MODE.DEPOSIT,
    activityType: ACTIVITY_TYPE.BANK_APP_H5,
    intercepted: false,
  },
  {
    id: landing.bankLifeApp.promotionChannelId,
    channelKey: landing.bankLifeApp.channelKey,
    promotionSubject: '生活App车主福利：办ETC高速通行95折',
    callLink: '',
    businessMode: BUSINESS_MODE.DEPOSIT,
    activityType: ACTIVITY_TYPE.BANK_LIFE_APP_H5,
    intercepted: false,
  },
  {
    id: landing.searchAd.promotionChannelId,
    channelKey: landing.searchAd.channelKey,
    promotionSubject: '新车主在线办ETC：全国通用，包邮到家',
    callLink: '',
    businessMode: BUSINESS_MODE.DEPOSIT,
    activityType: ACTIVITY_TYPE.NEW_APPLY,
    intercepted: false,
  },
  {
    id: landing.mapSearchAd.promotionChannelId,
    channelKey: landing.mapSearchAd.channelKey,
    promotionSubject: '搜索专享：出行ETC 0元办',
    callLink: 'https://cs.example.cn/etc/hall',
    businessMode: BUSINESS_MODE.FEE,
    activityType: ACTIVITY_TYPE.NEW_APPLY,
    intercepted: false,
  },
  {
    id: landing.carOwnerApp.promotionChannelId,
    channelKey: landing.carOwnerApp.channelKey,
    promotionSubject: '车主专享ETC：设备包邮，激活即用',
    callLink: '',
    businessMode: BUSINESS_MODE.DEPOSIT,
    activityType: ACTIVITY_TYPE.NEW_APPLY,
    intercepted: false,
  },
  {
    id: landing.partnerSite.promotionChannelId,
    channelKey: landing.partnerSite.channelKey,
    promotionSubject: '合作伙伴专享ETC：专属客服全程服务',
    callLink: 'https://cs.example.cn/etc/partner-hall',
    businessMode: BUSINESS_MODE.DEPOSIT,
    activityType: ACTIVITY_TYPE.NEW_APPLY,
    intercepted: false,
  },
  {
    id: landing.ended.promotionChannelId,
    channelKey: landing.ended.channelKey,
    promotionSubject: '夏季ETC推广（已结束）',
    callLink: '',
    businessMode: BUSINESS_MODE.DEPOSIT,
    activityType: ACTIVITY_TYPE.PROMO_618,
    intercepted: false,
    effective: false,
  },
  // The write-off campaigns.
  {
    id: SEED_WRITE_OFF_PROMOTIONS.bank,
    channelKey: 'bank',
    promotionSubject: '核销码专享：ETC服务费立减20元',
    callLink: '',
    businessMode: BUSINESS_MODE.FEE,
    activityType: ACTIVITY_TYPE.WRITE_OFF_CODE,
    intercepted: false,
  },
  {
    id: SEED_WRITE_OFF_PROMOTIONS.map,
    channelKey: 'map',
    promotionSubject: '地图核销码专享：ETC服务费立减20元',
    callLink: 'https://cs.example.cn/etc/hall',
    businessMode: BUSINESS_MODE.FEE,
    activityType: ACTIVITY_TYPE.WRITE_OFF_CODE,
    intercepted: false,
  },
]

/** Partners by the names customers know them by (the landing pages list them): never an internal channel type. */
export const SEED_PARTNER_CHANNELS = [
  { partnerId: bank.defaultPromotion.partnerId, partnerName: '银行手机银行', promotionChannelId: bank.defaultPromotion.promotionChannelId },
  { partnerId: 'PLACEHOLDER_BANK_LIFE_PARTNER', partnerName: '银行生活App', promotionChannelId: bank.defaultPromotion.promotionChannelId },
  { partnerId: map.defaultPromotion.partnerId, partnerName: '地图App', promotionChannelId: map.defaultPromotion.promotionChannelId },
  // The landing pages' promotions: the landing's own partner first.
  { partnerId: landing.bankApp.partnerId, partnerName: '手机银行App', promotionChannelId: landing.bankApp.promotionChannelId },
  { partnerId: 'PLACEHOLDER_BANK_BRANCH_PARTNER', partnerName: '银行营业网点', promotionChannelId: landing.bankApp.promotionChannelId },
  { partnerId: landing.bankLifeApp.partnerId, partnerName: '银行生活App', promotionChannelId: landing.bankLifeApp.promotionChannelId },
  { partnerId: 'PLACEHOLDER_BANK_LIFE_MALL_PARTNER', partnerName: '生活App积分商城', promotionChannelId: landing.bankLifeApp.promotionChannelId },
  { partnerId: landing.searchAd.partnerId, partnerName: '百度搜索', promotionChannelId: landing.searchAd.promotionChannelId },
  { partnerId: 'PLACEHOLDER_SEARCH_FEED_PARTNER', partnerName: '百度App', promotionChannelId: landing.searchAd.promotionChannelId },
  { partnerId: landing.mapSearchAd.partnerId, partnerName: '地图App搜索', promotionChannelId: landing.mapSearchAd.promotionChannelId },
  { partnerId: landing.carOwnerApp.partnerId, partnerName: '车主服务App', promotionChannelId: landing.carOwnerApp.promotionChannelId },
  { partnerId: 'PLACEHOLDER_CAR_CLUB_PARTNER', partnerName: '车友俱乐部', promotionChannelId: landing.carOwnerApp.promotionChannelId },
  { partnerId: landing.partnerSite.partnerId, partnerName: '合作伙伴官网', promotionChannelId: landing.partnerSite.promotionChannelId },
  { partnerId: 'PLACEHOLDER_PARTNER_STORE_PARTNER', partnerName: '合作伙伴门店', promotionChannelId: landing.partnerSite.promotionChannelId },
  { partnerId: landing.ended.partnerId, partnerName: '夏季车主节', promotionChannelId: landing.ended.promotionChannelId },
  // The write-off campaigns.
  { partnerId: 'PLACEHOLDER_WRITE_OFF_PARTNER', partnerName: '核销码合作网点', promotionChannelId: SEED_WRITE_OFF_PROMOTIONS.bank },
  { partnerId: 'PLACEHOLDER_MAP_WRITE_OFF_PARTNER', partnerName: '地图App', promotionChannelId: SEED_WRITE_OFF_PROMOTIONS.map },
] as const

export interface SeedCommodity {
  id: string
  promotionChannelId: string
  commodityName: string
  commodityPrice: number
  originalCommodityPrice: number
  bizType: number
  goodTypeMap: Record<string, number>
  issuerId: number
  packageVariant: number
  frontSort: number
  marketingData: { tags?: string[]; highlight?: string } | null
  isExistUser: boolean
  description: string
}

const OBU_AND_CARD = { obu: 1, card: 1 }

export const SEED_COMMODITIES: readonly SeedCommodity[] = [
  {
    id: 'BANK_BASIC',
    promotionChannelId: bank.defaultPromotion.promotionChannelId,
    commodityName: '基础版ETC套餐',
    commodityPrice: 2990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['押金可退'], highlight: '激活后退还押金' },
    isExistUser: false,
    description: '含OBU电子标签一个、ETC卡一张，押金29.9元，设备激活后原路退还。',
  },
  {
    id: 'BANK_VIP',
    promotionChannelId: bank.defaultPromotion.promotionChannelId,
    commodityName: 'VIP尊享ETC套餐',
    commodityPrice: 4990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: { ...OBU_AND_CARD, bracket: 1 },
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.vip,
    frontSort: 2,
    marketingData: { tags: ['通行费95折', '顺丰包邮'], highlight: '高速通行享折扣' },
    isExistUser: false,
    description: '含OBU电子标签、ETC卡和安装支架，高速通行费95折，顺丰包邮到家。',
  },
  {
    id: 'BANK_EXISTING',
    promotionChannelId: bank.defaultPromotion.promotionChannelId,
    commodityName: '老用户换新套餐',
    commodityPrice: 8990,
    originalCommodityPrice: 19900,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 7,
    packageVariant: PACKAGE_VARIANT.existingUser,
    frontSort: 3,
    marketingData: { tags: ['老用户专享'] },
    isExistUser: true,
    description: '已办理过ETC的车主更换新设备，含新一代OBU电子标签。',
  },
  {
    id: 'MAP_FREE',
    promotionChannelId: map.defaultPromotion.promotionChannelId,
    commodityName: '出行免费版ETC',
    commodityPrice: 0,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.FEE,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 1,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['0元办理'], highlight: '无需支付' },
    isExistUser: false,
    description: '地图用户0元办理，设备包邮到家，无需支付。',
  },
  {
    id: 'MAP_VIP',
    promotionChannelId: map.defaultPromotion.promotionChannelId,
    commodityName: '出行VIP版ETC',
    commodityPrice: 3990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.FEE,
    goodTypeMap: { ...OBU_AND_CARD, bracket: 1 },
    issuerId: 1,
    packageVariant: PACKAGE_VARIANT.vip,
    frontSort: 2,
    marketingData: { tags: ['服务费', '专属客服'] },
    isExistUser: false,
    description: '一次性服务费39.9元，含安装支架与专属客服。',
  },
  // The landing pages' promotions.
  {
    id: 'BANK_APP_BASIC',
    promotionChannelId: landing.bankApp.promotionChannelId,
    commodityName: '手机银行基础版ETC',
    commodityPrice: 2990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['押金可退', '绑卡扣费'], highlight: '激活后退还押金' },
    isExistUser: false,
    description: '手机银行客户专享，含OBU电子标签和ETC卡，押金29.9元，激活后原路退还。',
  },
  {
    id: 'BANK_APP_VIP',
    promotionChannelId: landing.bankApp.promotionChannelId,
    commodityName: '手机银行VIP版ETC',
    commodityPrice: 4990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: { ...OBU_AND_CARD, bracket: 1 },
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.vip,
    frontSort: 2,
    marketingData: { tags: ['通行费95折', '顺丰包邮'] },
    isExistUser: false,
    description: '含OBU电子标签、ETC卡和安装支架，高速通行费95折。',
  },
  {
    id: 'BANK_LIFE_BASIC',
    promotionChannelId: landing.bankLifeApp.promotionChannelId,
    commodityName: '生活App福利版ETC',
    commodityPrice: 1990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 7,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['生活App专享'], highlight: '押金立减10元' },
    isExistUser: false,
    description: '生活App用户专享，押金19.9元，激活后原路退还。',
  },
  {
    id: 'BANK_LIFE_VIP',
    promotionChannelId: landing.bankLifeApp.promotionChannelId,
    commodityName: '生活App尊享版ETC',
    commodityPrice: 4990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: { ...OBU_AND_CARD, bracket: 1 },
    issuerId: 7,
    packageVariant: PACKAGE_VARIANT.vip,
    frontSort: 2,
    marketingData: { tags: ['通行费95折', '积分好礼'] },
    isExistUser: false,
    description: '含安装支架，高速通行费95折，办理即送生活App积分。',
  },
  {
    id: 'SEARCH_BASIC',
    promotionChannelId: landing.searchAd.promotionChannelId,
    commodityName: '全国通用基础版ETC',
    commodityPrice: 2990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['全国通用', '包邮到家'] },
    isExistUser: false,
    description: '全国高速通用，押金29.9元，设备包邮到家，激活后退还押金。',
  },
  {
    id: 'SEARCH_VIP',
    promotionChannelId: landing.searchAd.promotionChannelId,
    commodityName: '全国通用VIP版ETC',
    commodityPrice: 4990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: { ...OBU_AND_CARD, bracket: 1 },
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.vip,
    frontSort: 2,
    marketingData: { tags: ['通行费95折'], highlight: '高速通行享折扣' },
    isExistUser: false,
    description: '含安装支架，高速通行费95折，顺丰包邮。',
  },
  {
    id: 'MAP_SEARCH_FREE',
    promotionChannelId: landing.mapSearchAd.promotionChannelId,
    commodityName: '搜索专享免费版ETC',
    commodityPrice: 0,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.FEE,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 1,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['0元办理'], highlight: '无需支付' },
    isExistUser: false,
    description: '搜索用户0元办理，设备包邮到家，无需支付。',
  },
  {
    id: 'CAR_OWNER_BASIC',
    promotionChannelId: landing.carOwnerApp.promotionChannelId,
    commodityName: '车主专享基础版ETC',
    commodityPrice: 2990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 4,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['车主专享'] },
    isExistUser: false,
    description: '车主服务App用户专享，押金29.9元，激活后原路退还。',
  },
  {
    id: 'CAR_OWNER_RENEW',
    promotionChannelId: landing.carOwnerApp.promotionChannelId,
    commodityName: '车主换新ETC',
    commodityPrice: 8990,
    originalCommodityPrice: 19900,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 4,
    packageVariant: PACKAGE_VARIANT.existingUser,
    frontSort: 2,
    marketingData: { tags: ['老用户专享'] },
    isExistUser: true,
    description: '已有ETC的车主更换新一代OBU电子标签。',
  },
  {
    id: 'PARTNER_BASIC',
    promotionChannelId: landing.partnerSite.promotionChannelId,
    commodityName: '合作伙伴专享ETC',
    commodityPrice: 2990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 5,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['专属客服'], highlight: '合作伙伴专享' },
    isExistUser: false,
    description: '合作伙伴推荐办理，专属客服全程服务，押金29.9元激活后退还。',
  },
  {
    id: 'ENDED_BASIC',
    promotionChannelId: landing.ended.promotionChannelId,
    commodityName: '夏季推广ETC',
    commodityPrice: 990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['已结束'] },
    isExistUser: false,
    description: '夏季推广活动套餐，活动已结束。',
  },
  // The write-off campaigns: service fees well above a code's discount.
  {
    id: 'WRITE_OFF_BASIC',
    promotionChannelId: SEED_WRITE_OFF_PROMOTIONS.bank,
    commodityName: '核销码专享基础版ETC',
    commodityPrice: 5990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.FEE,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['核销码立减20元'], highlight: '输入核销码立减20元' },
    isExistUser: false,
    description: '一次性服务费59.9元，使用核销码立减20元，含OBU电子标签和ETC卡，包邮到家。',
  },
  {
    id: 'WRITE_OFF_VIP',
    promotionChannelId: SEED_WRITE_OFF_PROMOTIONS.bank,
    commodityName: '核销码专享VIP版ETC',
    commodityPrice: 9990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.FEE,
    goodTypeMap: { ...OBU_AND_CARD, bracket: 1 },
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.vip,
    frontSort: 2,
    marketingData: { tags: ['核销码立减20元', '顺丰包邮'] },
    isExistUser: false,
    description: '一次性服务费99.9元，使用核销码立减20元，含OBU电子标签、ETC卡和安装支架。',
  },
  {
    id: 'MAP_WRITE_OFF_BASIC',
    promotionChannelId: SEED_WRITE_OFF_PROMOTIONS.map,
    commodityName: '地图核销码专享ETC',
    commodityPrice: 5990,
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.FEE,
    goodTypeMap: OBU_AND_CARD,
    issuerId: 1,
    packageVariant: PACKAGE_VARIANT.basic,
    frontSort: 1,
    marketingData: { tags: ['核销码立减20元'] },
    isExistUser: false,
    description: '一次性服务费59.9元，使用核销码立减20元，设备包邮到家。',
  },
]

/** The promotion channel ids of the landing pages' promotions. */
const LANDING_PROMOTION_IDS: ReadonlySet<string> = new Set(Object.values(LANDING_PROMOTIONS).map((promotion) => promotion.promotionChannelId))

/** The promotions above with the given ids, with their partners and packages. */
function catalogueOf(promotionIds: ReadonlySet<string>) {
  return {
    promotionChannels: SEED_PROMOTION_CHANNELS.filter((channel) => promotionIds.has(channel.id)),
    partnerChannels: SEED_PARTNER_CHANNELS.filter((partner) => promotionIds.has(partner.promotionChannelId)),
    commodities: SEED_COMMODITIES.filter((commodity) => promotionIds.has(commodity.promotionChannelId)),
  }
}
export type SeedCatalogue = ReturnType<typeof catalogueOf>

/** The rows above that the landing pages added (the seed's step for databases seeded before them). */
export const SEED_LANDING_CATALOGUE = catalogueOf(LANDING_PROMOTION_IDS)

const WRITE_OFF_PROMOTION_IDS: ReadonlySet<string> = new Set(Object.values(SEED_WRITE_OFF_PROMOTIONS))

/** The rows above of the write-off campaigns (their seed step, for databases seeded before them). */
export const SEED_WRITE_OFF_CATALOGUE = catalogueOf(WRITE_OFF_PROMOTION_IDS)

/** What every demo write-off code takes off the amount to pay: 20 yuan. */
export const SEED_VOUCHER_DISCOUNT_CENTS = 2000
/** How many free demo codes the bank write-off campaign has. */
const DEMO_VOUCHER_COUNT = 20

/**
 * Demo write-off codes only (server/README.md lists them); a real campaign issues random codes.
 * `free`: ETC-DEMO-01 … ETC-DEMO-20 of the bank write-off campaign; `used`: written off already at
 * an outlet; `expired`: past its expiry; `foreign`: a code of the map write-off campaign.
 */
export const SEED_VOUCHER_CODES = {
  free: Array.from({ length: DEMO_VOUCHER_COUNT }, (_, index) => `ETC-DEMO-${String(index + 1).padStart(2, '0')}`),
  used: 'ETC-USED-01',
  expired: 'ETC-OLD-01',
  foreign: 'MAP-DEMO-01',
} as const

/** The demo codes' expiry (the end of 2099-12-31, China time), and the expired code's. */
export const SEED_VOUCHER_EXPIRY = {
  valid: '2099-12-31T23:59:59+08:00',
  expired: '2025-01-01T00:00:00+08:00',
} as const
/** When the used demo code was written off at the outlet. */
const SEED_VOUCHER_USED_AT = '2026-01-01T10:00:00+08:00'

export interface SeedVoucherCode {
  code: string
  promotionChannelId: string
  discountCents: number
  expiresAt: Date
  /** Used outside this app (no order of it holds the code). */
  claimedAt: Date | null
}

const demoVoucher = (code: string, promotionChannelId: string, expiresAt: string, claimedAt: string | null = null): SeedVoucherCode => ({
  code,
  promotionChannelId,
  discountCents: SEED_VOUCHER_DISCOUNT_CENTS,
  expiresAt: new Date(expiresAt),
  claimedAt: claimedAt === null ? null : new Date(claimedAt),
})

export const SEED_VOUCHERS: readonly SeedVoucherCode[] = [
  ...SEED_VOUCHER_CODES.free.map((code) => demoVoucher(code, SEED_WRITE_OFF_PROMOTIONS.bank, SEED_VOUCHER_EXPIRY.valid)),
  demoVoucher(SEED_VOUCHER_CODES.used, SEED_WRITE_OFF_PROMOTIONS.bank, SEED_VOUCHER_EXPIRY.valid, SEED_VOUCHER_USED_AT),
  demoVoucher(SEED_VOUCHER_CODES.expired, SEED_WRITE_OFF_PROMOTIONS.bank, SEED_VOUCHER_EXPIRY.expired),
  demoVoucher(SEED_VOUCHER_CODES.foreign, SEED_WRITE_OFF_PROMOTIONS.map, SEED_VOUCHER_EXPIRY.valid),
]

/** Issuers with placeholder mini-program app ids where the spec says some have one. */
export const SEED_ISSUERS = ISSUERS.map((issuer) => ({
  id: issuer.id,
  name: issuer.name,
  miniProgramAppId: issuer.id === 1 || issuer.id === 3 ? `PLACEHOLDER_ISSUER_${issuer.id}_APPID` : null,
}))

export const SEED_GOODS_TYPES: GoodsTypeConfig = {
  obu: { name: 'OBU电子标签', description: '贴在前挡风玻璃上的车载单元' },
  card: { name: 'ETC储值卡', description: '插入OBU使用的通行卡' },
  bracket: { name: '安装支架' },
}

const UPGRADE_TITLE = 'ETC服务升级公告'
const UPGRADE_CONTENT = '线上办理服务已升级：办理中的车辆请在下方选择后继续办理，已提交的资料无需重新填写；新车辆请点击“办理新车辆”。'

/** A demo notice: once a day unless another type is given, without a redirect path unless one is. */
const demoNotice = (
  id: string,
  effectRange: string,
  title: string,
  content: string,
  extra: Partial<Pick<Notice, 'noticeType' | 'redirectPath'>> = {},
): Notice => ({
  id,
  noticeType: extra.noticeType ?? NOTICE_TYPE.ONCE_PER_DAY,
  noticeTitle: title,
  noticeContent: content,
  redirectPath: extra.redirectPath ?? null,
  startTime: '2026-01-01 00:00:00',
  endTime: '2030-12-31 23:59:59',
  noticeScene: { effectRange },
})

export const SEED_NOTICES: Readonly<Record<ChannelKey, Notice[]>> = {
  bank: [
    demoNotice('bank-1', '/,/apply/basic', '系统升级公告', '为提升服务质量，每日 00:00–01:00 进行系统维护，期间提交的申请将顺延处理。'),
    demoNotice('bank-2', '/apply/pay', '押金说明', '押金在设备激活后 7 个工作日内原路退还。'),
    demoNotice('bank-3', '/pages/notice/upgrade', UPGRADE_TITLE, UPGRADE_CONTENT, { noticeType: NOTICE_TYPE.EVERY_VISIT }),
  ],
  map: [
    demoNotice('map-1', '/,/apply/basic,/apply/land', '限时免费', '地图用户限时0元办理ETC，设备包邮到家。'),
    // The map channel's notice page lists every current notice; these two are written for it.
    demoNotice('map-2', '/apply/land/gaode-notice', '办理流程说明', '填写车牌、上传证件、选择套餐后提交申请，审核通过后设备包邮到家，按说明书激活即可使用。', {
      noticeType: NOTICE_TYPE.EVERY_VISIT,
      redirectPath: '/apply/long-pay-guide',
    }),
    demoNotice('map-3', '/apply/land/gaode-notice', '服务升级', 'ETC办理服务已升级，办理中的车辆可在升级公告页继续办理。', {
      noticeType: NOTICE_TYPE.EVERY_VISIT,
      redirectPath: '/pages/notice/upgrade',
    }),
    demoNotice('map-4', '/pages/notice/upgrade', UPGRADE_TITLE, UPGRADE_CONTENT, { noticeType: NOTICE_TYPE.EVERY_VISIT }),
  ],
}

/** promiseConfig/getByType documents, by type. */
export const SEED_PROMISE_CONFIGS: Readonly<Record<string, { switchStatus: number; content: unknown }>> = {
  applyPromise: {
    switchStatus: SHOW.YES,
    content: { title: '办理承诺', items: ['官方正品设备', '7天无理由退换', '激活后押金原路退还'] },
  },
  deliveryPromise: { switchStatus: SHOW.YES, content: { title: '配送承诺', items: ['审核通过后48小时内发货', '顺丰包邮'] } },
  activityBanner: { switchStatus: SHOW.NO, content: { image: '', link: '' } },
}

/**
 * The service promises the app shows (SERVICE_PROMISE_TYPE), switched on: the pay page's reminder
 * and the package detail. Seeded by their own step, so databases seeded before them get them too.
 */
export const SEED_SERVICE_PROMISES: Readonly<Record<ServicePromiseType, { switchStatus: number; content: ServicePromiseContent }>> = {
  [SERVICE_PROMISE_TYPE.payReminder]: {
    switchStatus: SHOW.YES,
    content: {
      title: '支付保障',
      items: ['支付通过官方收银台完成，本页面不保存您的支付信息', '审核未通过或订单取消，已付款项原路退还', '支付后可在“我的订单”中随时查看审核和发货进度'],
    },
  },
  [SERVICE_PROMISE_TYPE.packageDetail]: {
    switchStatus: SHOW.YES,
    content: {
      title: '服务承诺',
      items: ['发行方正品设备，全国高速通用', '审核通过后48小时内发货，包邮到家', '审核未通过或订单取消，已付款项原路退还'],
    },
  },
}

/** The version label of the demo issuer agreements below (an operator changes it with the text). */
export const SEED_SUPPLIER_PROTOCOL_VERSION = '2026-01'

/** Every issuer's service agreement, shown on the consent step for the issuers of the promotion's packages. */
export const SEED_SUPPLIER_PROTOCOLS = ISSUERS.map((issuer) => ({
  issuerId: issuer.id,
  title: `${issuer.name}ETC用户服务协议`,
  content: `本协议由您与${issuer.name}ETC发行服务机构订立。您申请办理ETC即表示同意按照发行机构的规定使用ETC设备、按时缴纳通行费，并对所提交资料的真实性负责。`,
  version: SEED_SUPPLIER_PROTOCOL_VERSION,
}))

/** Plates that already have ETC (uniqueness result types 2 and 3). */
export const SEED_REGISTERED_PLATES = [
  { plateNumber: '京A00001', plateColor: PLATE_COLOR.BLUE, resultType: PLATE_UNIQUE_RESULT.HAS_ETC },
  { plateNumber: '沪B12345', plateColor: PLATE_COLOR.BLUE, resultType: PLATE_UNIQUE_RESULT.HAS_ORDER },
  { plateNumber: '粤BD12345', plateColor: PLATE_COLOR.GREEN, resultType: PLATE_UNIQUE_RESULT.HAS_ETC },
] as const

/** Plate rules: the white list, and plates the issuer intercepts. */
export const SEED_PLATE_RULES = [
  { plateNumber: '京A88888', isWhiteNo: true, intercepted: false },
  { plateNumber: '京A99999', isWhiteNo: false, intercepted: true },
] as const

/** The window switches of the plate check, and whether new applications are open. */
export const SEED_SWITCHES = { windowSwitchOneZs: true, windowSwitchTwoZs: true, allowNewApply: true } as const

/** An order taken at a service outlet that the user can carry on online. */
export const SEED_OFFLINE_ORDERS = [{ offlineNo: 'OFF202611210001', plateNumber: '苏E54321', plateColor: PLATE_COLOR.BLUE }] as const

/**
 * Demo values only: the phone the outlet took for each seeded offline order and the one-time
 * hand-over code it gave the customer (server/README.md lists them). A real outlet issues a random
 * code per order; only its SHA-256 is stored.
 */
export const SEED_OFFLINE_ORDER_PROOFS = [{ offlineNo: 'OFF202611210001', phone: '13800138000', handoverCode: '20261121' }] as const
