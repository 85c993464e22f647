/**
 * The landing pages: each route renders its row of the landing table (hero copy, its sections in
 * order, each tracked for exposure, the call to action into plate entry, tracked), with the
 * packages and partner channels of its promotion; an expired or foreign promotion says so and
 * shows the channel's default offer; a visitor is offered the login; the address's promotion wins
 * over the landing's own; a failed check can be retried; orders, service and agreements lead on.
 */
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import LandPage from '../../src/pages/land/land/index'
import JhLandPage from '../../src/pages/land/jh-land/index'
import JhshLandPage from '../../src/pages/land/jhsh-land/index'
import BaiduLandPage from '../../src/pages/land/baidu-land/index'
import Baidu2LandPage from '../../src/pages/land/baidu2-land/index'
import Baidu3LandPage from '../../src/pages/land/baidu3-land/index'
import ChelunPage from '../../src/pages/land/chelun/index'
import QishiPage from '../../src/pages/land/qishi/index'
import { exposureElementId } from '../../src/components/exposure/Exposure'
import { CHANNELS } from '../../src/config/channel'
import { LANDINGS, LANDING_HERO_TARGET, LANDING_REFUSAL_TITLES, LANDING_ROUTES } from '../../src/config/landings'
import type { LandingRoute } from '../../src/config/landings'
import { ROUTES } from '../../src/config/routes'
import { HOTLINE } from '../../src/domain/constants'
import { BUSINESS_MODE, ACTIVITY_TYPE } from '../../src/domain/enums'
import { PAGE_TOKEN_PARAM } from '../../src/platform/authorization'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import type { PromotionChannelInfo } from '../../types/api/catalogue'
import { LANDING_PROMOTIONS } from '../../types/api/channels'
import { commodity, serverError } from '../support/journey-fixtures'
import { byTestId, expectLoginOffered, getByTestId, mountPage, spyNavigateToEachTest, textOf } from '../support/page-test'
import { envelope, testWorld } from '../support/test-services'
import { signableUrl } from '../../src/domain/wechat-url'
import { WECHAT_SHARE_APIS } from '../../src/platform/h5/wechat-share'
import { WECHAT_SHARE_IMAGE_URL } from '../../src/config/wechat-share'

type Page = Awaited<ReturnType<typeof mountPage>>

/** What the page asked of WeChat's SDK (the module stands in for WeChat's browser). */
const mockWeChatCalls: [string, unknown][] = []
jest.mock('weixin-js-sdk', () => {
  let ready: () => void = () => undefined
  return {
    config: (options: unknown) => (mockWeChatCalls.push(['config', options]), ready()),
    ready: (callback: () => void) => void (ready = callback),
    error: () => undefined,
    updateAppMessageShareData: (content: unknown) => void mockWeChatCalls.push(['appMessage', content]),
    updateTimelineShareData: (content: unknown) => void mockWeChatCalls.push(['timeline', content]),
  }
})
const WECHAT_CONFIG = { appId: 'wx-app', timestamp: 1_700_000_000, nonceStr: 'n1', signature: 'sig' }

const PAGES: Readonly<Record<LandingRoute, ComponentType>> = {
  land: LandPage,
  jhLand: JhLandPage,
  jhshLand: JhshLandPage,
  baiduLand: BaiduLandPage,
  baidu2Land: Baidu2LandPage,
  baidu3Land: Baidu3LandPage,
  chelun: ChelunPage,
  qishi: QishiPage,
}

const DEFAULT = CHANNELS.bank.defaultPromotion.promotionChannelId
const FOREIGN_REASON = '该推广活动不适用于当前渠道'
/** What the server's interception check says of an ended promotion: not applicable, where the page offers the default. */
const ENDED_REASON = '该推广活动已结束，暂不支持办理'

/** What the scripted server knows of each promotion: its subject, hall link, packages and partners. */
const subjectOf = (id: string) => `活动-${id}`
const packageOf = (id: string) => `PKG-${id}`
const partnerOf = (id: string) => `PARTNER-${id}`
const HALL = 'https://cs.example.cn/etc/partner-hall'

interface WorldOptions {
  /** A page token in the address (a silent login works); a visitor has none. */
  loggedIn?: boolean
  params?: Record<string, string>
  /** Promotions the server says have ended. */
  ended?: string[]
  /** Promotions the channel interception check refuses for this channel. */
  foreign?: string[]
  /** Answers the promotion check (a failure, a delay). */
  check?: () => Promise<TransportResponse> | undefined
}

const bodyOf = (request: TransportRequest): Record<string, string> => JSON.parse(request.body ?? '{}') as Record<string, string>

function landingWorld({ loggedIn = true, params = {}, ended = [], foreign = [], check }: WorldOptions = {}) {
  return testWorld({
    navigationHost: createTaroNavigationHost(),
    launchParams: { ...(loggedIn ? { [PAGE_TOKEN_PARAM]: 'page-token' } : {}), ...params },
    respond: async (request) => {
      if (request.url.includes('/oauth2/')) return envelope({ accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' })
      if (request.url.includes('promoter_channel_effective')) {
        const id = bodyOf(request).promotionChannelId ?? ''
        const info: PromotionChannelInfo = {
          effective: !ended.includes(id),
          promotionSubject: subjectOf(id),
          call_link: id === LANDING_PROMOTIONS.partnerSite.promotionChannelId ? HALL : '',
          businessMode: BUSINESS_MODE.DEPOSIT,
          activityType: ACTIVITY_TYPE.NEW_APPLY,
        }
        return (await check?.()) ?? envelope(info)
      }
      if (request.url.includes('/getWeixinConfig')) return envelope(WECHAT_CONFIG)
      if (request.url.includes('/interceptCheck')) {
        const id = bodyOf(request).promotionChannelId ?? ''
        const refused = foreign.includes(id) || ended.includes(id)
        return envelope({ intercept: refused, reason: foreign.includes(id) ? FOREIGN_REASON : ended.includes(id) ? ENDED_REASON : '' })
      }
      const list = /listCommodity\/([^/?]+)/.exec(request.url)
      if (list) return envelope([commodity({ id: packageOf(list[1] ?? ''), commodityName: '套餐', commodityPrice: 2990 })])
      const partners = /getPartnerChannels\/([^/?]+)/.exec(request.url)
      if (partners) {
        const id = partners[1] ?? ''
        return envelope([{ partnerId: partnerOf(id), partnerName: `伙伴-${id}`, promotionChannelId: id }])
      }
      return envelope(null)
    },
  })
}

type World = ReturnType<typeof landingWorld>

async function settle(page: Page, rounds = 12) {
  for (let round = 0; round < rounds; round++) await page.act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

async function open(route: LandingRoute, world: World): Promise<Page> {
  const page = await mountPage(PAGES[route], world.services)
  await settle(page)
  return page
}

const checks = (world: World) => world.requests.filter((request) => request.url.includes('promoter_channel_effective'))
const listed = (world: World) => world.requests.filter((request) => request.url.includes('listCommodity')).map((request) => request.url)

/** The section names on the page, top to bottom. */
const sectionsOf = (page: Page) =>
  Array.from(page.queries.querySelectorAll('[data-testid^="landing-section-"]'), (element) => element.getAttribute('data-testid')?.replace('landing-section-', ''))

/** The promotion a row runs on the bank channel: its own, else the channel's default. */
const promotionOf = (route: LandingRoute) => LANDINGS[route].promotion.bank?.promotionChannelId ?? DEFAULT

describe('landing pages', () => {
  const navigateTo = spyNavigateToEachTest()

  describe.each(LANDING_ROUTES)('%s', (route) => {
    const row = LANDINGS[route]

    it("renders its row: hero copy, its promotion's offer, its sections in order, each tracked for exposure", async () => {
      const world = landingWorld()
      const exposure = jest.spyOn(world.services.tracker, 'exposure')
      const page = await open(route, world)
      expect(byTestId(page, `landing-${route}`)).not.toBeNull()
      expect(textOf(page, 'landing-title')).toBe(row.hero.title)
      expect(textOf(page, 'landing-subtitle')).toBe(row.hero.subtitle)
      expect(textOf(page, 'landing-offer')).toBe(subjectOf(promotionOf(route)))
      for (const highlight of row.hero.highlights) expect(textOf(page, 'landing-section-hero')).toContain(highlight)
      expect(getByTestId(page, 'landing-apply').textContent).toBe(row.cta)

      expect(sectionsOf(page)).toEqual([LANDING_HERO_TARGET, ...row.sections])
      for (const target of [LANDING_HERO_TARGET, ...row.sections]) expect(page.queries.querySelector(`#${exposureElementId(target)}`)).not.toBeNull()
      // jsdom has no intersection observer: every section counts as seen, once, under the page's URL.
      expect(exposure.mock.calls).toEqual([LANDING_HERO_TARGET, ...row.sections].map((target) => [ROUTES[route].urls[0], target]))
    })

    it('checks its own promotion and shows its packages and partner channels', async () => {
      const world = landingWorld()
      const page = await open(route, world)
      const own = row.promotion.bank
      expect(checks(world).map(bodyOf)).toEqual([
        own ? { promotionChannelId: own.promotionChannelId, partnerId: own.partnerId, promoterId: own.promoterId } : expect.objectContaining({ promotionChannelId: DEFAULT }),
      ])
      const id = promotionOf(route)
      expect(listed(world)).toEqual([expect.stringContaining(`listCommodity/${id}`)])
      expect(byTestId(page, `home-package-${packageOf(id)}`)).not.toBeNull()
      expect(textOf(page, `landing-partner-${partnerOf(id)}`)).toBe(`伙伴-${id}`)
      expect(byTestId(page, 'landing-refusal')).toBeNull()
      expect(world.services.store.promotion.current.promotionChannelId).toBe(id)
    })

    it('leads into plate entry from the call to action and from a package, tracking the clicks', async () => {
      const world = landingWorld()
      const click = jest.spyOn(world.services.tracker, 'click')
      const page = await open(route, world)
      page.fireEvent.click(getByTestId(page, 'landing-apply'))
      await settle(page)
      page.fireEvent.click(getByTestId(page, `home-package-apply-${packageOf(promotionOf(route))}`))
      await settle(page)
      expect(navigateTo().mock.calls).toEqual([[{ url: '/pages/entry/plate/index' }], [{ url: '/pages/entry/plate/index' }]])
      expect(click.mock.calls).toEqual([
        [ROUTES[route].urls[0], 'apply', undefined],
        [ROUTES[route].urls[0], 'package', { commodityId: packageOf(promotionOf(route)) }],
      ])
    })
  })

  it('an ended promotion says so and shows the default offer, never a dead end', async () => {
    const own = LANDING_PROMOTIONS.searchAd.promotionChannelId
    const world = landingWorld({ ended: [own] })
    const page = await open('baiduLand', world)
    expect(textOf(page, 'landing-refusal')).toBe(LANDING_REFUSAL_TITLES.expired)
    // Not the check's "暂不支持办理" under "推荐默认活动": the default offer can be applied for.
    expect(textOf(page, 'landing-refusal')).not.toContain('暂不支持办理')
    expect(textOf(page, 'landing-offer')).toBe(subjectOf(DEFAULT))
    // The page's own packages (public) were asked for ahead of its check; the default's show.
    expect(listed(world)).toEqual([expect.stringContaining(`listCommodity/${own}`), expect.stringContaining(`listCommodity/${DEFAULT}`)])
    expect(byTestId(page, `home-package-${packageOf(DEFAULT)}`)).not.toBeNull()
    expect(byTestId(page, `home-package-${packageOf(own)}`)).toBeNull()
    expect(byTestId(page, `landing-partner-${partnerOf(DEFAULT)}`)).not.toBeNull()
    expect(world.services.store.promotion.current).toEqual(CHANNELS.bank.defaultPromotion)
  })

  it('a promotion of another channel says so, with the reason, and shows the default offer', async () => {
    const own = LANDING_PROMOTIONS.carOwnerApp.promotionChannelId
    const world = landingWorld({ foreign: [own] })
    const page = await open('chelun', world)
    expect(textOf(page, 'landing-refusal')).toContain(LANDING_REFUSAL_TITLES.foreign)
    expect(textOf(page, 'landing-refusal')).toContain(FOREIGN_REASON)
    expect(byTestId(page, `home-package-${packageOf(DEFAULT)}`)).not.toBeNull()
    expect(byTestId(page, `home-package-${packageOf(own)}`)).toBeNull()
    // The call to action still leads on.
    page.fireEvent.click(getByTestId(page, 'landing-apply'))
    await settle(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })

  it('a visitor who cannot be logged in silently sees the page and is offered the login, not sent to it', async () => {
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    const world = landingWorld({ loggedIn: false })
    const page = await open('jhLand', world)
    expect(textOf(page, 'landing-title')).toBe(LANDINGS.jhLand.hero.title)
    expect(textOf(page, 'landing-offer')).toBe(LANDINGS.jhLand.hero.offer)
    expect(textOf(page, 'landing-packages-login')).toContain('登录后查看可办理的套餐')
    expect(textOf(page, 'landing-partners-waiting')).toBe('登录后查看合作渠道')
    expect(byTestId(page, 'landing-section-benefits')).not.toBeNull()
    expect(checks(world)).toEqual([])
    // The packages are public: asked for ahead, without a login, for when the person logs in.
    expect(listed(world)).toEqual([expect.stringContaining(`listCommodity/${promotionOf('jhLand')}`)])
    await expectLoginOffered(page, 'landing-packages-login-action', () => settle(page), { navigateTo: navigateTo(), redirectTo })
  })

  it("the address's promotion wins over the landing's own", async () => {
    const address = { promotionChannelId: LANDING_PROMOTIONS.partnerSite.promotionChannelId, partnerId: 'P-ADDRESS', promoterId: 'Q-ADDRESS' }
    const world = landingWorld({ params: address })
    const page = await open('baiduLand', world)
    expect(checks(world).map(bodyOf)).toEqual([address])
    expect(world.services.store.promotion.current).toEqual(address)
    expect(textOf(page, 'landing-offer')).toBe(subjectOf(address.promotionChannelId))
    expect(byTestId(page, `home-package-${packageOf(address.promotionChannelId)}`)).not.toBeNull()
    expect(listed(world)).toEqual([expect.stringContaining(`listCommodity/${address.promotionChannelId}`)])
  })

  it('shows the page with the packages loading while the promotion is checked', async () => {
    const world = landingWorld({ check: () => new Promise(() => undefined) })
    const page = await open('baidu2Land', world)
    expect(textOf(page, 'landing-packages-loading')).toBe('正在加载套餐…')
    expect(getByTestId(page, 'landing-packages-loading').getAttribute('role')).toBe('status')
    expect(textOf(page, 'landing-title')).toBe(LANDINGS.baidu2Land.hero.title)
    expect(textOf(page, 'landing-offer')).toBe(LANDINGS.baidu2Land.hero.offer)
    // Asked for while the check runs (the catalogue is public), shown once the promotion stands.
    expect(listed(world)).toEqual([expect.stringContaining(`listCommodity/${promotionOf('baidu2Land')}`)])
  })

  it('shows a failed check in the packages place, and its retry loads the offer', async () => {
    let failing = true
    const world = landingWorld({ check: () => (failing ? serverError('服务器繁忙，请稍后重试') : undefined) })
    const page = await open('baidu2Land', world)
    expect(getByTestId(page, 'landing-packages-error').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'landing-packages-error')).toContain('服务器繁忙，请稍后重试')
    // Asked for ahead of the check (public); not shown while the promotion is not checked.
    expect(listed(world)).toEqual([expect.stringContaining(`listCommodity/${promotionOf('baidu2Land')}`)])
    failing = false
    page.fireEvent.click(getByTestId(page, 'landing-packages-retry'))
    await settle(page)
    expect(byTestId(page, 'landing-packages-error')).toBeNull()
    expect(byTestId(page, `home-package-${packageOf(promotionOf('baidu2Land'))}`)).not.toBeNull()
  })

  it("opens my orders, the agreements, and the promotion's customer-service hall", async () => {
    const world = landingWorld()
    const click = jest.spyOn(world.services.tracker, 'click')
    const page = await open('qishi', world)
    expect(textOf(page, 'landing-service')).toBe('联系在线客服')
    page.fireEvent.click(getByTestId(page, 'landing-orders'))
    await settle(page)
    page.fireEvent.click(getByTestId(page, 'landing-agreement-etc'))
    await settle(page)
    page.fireEvent.click(getByTestId(page, 'landing-agreement-privacy'))
    await settle(page)
    page.fireEvent.click(getByTestId(page, 'landing-service'))
    await settle(page)
    expect(navigateTo().mock.calls.map(([options]) => (options as { url: string }).url)).toEqual([
      '/pages/order/order-list/index',
      '/pages/agreement/etc/index',
      '/pages/agreement/privacy/index',
      `/pages/jump/webview/index?src=${encodeURIComponent(HALL)}`,
    ])
    expect(click.mock.calls.map(([, target]) => target)).toEqual(['orders', 'agreementEtc', 'agreementPrivacy', 'customerService'])
  })

  it('calls the hotline where the promotion has no hall', async () => {
    const makePhoneCall = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
    const page = await open('land', landingWorld())
    expect(textOf(page, 'landing-service')).toBe(`拨打客服电话 ${HOTLINE}`)
    page.fireEvent.click(getByTestId(page, 'landing-service'))
    await settle(page)
    expect(makePhoneCall).toHaveBeenCalledWith({ phoneNumber: HOTLINE })
  })

  describe("shared from WeChat's browser", () => {
    const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.44.2502 NetType/WIFI'
    const configCalls = (world: World) => world.requests.filter((request) => request.url.includes('/getWeixinConfig'))

    beforeEach(() => {
      mockWeChatCalls.length = 0
    })

    it('shows its hero and links to itself, configured with the signature the server made for its address', async () => {
      jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
      const world = landingWorld()
      await open('jhLand', world)
      const asked = configCalls(world)
      expect(asked).toHaveLength(1)
      expect(asked[0]!.url).toContain(`url=${encodeURIComponent(signableUrl(window.location.href))}`)
      const share = { title: LANDINGS.jhLand.hero.title, desc: LANDINGS.jhLand.hero.subtitle, link: window.location.href, imgUrl: WECHAT_SHARE_IMAGE_URL }
      expect(mockWeChatCalls).toEqual([
        ['config', { ...WECHAT_CONFIG, debug: false, jsApiList: WECHAT_SHARE_APIS }],
        ['appMessage', share],
        ['timeline', share],
      ])
    })

    it('asks for nothing outside WeChat', async () => {
      const world = landingWorld()
      await open('jhLand', world)
      expect(configCalls(world)).toEqual([])
      expect(mockWeChatCalls).toEqual([])
    })
  })
})
