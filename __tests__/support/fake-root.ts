import { CHANNELS } from '../../src/config/channel'
import type { CommodityFields } from '../../src/domain/money'
import type { Notice } from '../../src/domain/notice'
import type { OrderFields } from '../../src/domain/order'
import { createSecureStorage } from '../../src/platform/secure-storage'
import { RootStore } from '../../src/stores/root-store'
import type { RootApi } from '../../src/stores/root-store'

/** A RootStore over fake API functions and in-memory encrypted storage. */
export function fakeRoot(overrides: Partial<RootApi> = {}) {
  const raw = new Map<string, string>()
  let now = 1_800_000_000_000
  const api: RootApi = {
    auth: {
      sendCode: async () => undefined,
      loginByCode: async () => ({ accessToken: 't', expireIn: 60, uid: 'uid-0001' }),
      loginByRememberedPhone: () => Promise.reject(new Error('no')),
      loginByPromoterAccount: () => Promise.reject(new Error('no')),
      loginByPageToken: () => Promise.reject(new Error('no')),
      loginByAuthCode: () => Promise.reject(new Error('no')),
    },
    promotion: { channelInfo: async () => ({ promotionSubject: '银行ETC', call_link: null }) },
    commodities: {
      listCommodities: async (): Promise<CommodityFields[]> => [],
      goodsTypeConfig: async () => ({}),
    },
    orders: { searchOrders: async (): Promise<OrderFields[]> => [], orderProcess: async (orderId) => ({ orderId }) },
    notices: { notices: async (): Promise<Notice[]> => [] },
    ...overrides,
  }
  const storage = createSecureStorage({
    backend: { getString: (k) => raw.get(k), setString: (k, v) => void raw.set(k, v), remove: (k) => void raw.delete(k) },
    keyHex: 'b'.repeat(64),
    prefix: 'etc_bank_',
  })
  const store = new RootStore({
    api,
    storage,
    channel: CHANNELS.bank,
    now: () => now,
    pageToken: () => undefined,
  })
  return { store, api, raw, storage, advance: (ms: number) => (now += ms), now: () => now }
}
