/**
 * The order pages' test world: a logged-in user, the order API answered per endpoint over the
 * scripted transport, orders in every derived status, and the page's route parameters.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import { CHANNELS } from '../../src/config/channel'
import { ACTIVATION_STATE, AUDIT_STATE, CANCEL_STATE, DELIVERY_STATE, ISSUER_AUDIT_STATE, PAY_STATE, PLATE_COLOR } from '../../src/domain/enums'
import { CERTIFICATE } from '../../src/domain/certificates'
import type { OrderStatus } from '../../src/domain/order'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import type { OrderDetail, OrderSummary } from '../../types/api/orders'
import { flush } from '../support/page-test'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { envelope, testWorld } from '../support/test-services'
import type { TestWorldOptions } from '../support/test-services'

export const CHANNEL_ID = CHANNELS.bank.defaultPromotion.promotionChannelId
const ALL_PHOTOS = CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT

export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderId: 'O-1',
    plateNumber: '京A12345',
    plateColor: PLATE_COLOR.BLUE,
    promotionChannelId: CHANNEL_ID,
    partnerId: null,
    promoterId: null,
    orderSource: 0,
    bizType: 0,
    commodityId: 'C-1',
    commodityName: '基础版ETC',
    amountCents: 2990,
    depositPayState: PAY_STATE.AWAITING_PAYMENT,
    auditState: null,
    supplierAuditState: null,
    deliveryState: null,
    obuActivationState: null,
    cancelState: null,
    certificatesCommitSate: 0,
    stockInterceptionFlag: false,
    createdAt: '2026-11-20T02:30:00.000Z',
    updatedAt: '2026-11-20T02:30:00.000Z',
    ...overrides,
  }
}

export function detail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...summary(),
    auditReason: null,
    cancelReason: null,
    issuerId: null,
    deliveryMethod: null,
    trackingNo: null,
    owner: null,
    vehicle: null,
    delivery: null,
    completeness: { owner: false, vehicle: false, delivery: false, commodity: true, submitted: false },
    timeline: [],
    ...overrides,
  }
}

/** The order fields that make each derived status. */
export const STATUS_FIELDS: Readonly<Record<OrderStatus, Partial<OrderSummary>>> = {
  cancelled: { cancelState: CANCEL_STATE.SUCCESS, certificatesCommitSate: ALL_PHOTOS },
  activated: {
    certificatesCommitSate: ALL_PHOTOS,
    depositPayState: PAY_STATE.SUCCESS,
    auditState: AUDIT_STATE.PASSED,
    supplierAuditState: ISSUER_AUDIT_STATE.PASSED,
    deliveryState: DELIVERY_STATE.DELIVERED,
    obuActivationState: ACTIVATION_STATE.ACTIVATED,
  },
  awaitingActivation: {
    certificatesCommitSate: ALL_PHOTOS,
    depositPayState: PAY_STATE.SUCCESS,
    auditState: AUDIT_STATE.PASSED,
    supplierAuditState: ISSUER_AUDIT_STATE.PASSED,
    deliveryState: DELIVERY_STATE.SHIPPED,
    obuActivationState: ACTIVATION_STATE.AWAITING,
  },
  awaitingShipment: {
    certificatesCommitSate: ALL_PHOTOS,
    depositPayState: PAY_STATE.SUCCESS,
    auditState: AUDIT_STATE.PASSED,
    supplierAuditState: ISSUER_AUDIT_STATE.PASSED,
    deliveryState: DELIVERY_STATE.AWAITING_SHIPMENT,
  },
  rejected: { certificatesCommitSate: ALL_PHOTOS, depositPayState: PAY_STATE.SUCCESS, auditState: AUDIT_STATE.REJECTED },
  awaitingAudit: { certificatesCommitSate: ALL_PHOTOS, depositPayState: PAY_STATE.SUCCESS },
  applying: {},
}

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
  handlers.set(API.token, () => envelope({ accessToken: 'token-1', expireIn: 3600, uid: 'uid-0001' }))
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
