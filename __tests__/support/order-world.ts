/**
 * The order pages' test world: a logged-in user, the order API answered per endpoint over the
 * scripted transport, and the page's route parameters. The orders themselves: ./order-fixtures.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { ComponentType } from 'react'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import type { OrderDetail } from '../../types/api/orders'
import { flush, getByTestId, mountPage } from './page-test'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { envelope, testWorld } from './test-services'
import type { TestWorldOptions } from './test-services'

/** An endpoint's path template as a pattern over the request's path ({x} matches one segment). */
function pathPattern(endpoint: Endpoint): RegExp {
  return new RegExp(`^${endpoint.path.replace(/\{[^}]+\}/g, '[^/?]+')}$`)
}

export type Handler = (request: TransportRequest) => TransportResponse | Promise<TransportResponse>

export type OrdersWorld = ReturnType<typeof ordersWorld>

/** The app's services over a transport that answers by endpoint; unknown calls answer null. */
export function ordersWorld(options: Omit<TestWorldOptions, 'navigationHost' | 'respond'> = {}) {
  const world = testWorld({ ...options, navigationHost: createTaroNavigationHost() })
  const handlers = new Map<Endpoint, Handler>()
  handlers.set(API.token, () => envelope({ accessToken: 'token-1', expireIn: 3600, uid: 'uid-0001', scope: 'person' }))
  world.respondWith(async (request) => {
    const path = new URL(request.url).pathname
    for (const [endpoint, handler] of handlers) {
      if (endpoint.method === request.method && pathPattern(endpoint).test(path)) return handler(request)
    }
    return envelope(null)
  })
  const calls = (endpoint: Endpoint) =>
    world.requests.filter((request) => request.method === endpoint.method && pathPattern(endpoint).test(new URL(request.url).pathname))
  return {
    ...world,
    on(endpoint: Endpoint, handler: Handler) {
      handlers.set(endpoint, handler)
    },
    calls,
    /** The JSON bodies sent to `endpoint`. */
    bodies: (endpoint: Endpoint) => calls(endpoint).map((request) => JSON.parse(request.body ?? '{}') as Record<string, unknown>),
    login: () => world.services.store.user.loginWithCode('13800138000', '123456'),
  }
}

/** An orders world whose order detail endpoint answers `order`. */
export function answering(order: OrderDetail): OrdersWorld {
  const world = ordersWorld()
  world.on(API.orderDetail, () => envelope(order))
  return world
}

/** The page's route parameters, as the router hands them over (URL-encoded). */
export function openWith(params: Record<string, string>, path = '/test'): void {
  const encoded = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, encodeURIComponent(value)]))
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({
    router: { params: encoded, path, onReady: '', onHide: '', onShow: '' },
  } as ReturnType<typeof Taro.getCurrentInstance>)
}

/** Pull-down refresh needs a running Taro app: the page's handler is captured for the test to call. */
export function capturePullDown(): { pull: () => void; stop: jest.SpyInstance } {
  let handler: (() => void) | undefined
  jest.spyOn(Taro, 'usePullDownRefresh').mockImplementation((callback) => void (handler = callback))
  const stop = jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => Promise.resolve({ errMsg: 'stopPullDownRefresh:ok' }) as never)
  return { pull: () => handler?.(), stop }
}

/** Lets the lazily loaded network layer, the calls and the re-renders they cause all finish. */
export async function settle(page: TestUtils, rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await flush(page)
    await page.act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  }
}

/** Taps the element of test id `id` (with `inside`, the first element it matches within that one) and lets the page settle. */
export async function tapAndSettle(page: TestUtils, id: string, inside?: string): Promise<void> {
  const element = getByTestId(page, id)
  page.fireEvent.click(inside ? (element.querySelector(inside) as Element) : element)
  await settle(page)
}

/** Logs the user in and mounts `Page` (opened with `params` when given), letting it settle. */
export async function mountLoggedIn(Page: ComponentType, world: OrdersWorld, params?: Record<string, string>): Promise<TestUtils> {
  if (params) openWith(params)
  await world.login()
  const mounted = await mountPage(Page, world.services)
  await settle(mounted)
  return mounted
}

/** A response that waits until the test releases it. */
export function held(response: TransportResponse) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  return { handler: () => gate.then(() => response), release }
}

/** Navigation spies on Taro (the navigator's host in page tests). */
export function spyNavigation() {
  return {
    navigateTo: jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' }),
    redirectTo: jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' }),
    reLaunch: jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' }),
  }
}

/**
 * The navigation spies, made afresh before each test of the enclosing describe block (the same
 * object, its spies replaced); every mock is restored after each test.
 */
export function spyNavigationEachTest(): ReturnType<typeof spyNavigation> {
  const navigation = {} as ReturnType<typeof spyNavigation>
  beforeEach(() => {
    Object.assign(navigation, spyNavigation())
  })
  afterEach(() => jest.restoreAllMocks())
  return navigation
}
