/**
 * The apply journey's page-test world. Packages, payment, pay result: a user logged in through
 * the bank page token over a scripted server, the packages and the application the server
 * answers, canned answers (a server error, an answer that never comes). Agreements, information,
 * photos: an open order after the plate step, and the navigation spies.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { ComponentType } from 'react'
import { BUSINESS_MODE, PAY_STATE } from '../../src/domain/enums'
import { ORIGINAL_PRICE_DEFAULT_CENTS, PACKAGE_VARIANT } from '../../src/domain/money'
import { PAGE_TOKEN_PARAM } from '../../src/platform/authorization'
import type { BuildTarget } from '../../src/platform/authorization'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import type { Commodity } from '../../types/api/catalogue'
import type { OrderDetail } from '../../types/api/orders'
import { settle } from '../unit/services/fakes'
import { detail } from './order-fixtures'
import { byTestId, flush, getByTestId, mountPage, textOf } from './page-test'
import { pageTestWorld } from './test-app'
import { envelope, testWorld } from './test-services'

type Handler = (request: TransportRequest) => Promise<TransportResponse> | undefined

export type JourneyWorld = ReturnType<typeof loggedInWorld>

/**
 * The app services of a user logged in through the bank page token, over a scripted server. Give
 * the device's storage of an earlier world to reload that app.
 */
export function loggedInWorld(target: BuildTarget = 'h5', raw?: Map<string, string>) {
  // On H5 the bank app's page token logs in; a mini-program logs in with the platform's code.
  const world = testWorld({
    navigationHost: createTaroNavigationHost(),
    target,
    raw,
    launchParams: { [PAGE_TOKEN_PARAM]: 'sim-alice' },
    authorization: { login: async () => ({ code: 'sim-platform-code', authCode: 'sim-platform-code' }), queryParam: () => undefined },
  })
  let route: Handler = () => undefined
  world.respondWith(async (request) => {
    if (request.url.includes('/oauth2/')) return envelope({ accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' })
    return (await route(request)) ?? envelope(null)
  })
  return { ...world, serve: (handler: Handler) => void (route = handler), ok: async (data: unknown) => envelope(data) }
}

/** An answer that never comes (the page stays loading). */
export const never = (): Promise<TransportResponse> => new Promise(() => undefined)

/** The server failing with HTTP 500 and `msg`. */
export const serverError = async (msg: string): Promise<TransportResponse> => ({ statusCode: 500, data: { code: 500, msg, data: null }, header: {} })

export function commodity(fields: Partial<Commodity> & Pick<Commodity, 'id' | 'commodityName' | 'commodityPrice'>): Commodity {
  return {
    originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS,
    bizType: BUSINESS_MODE.DEPOSIT,
    goodTypeMap: { obu: 1 },
    issuerId: 3,
    packageVariant: PACKAGE_VARIANT.basic,
    frontData: { sort: 1, marketingData: null, isExistUser: false },
    description: '',
    ...fields,
  }
}

/** The apply call's answer once the application is complete and submitted (payment next). */
export const SUBMITTED = { orderId: 'O1', stepId: 200, certificatesCommitSate: 7, depositPayState: PAY_STATE.AWAITING_PAYMENT, missing: [] }

/** The calls to the apply endpoint (the steps sent and the final commit). */
export const applyCalls = (world: JourneyWorld): TransportRequest[] => world.requests.filter((request) => /\/vehicles\/h5\/apply$/.test(request.url))

/** An application of 京A12345 with owner, vehicle, delivery and all photos in, no package chosen, not submitted. */
export function applicationDetail(fields: Partial<OrderDetail> & Pick<OrderDetail, 'orderId'>): OrderDetail {
  return detail({
    plateColor: 1,
    promotionChannelId: 'PC',
    bizType: BUSINESS_MODE.DEPOSIT,
    commodityId: null,
    commodityName: null,
    amountCents: null,
    depositPayState: null,
    certificatesCommitSate: 7,
    createdAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-01T08:00:00.000Z',
    issuerId: 3,
    completeness: { owner: true, vehicle: true, delivery: true, commodity: false, submitted: false },
    ...fields,
  })
}

/** What Taro's router hands the page at `path` (useRouter reads the current instance's router). */
export function routeTo(path: string, params: Record<string, string>): void {
  Taro.getCurrentInstance().router = { params, path, onReady: '', onHide: '', onShow: '', shareTicket: undefined, scene: undefined }
}

/** Mounts `Page` routed to `path` with `params`, and lets its first loads finish. */
export async function openAt(Page: ComponentType, world: JourneyWorld, path: string, params: Record<string, string>): Promise<TestUtils> {
  routeTo(path, params)
  const page = await mountPage(Page, world.services)
  await page.act(async () => settle(80))
  return page
}

/**
 * The page's error view `errorId` says the server's 服务器繁忙 in place, as an alert and with no
 * toast too; then, once `recover` has the server answer, its retry button is tapped and the page
 * settles (for `settleMs`).
 */
export async function retryAfterErrorInPlace(page: TestUtils, world: JourneyWorld, errorId: string, recover: () => void, settleMs = 80): Promise<void> {
  expect(getByTestId(page, errorId).getAttribute('role')).toBe('alert')
  expect(textOf(page, errorId)).toContain('服务器繁忙，请稍后重试')
  expect(world.ui.toasts).toEqual([])
  recover()
  page.fireEvent.click(getByTestId(page, errorId).querySelector('[role="button"]') as Element)
  await page.act(async () => settle(settleMs))
}

/** A complete, valid owner and vehicle for the information form, by field. */
export const VALID_FORM = {
  ownerName: '张三',
  idNumber: '11010519491231002X',
  mobile: '13800138000',
  vehicleInfo: '大众汽车牌FV7152FBDBG',
  vin: 'WVWZZZ1JZXW000001',
  engineNo: 'EA211-123',
} as const

/** Spies on Taro's redirect (the page sending the user elsewhere) and navigate (opening the next page). */
export function spyNavigation() {
  return {
    redirect: jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' }),
    open: jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' }),
  }
}

/**
 * Opened with no order, the page `Page` says (in `noticeId`) that the plate comes first and sends
 * the user to the plate page, showing nothing of its own (no `formId`).
 */
export async function expectSentToPlatePage(Page: ComponentType, noticeId: string, formId: string): Promise<void> {
  const { redirect } = spyNavigation()
  const page = await mountPage(Page)
  await flush(page)
  expect(textOf(page, noticeId)).toContain('请先填写车牌号')
  expect(redirect).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  expect(byTestId(page, formId)).toBeNull()
}

/** The journey's state after the plate step: an open order for 京A12345 with `certificates` photos sent. */
export function withOpenOrder(world: { services: JourneyWorld['services'] }, certificates = 0): void {
  world.services.store.apply.resumeOrder(
    detail({
      orderId: 'order-1',
      plateNumber: '京A12345',
      certificatesCommitSate: certificates,
      commodityId: null,
      depositPayState: null,
      completeness: { owner: false, vehicle: false, delivery: false, commodity: false, submitted: false },
    }),
  )
}

/** A user logged in by SMS code with an open order for 京A12345, agreements accepted unless told otherwise. */
export async function openOrderWorld({ certificates = 0, agreed = true } = {}): Promise<ReturnType<typeof pageTestWorld>> {
  const world = pageTestWorld()
  world.respondWith(async () => envelope({ accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' }))
  await world.services.store.user.loginWithCode('13800138000', '123456')
  world.respondWith(async () => envelope(null))
  withOpenOrder(world, certificates)
  if (agreed) world.services.store.apply.acceptAgreements()
  return world
}
