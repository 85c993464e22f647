import { CHANNELS } from '../../src/config/channel'
import { ACTIVITY_TYPE, BUSINESS_MODE, CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import type { CommodityFields } from '../../src/domain/money'
import type { Notice } from '../../src/domain/notice'
import type { OrderDetail, OrderSummary } from '../../types/api/orders'
import { PLATE_UNIQUE_RESULT } from '../../src/domain/plate'
import { createSecureStorage } from '../../src/platform/secure-storage'
import { createRootStore } from '../../src/app/root-store'
import type { RootApi } from '../../src/app/root-store'

/** Per namespace, the calls a test replaces; the others keep their fakes. */
export type RootApiOverrides = { [K in keyof RootApi]?: Partial<RootApi[K]> }

/** A RootStore over fake API functions and in-memory encrypted storage. */
export function fakeRoot(overrides: RootApiOverrides = {}) {
  const raw = new Map<string, string>()
  let now = 1_800_000_000_000
  const fakes: RootApi = {
    auth: {
      sendCode: async () => undefined,
      loginByCode: async () => ({ accessToken: 't', expireIn: 60, uid: 'uid-0001', scope: 'person' }),
      loginByRememberedPhone: () => Promise.reject(new Error('no')),
      loginByPromoterAccount: () => Promise.reject(new Error('no')),
      loginByPageToken: () => Promise.reject(new Error('no')),
      loginByAuthCode: () => Promise.reject(new Error('no')),
      logout: async () => undefined,
    },
    promotion: {
      channelInfo: async () => ({ effective: true, promotionSubject: '银行ETC', call_link: '', businessMode: BUSINESS_MODE.DEPOSIT, activityType: ACTIVITY_TYPE.BANK_APP_H5 }),
      channelInterceptCheck: async () => ({ intercept: false, reason: '' }),
      partnerChannels: async () => [],
      newApplySwitch: async () => ({ allowNewApply: true, reason: '' }),
    },
    commodities: {
      listCommodities: async (): Promise<CommodityFields[]> => [],
      goodsTypeConfig: async () => ({}),
      issuers: async () => [],
      supplierProtocol: () => Promise.reject(new Error('no agreement in this test')),
    },
    orders: {
      searchOrders: async (): Promise<OrderSummary[]> => [],
      // Only the id: the tests that read more of an order answer it themselves.
      orderProcess: async (orderId) => ({ orderId }) as OrderDetail,
      cancel: async (orderId) => ({ orderId, cancelState: CANCEL_STATE.SUCCESS }),
      offlineToOnline: async () => ({ orderId: 'order-0002' }),
      currentProcessByPlate: async () => null,
      currentProcessByUid: async () => null,
    },
    notices: { notices: async (): Promise<Notice[]> => [] },
    apply: {
      plateUnique: async () => ({ data: { resultType: PLATE_UNIQUE_RESULT.FREE } }),
      contractInterception: async () => ({ intercept: false, reason: '' }),
      checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: false }),
      requiredRisk: async () => ({ required: false, reason: '' }),
      phoneByCode: async () => ({ mobile: '13800138000' }),
      apply: async (payload) => ({
        orderId: payload.orderId ?? 'order-0001',
        stepId: payload.stepId,
        certificatesCommitSate: 0,
        depositPayState: PAY_STATE.AWAITING_PAYMENT,
        missing: [],
      }),
      saveDraft: async () => ({ savedAt: new Date(now).toISOString() }),
      loadDraft: async () => undefined,
      uploadPhoto: async () => ({ fileId: 'file-0001', url: 'https://img.test/photo.jpg', certificatesCommitSate: 0 }),
      // As the simulator answers a photo that is not a demo photo.
      recognizePhoto: async () => ({ document: 'idCardFront', outcome: 'unread', reason: 'unreadable' }),
      push: async (orderId) => ({ orderId, pushed: true, issuerReceivedAt: null }),
      plateReleaseNotice: async () => ({ maskedPhone: '138****8000', releaseAt: '2026-03-01T08:30:00.000Z' }),
      verifyEligibility: async () => ({ eligible: true, reason: '', discountCents: 2000, expiresAt: '2027-12-31T15:59:59.000Z' }),
      claimVoucher: async ({ code, orderId }) => ({ voucherId: 'V-1', code, orderId, discountCents: 2000, claimedAt: new Date(now).toISOString() }),
    },
    payment: {
      payDeposit: async (orderId) => ({ orderId, depositPayState: PAY_STATE.PAYING, cashierUrl: 'https://cashier.test' }),
      payState: async (orderId) => ({ orderId, depositPayState: PAY_STATE.SUCCESS }),
      orderInfo: async (orderId) => ({ orderId, amountCents: 0, priceCents: 0, voucher: null, businessMode: 0, depositPayState: PAY_STATE.AWAITING_PAYMENT, paidAt: null, promotionChannelId: 'PC-1' }),
    },
    province: {
      msgOpen: async () => true,
      sendCode: async () => undefined,
      login: async () => ({ supplierUserId: 'HN0001' }),
    },
  }
  const api = Object.fromEntries(
    Object.entries(fakes).map(([name, calls]) => [name, { ...calls, ...overrides[name as keyof RootApi] }]),
  ) as unknown as RootApi // each namespace keeps its fakes' shape, with some calls replaced
  const storage = createSecureStorage({
    backend: { getString: (k) => raw.get(k), setString: (k, v) => void raw.set(k, v), remove: (k) => void raw.delete(k) },
    keyHex: 'b'.repeat(64),
    prefix: 'etc_bank_',
  })
  const store = createRootStore({
    api,
    storage,
    channel: CHANNELS.bank,
    now: () => now,
    timers: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    pageToken: () => undefined,
  })
  return { store, api, raw, storage, advance: (ms: number) => (now += ms), now: () => now }
}
