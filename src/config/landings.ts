/**
 * The landing pages, one row per traffic channel's page: what its hero says and shows, which
 * sections follow in which order, the call to action, and the promotion the page brings when its
 * address names none. One landing screen (src/features/land) renders any row.
 *
 * The promotion ids are the shared PLACEHOLDERS of types/api/channels.ts (LANDING_PROMOTIONS),
 * which the server seeds as promotion channels with partners and packages. A channel the row
 * names no promotion for runs the channel's default promotion.
 */
import { LANDING_PROMOTIONS } from '../../types/api/channels'
import type { LandingPromotion } from '../../types/api/channels'
import type { AddressPromotion } from '../domain/attribution'
import type { ChannelKey } from './channel'
import type { RouteName } from './routes'

/** The routes of the landing pages (section 2). */
export const LANDING_ROUTES = ['land', 'jhLand', 'jhshLand', 'baiduLand', 'baidu2Land', 'baidu3Land', 'chelun', 'qishi'] as const satisfies readonly RouteName[]

export type LandingRoute = (typeof LANDING_ROUTES)[number]

/** The sections a landing page may show under its hero; each is tracked for exposure under its name. */
export const LANDING_SECTIONS = ['packages', 'partners', 'benefits', 'steps', 'service', 'agreements'] as const

export type LandingSection = (typeof LANDING_SECTIONS)[number]

/** The sections every landing page has (section 2 and the issue: packages, my orders and service, agreements). */
export const REQUIRED_LANDING_SECTIONS: readonly LandingSection[] = ['packages', 'service', 'agreements']

/** The hero's exposure target (the sections' are their names). */
export const LANDING_HERO_TARGET = 'hero'

/** The click target of the hero's call to action. */
export const LANDING_APPLY_TARGET = 'apply'

/** The call to action's test id: the page's and index.html's copy's (landing-skeleton.ts). */
export const LANDING_CTA_TEST_ID = 'landing-apply'

/** The accessible name of the hero's highlights. */
export const LANDING_HIGHLIGHTS_LABEL = '活动亮点'

export const LANDING_SECTION_TITLES: Readonly<Record<LandingSection, string>> = {
  packages: '可选套餐',
  partners: '合作渠道',
  benefits: '办理ETC的好处',
  steps: '办理流程',
  service: '订单与客服',
  agreements: '服务协议',
}

/** The banner's colours (tokens of src/styles) and the motif drawn on it, in CSS (no image to load). */
export type LandingTheme = 'blue' | 'red' | 'green' | 'gold'
export type LandingMotif = 'toll-gate' | 'bank-card' | 'car' | 'search' | 'handshake'

export interface LandingHero {
  title: string
  subtitle: string
  /** The offer, shown until (and unless) the server names the running promotion's subject. */
  offer: string
  /** Short selling points under the offer. */
  highlights: readonly string[]
  banner: { theme: LandingTheme; motif: LandingMotif }
}

export interface LandingVariant {
  route: LandingRoute
  hero: LandingHero
  /** The sections under the hero, in order. */
  sections: readonly LandingSection[]
  /** The call to action's text: it leads into plate entry. */
  cta: string
  /** The page's own promotion per channel; a channel missing here runs its default promotion. */
  promotion: Partial<Record<ChannelKey, AddressPromotion>>
}

/** A landing promotion as the promotion store takes it: its ids without the channel profile. */
function offerOf({ promotionChannelId, partnerId, promoterId }: LandingPromotion): AddressPromotion {
  return { promotionChannelId, partnerId, promoterId }
}

const P = LANDING_PROMOTIONS

export const LANDINGS: Readonly<Record<LandingRoute, LandingVariant>> = {
  land: {
    route: 'land',
    hero: {
      title: 'ETC线上申办',
      subtitle: '高速不停车，通行更省心',
      offer: '在线提交资料，设备包邮到家',
      highlights: ['官方正品设备', '全程线上办理', '激活即可使用'],
      banner: { theme: 'blue', motif: 'toll-gate' },
    },
    sections: ['packages', 'benefits', 'steps', 'partners', 'service', 'agreements'],
    cta: '立即申办',
    promotion: {},
  },
  jhLand: {
    route: 'jhLand',
    hero: {
      title: '手机银行专享ETC',
      subtitle: '银行客户在线办理，绑卡自动扣费',
      offer: '银行客户办ETC，押金激活后原路退还',
      highlights: ['押金可退', '绑卡扣费', '顺丰包邮'],
      banner: { theme: 'blue', motif: 'bank-card' },
    },
    sections: ['packages', 'benefits', 'partners', 'steps', 'service', 'agreements'],
    cta: '立即办理',
    promotion: { bank: offerOf(P.bankApp) },
  },
  jhshLand: {
    route: 'jhshLand',
    hero: {
      title: '生活App车主福利',
      subtitle: '生活App用户专享，高速通行更优惠',
      offer: '生活App用户办ETC，高速通行费95折',
      highlights: ['通行费95折', '积分好礼', '包邮到家'],
      banner: { theme: 'red', motif: 'bank-card' },
    },
    sections: ['benefits', 'packages', 'partners', 'steps', 'service', 'agreements'],
    cta: '领取福利并办理',
    promotion: { bank: offerOf(P.bankLifeApp) },
  },
  baiduLand: {
    route: 'baiduLand',
    hero: {
      title: 'ETC在线办理 全国通用',
      subtitle: '3分钟提交资料，设备包邮到家',
      offer: '新车主在线办ETC，全程包邮',
      highlights: ['全国高速通用', '3分钟申请', '包邮到家'],
      banner: { theme: 'blue', motif: 'search' },
    },
    sections: ['benefits', 'packages', 'steps', 'partners', 'service', 'agreements'],
    cta: '立即申请',
    promotion: { bank: offerOf(P.searchAd), map: offerOf(P.mapSearchAd) },
  },
  baidu2Land: {
    route: 'baidu2Land',
    hero: {
      title: 'ETC套餐任你选',
      subtitle: '基础版、VIP版，价格透明',
      offer: '多款ETC套餐在线比一比，选好即办',
      highlights: ['价格透明', '押金可退', 'VIP通行95折'],
      banner: { theme: 'gold', motif: 'search' },
    },
    sections: ['packages', 'benefits', 'partners', 'steps', 'service', 'agreements'],
    cta: '选好套餐，立即办理',
    promotion: { bank: offerOf(P.searchAdPackages), map: offerOf(P.mapSearchAd) },
  },
  baidu3Land: {
    route: 'baidu3Land',
    hero: {
      title: 'ETC办理只需三步',
      subtitle: '填资料、选套餐、等收货',
      offer: '三步在线办ETC，审核通过即发货',
      highlights: ['无需到网点', '进度随时查', '包邮到家'],
      banner: { theme: 'green', motif: 'search' },
    },
    sections: ['steps', 'packages', 'benefits', 'partners', 'service', 'agreements'],
    cta: '开始第一步',
    promotion: { bank: offerOf(P.searchAdSteps), map: offerOf(P.mapSearchAd) },
  },
  chelun: {
    route: 'chelun',
    hero: {
      title: '车主专享ETC',
      subtitle: '车主服务App用户专享，出行不排队',
      offer: '车主专享ETC，设备包邮到家',
      highlights: ['车主专享', '不停车通行', '包邮到家'],
      banner: { theme: 'green', motif: 'car' },
    },
    sections: ['packages', 'benefits', 'steps', 'partners', 'service', 'agreements'],
    cta: '车主专享办理',
    promotion: { bank: offerOf(P.carOwnerApp) },
  },
  qishi: {
    route: 'qishi',
    hero: {
      title: '合作伙伴专享ETC',
      subtitle: '合作伙伴推荐办理，专属客服全程服务',
      offer: '合作伙伴专享ETC办理通道',
      highlights: ['专属客服', '押金可退', '包邮到家'],
      banner: { theme: 'gold', motif: 'handshake' },
    },
    sections: ['packages', 'partners', 'service', 'benefits', 'steps', 'agreements'],
    cta: '立即办理',
    promotion: { bank: offerOf(P.partnerSite) },
  },
}

/** What a landing page says when the promotion it arrived with is not used. */
export const LANDING_REFUSAL_TITLES = {
  // Ended, or unknown to the server: the page cannot tell them apart, and neither can be used.
  expired: '该推广活动已结束或不可用，已为您推荐当前可办理的活动',
  foreign: '该推广活动不适用于当前渠道，已为您推荐当前可办理的活动',
} as const
