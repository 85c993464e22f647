/**
 * The product home: what ETC is, the packages on offer (loading, error with retry, empty, the
 * list by price with prices from cents) and the ways on: start applying, my orders, customer
 * service.
 */
import Taro from '@tarojs/taro'
import HomePage from '../../src/pages/entry/home/index'
import { ETC_BENEFITS } from '../../src/features/entry/home/HomeScreen'
import { TIER_LABEL } from '../../src/domain/money'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { MESSAGES } from '../../src/services/request/errors'
import type { TransportResponse } from '../../src/services/request/transport'
import { deferred } from '../unit/services/fakes'
import { byTestId, expectEntryLinks, expectLoginOffered, getByTestId, mountPage, spyNavigateToEachTest, textOf } from '../support/page-test'
import { envelope, testWorld } from '../support/test-services'

type Page = Awaited<ReturnType<typeof mountPage>>

const GRANT = { accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' }

const commodity = (id: string, commodityPrice: number, extra: Record<string, unknown> = {}) => ({
  id,
  commodityName: `套餐${id}`,
  commodityPrice,
  originalCommodityPrice: 18000,
  bizType: 0,
  goodTypeMap: { obu: 1 },
  issuerId: 3,
  packageVariant: 202401,
  frontData: { sort: null, marketingData: null, isExistUser: false },
  description: `说明${id}`,
  ...extra,
})

/** A world logged in through the bank app's page token; `commodities` answers the package list. */
function homeWorld(commodities: () => Promise<TransportResponse>) {
  return testWorld({
    navigationHost: createTaroNavigationHost(),
    launchParams: { token: 'page-token' },
    respond: async (request) => {
      if (request.url.includes('/oauth2/')) return envelope(GRANT)
      if (request.url.includes('listCommodity')) return commodities()
      if (request.url.includes('/config/notices/')) {
        return envelope([{ id: 3, noticeType: 1, noticeTitle: '春节安排', noticeContent: '春节期间设备延迟发货', noticeScene: { effectRange: '/pages/index/index' } }])
      }
      return envelope(null)
    },
  })
}

type World = ReturnType<typeof homeWorld>

const listRequests = (world: World) => world.requests.filter((request) => request.url.includes('listCommodity'))

async function settle(page: Page, rounds = 10) {
  for (let round = 0; round < rounds; round++) await page.act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

async function mount(world: World): Promise<Page> {
  const page = await mountPage(HomePage, world.services)
  await settle(page)
  return page
}

describe('home page', () => {
  const navigateTo = spyNavigateToEachTest()

  it('explains what ETC is, under the notices for the home page', async () => {
    const page = await mount(homeWorld(async () => envelope([])))
    const text = page.queries.querySelector('.entry-home')?.textContent ?? ''
    expect(text).toContain('什么是ETC')
    for (const benefit of ETC_BENEFITS) expect(text).toContain(benefit.title)
    expect(textOf(page, 'notice-3')).toContain('春节期间设备延迟发货')
  })

  it('a visitor who cannot log in silently is offered the login, not sent to it', async () => {
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    const world = testWorld({ navigationHost: createTaroNavigationHost(), respond: async () => envelope(null) })
    const page = await mount(world)
    expect(textOf(page, 'home-packages-login')).toContain('登录后查看可办理的套餐')
    expect(listRequests(world)).toEqual([])
    await expectLoginOffered(page, 'home-packages-login-action', () => settle(page), { navigateTo: navigateTo(), redirectTo })
  })

  it('loading: says the packages are loading while the list is on its way', async () => {
    const list = deferred<TransportResponse>()
    const world = homeWorld(() => list.promise)
    const page = await mount(world)
    expect(textOf(page, 'home-packages-loading')).toBe('正在加载套餐…')
    expect(getByTestId(page, 'home-packages-loading').getAttribute('role')).toBe('status')
    list.resolve(envelope([commodity('a', 2990)]))
    await settle(page)
    expect(byTestId(page, 'home-packages-loading')).toBeNull()
    expect(byTestId(page, 'home-package-a')).not.toBeNull()
  })

  it('server error: shows the catalogue message in place (no toast too) and loads again on retry', async () => {
    let failing = true
    const world = homeWorld(async () => (failing ? { statusCode: 500, data: null, header: {} } : envelope([commodity('a', 2990)])))
    const page = await mount(world)
    expect(textOf(page, 'home-packages-error')).toContain(MESSAGES.serverBusy)
    expect(getByTestId(page, 'home-packages-error').getAttribute('role')).toBe('alert')
    // Reported once: in the packages' place, not by a toast as well.
    expect(world.ui.toasts).toEqual([])

    failing = false
    page.fireEvent.click(getByTestId(page, 'home-packages-retry'))
    await settle(page)
    expect(listRequests(world)).toHaveLength(2)
    expect(byTestId(page, 'home-packages-error')).toBeNull()
    expect(byTestId(page, 'home-package-a')).not.toBeNull()
  })

  it('empty: says there is no package to apply for', async () => {
    const page = await mount(homeWorld(async () => envelope([])))
    expect(textOf(page, 'home-packages-empty')).toContain('暂无可办理的套餐')
  })

  it('lists the packages by price, in yuan, with the original price struck through and the tier', async () => {
    const world = homeWorld(async () =>
      envelope([commodity('vip', 4990), commodity('basic', 2990, { originalCommodityPrice: null }), commodity('old', 8990)]),
    )
    const page = await mount(world)
    const ids = Array.from(page.queries.querySelectorAll('[data-testid^="home-package-"][role="listitem"]'), (item) => item.getAttribute('data-testid'))
    expect(ids).toEqual(['home-package-basic', 'home-package-vip', 'home-package-old'])
    expect(textOf(page, 'home-package-price-basic')).toBe('¥29.90')
    expect(getByTestId(page, 'home-package-price-basic').getAttribute('aria-label')).toBe('价格29.90元')
    expect(textOf(page, 'home-package-basic')).toContain('¥180.00')
    expect(textOf(page, 'home-package-basic')).toContain(TIER_LABEL.basic)
    expect(textOf(page, 'home-package-vip')).toContain(TIER_LABEL.vip)
    expect(textOf(page, 'home-package-old')).toContain(TIER_LABEL.existingUser)
    expect(textOf(page, 'home-package-old')).toContain('说明old')
  })

  it('strikes through an original price only when it is above the price, as the package pages do', async () => {
    const world = homeWorld(async () => envelope([commodity('even', 18000, { originalCommodityPrice: 18000 })]))
    const page = await mount(world)
    expect(textOf(page, 'home-package-price-even')).toBe('¥180.00')
    expect(page.queries.querySelector('[data-testid="home-package-even"] [aria-label^="原价"]')).toBeNull()
  })

  it('starts applying from the top and from a package, tracking which', async () => {
    const world = homeWorld(async () => envelope([commodity('a', 2990)]))
    const click = jest.spyOn(world.services.tracker, 'click')
    const page = await mount(world)
    page.fireEvent.click(getByTestId(page, 'home-apply'))
    await settle(page)
    page.fireEvent.click(getByTestId(page, 'home-package-apply-a'))
    await settle(page)
    expect(navigateTo().mock.calls).toEqual([[{ url: '/pages/entry/plate/index' }], [{ url: '/pages/entry/plate/index' }]])
    expect(click.mock.calls).toEqual([
      ['/pages/index/index', 'apply', undefined],
      ['/pages/index/index', 'package', { commodityId: 'a' }],
    ])
  })

  it('opens my orders and calls customer service', async () => {
    const makePhoneCall = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
    const page = await mount(homeWorld(async () => envelope([])))
    await expectEntryLinks(page, () => settle(page), { navigateTo: navigateTo(), makePhoneCall })
  })
})
