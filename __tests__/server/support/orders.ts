/**
 * Fixtures and helpers for the apply, upload, order and payment suites: a test catalogue of their
 * own (independent of the demo seed), logged-in users, apply steps, multipart uploads and orders
 * brought to a given stage.
 */
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { ApplyPayload, ApplyResponse, UploadResponse } from '../../../types/api/apply'
import type { TokenGrant } from '../../../types/api/auth'
import { API, SIMULATOR_PATHS } from '../../../types/api/paths'
import type { PayDepositResponse } from '../../../types/api/payment'
import { SEALED_FIELD } from '../../../types/api/sealed'
import { ACTIVITY_TYPE, APPLY_STEP, BUSINESS_MODE, DELIVERY_METHOD, PLATE_COLOR } from '../../../src/domain/enums'
import { PACKAGE_VARIANT } from '../../../src/domain/money'
import { PLATE_UNIQUE_RESULT } from '../../../src/domain/plate'
import { hashSecret } from '../../../server/auth/secrets'
import { settlePayment } from '../../../server/payments/payments'
import { cryptoRandom } from '../../../server/runtime/random'
import { SEED_SUPPLIER_PROTOCOL_VERSION } from '../../../server/catalogue/seed-data'
import { phoneIndex } from '../../../server/crypto/field-cipher'
import type { Db } from '../../../server/db/database'
import { commodities, offlineOrders, orders, plateRules, promotionChannels, registeredPlates } from '../../../server/db/schema'
import { BANK, bearer, envelope, loginBySms, pathOf, sealFor } from './api'
import { apiClient } from './api-client'
import type { ApiResponse } from './api-client'
import { JPEG_BYTES, multipart } from './multipart'
import type { FilePart } from './multipart'
import type { TestApp } from './test-app'
import { appWorld } from './app-world'
import type { AppWorld } from './app-world'

export const FIXTURE = {
  paidCommodity: 'TEST_PAID',
  freeCommodity: 'TEST_FREE',
  mapCommodity: 'TEST_MAP_ONLY',
  paidPriceCents: 2990,
  closedPromotion: 'TEST_CLOSED_PROMOTION',
  takenPlate: '京T00001',
  interceptedPlate: '京T99999',
  interceptReason: '该车辆存在未结清的通行费',
  offlineNo: 'OFFTEST0001',
  offlinePlate: '苏E54322',
  /** The offline order's one-time hand-over code; its phone is PHONES.owner. */
  offlineCode: '12345678',
} as const

/** The test packages' issuer, and its seeded agreement as the consent step accepts it. */
export const ISSUER_AGREEMENT = { issuerId: 3, version: SEED_SUPPLIER_PROTOCOL_VERSION } as const

export const PLATE = '京A12345'
export const OTHER_PLATE = '沪C67890'
export const PHONES = { owner: '13800138000', other: '13912345678', third: '13700137000' } as const

export const OWNER = { ownerName: '张三', idNumber: '11010519491231002X', mobile: '13800138000' }
export const VEHICLE = { vehicleInfo: '大众汽车牌FV7152FBDBG', vin: 'WVWZZZ1JZXW000001', engineNo: 'EA211-123456' }
export const MAIL_DELIVERY = {
  method: DELIVERY_METHOD.MAIL,
  consigneeName: '李四',
  consigneeMobile: '13912345678',
  region: '广东省 深圳市 南山区',
  address: '科技园路1号3栋201',
}

/** The test catalogue: two bank packages (paid, free), a map package, a closed channel, plates, an offline order. */
export async function seedOrderFixtures(db: Db): Promise<void> {
  const bankPromotion = BANK.promotionChannelId
  await db
    .insert(promotionChannels)
    .values({
      id: FIXTURE.closedPromotion,
      channelKey: 'bank',
      channelId: BANK.channelId,
      promotionSubject: '已结束的测试活动',
      businessMode: BUSINESS_MODE.DEPOSIT,
      intercepted: true,
    })
    .onConflictDoNothing()
  const commodity = (id: string, promotionChannelId: string, price: number) => ({
    id,
    promotionChannelId,
    name: `测试套餐${id}`,
    commodityPrice: price,
    bizType: price ? BUSINESS_MODE.DEPOSIT : BUSINESS_MODE.FEE,
    packageVariant: PACKAGE_VARIANT.basic,
    issuerId: ISSUER_AGREEMENT.issuerId,
  })
  await db
    .insert(commodities)
    .values([
      commodity(FIXTURE.paidCommodity, bankPromotion, FIXTURE.paidPriceCents),
      commodity(FIXTURE.freeCommodity, bankPromotion, 0),
      commodity(FIXTURE.mapCommodity, 'PLACEHOLDER_MAP_PROMOTION_CHANNEL', 3990),
    ])
    .onConflictDoNothing()
  await db
    .insert(registeredPlates)
    .values({ plateNumber: FIXTURE.takenPlate, plateColor: PLATE_COLOR.BLUE, resultType: PLATE_UNIQUE_RESULT.HAS_ETC })
    .onConflictDoNothing()
  await db
    .insert(plateRules)
    .values({ plateNumber: FIXTURE.interceptedPlate, intercepted: true, interceptReason: FIXTURE.interceptReason })
    .onConflictDoNothing()
  await db
    .insert(offlineOrders)
    .values({
      offlineNo: FIXTURE.offlineNo,
      plateNumber: FIXTURE.offlinePlate,
      plateColor: PLATE_COLOR.BLUE,
      promotionChannelId: bankPromotion,
      phone: PHONES.owner,
      phoneIndex: phoneIndex(PHONES.owner),
      handoverCodeHash: hashSecret(FIXTURE.offlineCode),
    })
    .onConflictDoNothing()
}

export interface OrderWorld extends AppWorld {
  /** The logged-in owner (PHONES.owner) of the orders under test: the world's grant. */
  readonly owner: TokenGrant
}

/** The hooks of a suite over orders: those of appWorld, the fixtures seeded and the owner logged in. */
export function orderWorld(): OrderWorld {
  const world = appWorld((test) => login(test, PHONES.owner), seedOrderFixtures)
  return Object.defineProperty(world, 'owner', { get: () => world.grant }) as OrderWorld
}

export function login(test: TestApp, phone: string): Promise<TokenGrant> {
  return loginBySms(test, phone, BANK.channelId)
}

export function payload(overrides: Partial<ApplyPayload> = {}): ApplyPayload {
  return {
    stepId: APPLY_STEP.CREATE,
    channelSource: 'bank',
    sourceChannel: BANK.sourceChannel,
    activitySource: ACTIVITY_TYPE.BANK_APP_H5,
    promotionChannelId: BANK.promotionChannelId,
    partnerId: BANK.partnerId,
    promoterId: BANK.promoterId,
    plateNumber: PLATE,
    plateColor: PLATE_COLOR.BLUE,
    ...overrides,
  }
}

/** An apply call with any body (a malformed one too), as `grant` or anonymous. */
export function applyRaw(test: TestApp, grant: TokenGrant | undefined, body: unknown, channel: string = BANK.channelId): Promise<ApiResponse<ApplyResponse>> {
  return apiClient(test).malformed(API.apply, body, { as: grant, params: { channel } })
}

export function apply(test: TestApp, grant: TokenGrant, value: Partial<ApplyPayload> | Record<string, unknown>): Promise<ApiResponse<ApplyResponse>> {
  return apiClient(test).call(API.apply, { encryptUsersVehicleApplyVoStr: sealFor(test, SEALED_FIELD.apply, value) }, { as: grant })
}

/** The envelope's data, failing the test with the message when the call did not succeed. */
export function data<T>(response: ApiResponse<T>): T
export function data<T>(response: LightMyRequestResponse): T
export function data<T>(response: LightMyRequestResponse): T {
  const body = envelope<T>(response)
  if (response.statusCode !== 200 || body.code !== 200) throw new Error(`Call failed: HTTP ${response.statusCode} ${JSON.stringify(body)}`)
  return body.data
}

/** The bank channel's default promotion unless another of the bank channel is named. */
export async function createOrder(test: TestApp, grant: TokenGrant, plateNumber: string = PLATE, promotionChannelId: string = BANK.promotionChannelId): Promise<string> {
  return data<ApplyResponse>(await apply(test, grant, payload({ plateNumber, promotionChannelId }))).orderId
}

/** What an order is made of: its plate, its package and that package's promotion (of the bank channel). */
export interface OrderOptions {
  plateNumber?: string
  commodityId?: string
  promotionChannelId?: string
  /** How the device reaches the owner: by mail (the default) or picked up on site. */
  delivery?: 'mail' | 'onSite'
}

export async function fillOrder(test: TestApp, grant: TokenGrant, orderId: string, options: OrderOptions = {}): Promise<ApplyResponse> {
  const response = await apply(
    test,
    grant,
    payload({
      stepId: APPLY_STEP.UPDATE,
      orderId,
      plateNumber: options.plateNumber ?? PLATE,
      promotionChannelId: options.promotionChannelId ?? BANK.promotionChannelId,
      owner: OWNER,
      vehicle: VEHICLE,
      delivery: options.delivery === 'onSite' ? { method: DELIVERY_METHOD.ON_SITE } : MAIL_DELIVERY,
      commodityId: options.commodityId ?? FIXTURE.paidCommodity,
      issuerAgreements: [ISSUER_AGREEMENT],
    }),
  )
  return data<ApplyResponse>(response)
}

// ---- images and multipart ----

export { JPEG_BYTES, PNG_BYTES, WEBP_BYTES, multipart } from './multipart'
export type { FilePart } from './multipart'

export function upload(
  test: TestApp,
  grant: TokenGrant | undefined,
  path: string,
  fields: Record<string, string>,
  files: FilePart[] = [{ content: JPEG_BYTES }],
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, files)
  return test.inject({ method: 'POST', url: path, payload: body.payload, headers: { ...body.headers, ...(grant ? bearer(grant) : {}) } })
}

/** The four photos an application needs (ID card both sides, driving licence, vehicle front). */
export async function uploadAllPhotos(test: TestApp, grant: TokenGrant, orderId: string): Promise<UploadResponse> {
  data(await upload(test, grant, API.uploadIdCardH5.path, { orderId, side: 'front' }))
  data(await upload(test, grant, API.uploadIdCardH5.path, { orderId, side: 'back' }))
  data(await upload(test, grant, API.uploadDrivingLicenseH5.path, { orderId }))
  return data<UploadResponse>(await upload(test, grant, API.uploadImageH5.path, { orderId, imageType: 'vehicleFront' }))
}

/** A complete application, submitted (FINAL_COMMIT). */
export async function submittedOrder(test: TestApp, grant: TokenGrant, options: OrderOptions = {}): Promise<string> {
  const plateNumber = options.plateNumber ?? PLATE
  const promotionChannelId = options.promotionChannelId ?? BANK.promotionChannelId
  const orderId = await createOrder(test, grant, plateNumber, promotionChannelId)
  await fillOrder(test, grant, orderId, options)
  await uploadAllPhotos(test, grant, orderId)
  const committed = data<ApplyResponse>(await apply(test, grant, payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId, plateNumber, promotionChannelId })))
  if (committed.missing.length) throw new Error(`Commit incomplete: ${committed.missing.join(', ')}`)
  return orderId
}

/** The simulated cashier of a started payment: its payment id, one-time token, and page. */
export interface Cashier {
  paymentId: string
  token: string
  /** Path and query of the cashier page. */
  path: string
}

export function cashierOf(answer: PayDepositResponse): Cashier {
  if (!answer.cashierUrl) throw new Error('No cashier URL')
  const url = new URL(answer.cashierUrl)
  const paymentId = /^\/sim\/cashier\/([^/]+)$/.exec(url.pathname)?.[1]
  const token = url.searchParams.get('token')
  if (!paymentId || !token) throw new Error(`Unexpected cashier URL ${answer.cashierUrl}`)
  return { paymentId, token, path: `${url.pathname}${url.search}` }
}

/** The person's answer on the simulated cashier page. */
export function cashierResult(test: TestApp, paymentId: string, token: string, outcome: string): Promise<LightMyRequestResponse> {
  return test.inject({
    method: 'POST',
    url: pathOf(SIMULATOR_PATHS.cashierResult, { paymentId }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, outcome }).toString(),
  })
}

/**
 * A submitted order paid through the payment service itself, as a vendor's notification settles
 * it: queued for its issuer, not yet handed over (the cashier page's route also hands it over at
 * once: payment.test.ts).
 */
export async function paidOrder(db: Db, test: TestApp, grant: TokenGrant, options: OrderOptions = {}): Promise<string> {
  const orderId = await submittedOrder(test, grant, options)
  const started = await apiClient(test).call(API.payDeposit, { orderId, promotionChannelId: options.promotionChannelId ?? BANK.promotionChannelId }, { as: grant })
  const cashier = cashierOf(envelope(started).data)
  const settled = await settlePayment({ db, clock: test.clock, random: cryptoRandom }, cashier.paymentId, { token: cashier.token }, 'success')
  if (!settled.ok) throw new Error(`Payment not settled: ${settled.reason}`)
  return orderId
}

export async function orderRow(db: Db, orderId: string): Promise<typeof orders.$inferSelect> {
  const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId))
  if (!row) throw new Error(`No order ${orderId}`)
  return row
}
