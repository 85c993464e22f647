/**
 * The visit's promotion: ids from the address or a landing page, used only once the server says
 * the promotion runs and is open to this channel; the click id; both kept for the visit.
 */
import { CHANNELS } from '../../../src/config/channel'
import { ATTRIBUTION_TTL_MS } from '../../../src/domain/attribution'
import { ACTIVITY_TYPE, BUSINESS_MODE } from '../../../src/domain/enums'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import { PromotionStore } from '../../../src/stores/promotion-store'
import type { PromotionApi } from '../../../src/stores/promotion-store'
import type { InterceptionResponse } from '../../../types/api/apply'
import type { PromotionChannelInfo, PromoterChannelEffectiveRequest } from '../../../types/api/catalogue'
import { deferred } from '../services/fakes'

const channel = CHANNELS.bank
const info = (overrides: Partial<PromotionChannelInfo> = {}): PromotionChannelInfo => ({
  effective: true,
  promotionSubject: '百度专享',
  call_link: '',
  businessMode: BUSINESS_MODE.DEPOSIT,
  activityType: ACTIVITY_TYPE.NEW_APPLY,
  ...overrides,
})
const OPEN: InterceptionResponse = { intercept: false, reason: '' }

function setup(answers: { info?: (request: PromoterChannelEffectiveRequest) => Promise<PromotionChannelInfo>; intercept?: () => Promise<InterceptionResponse> } = {}) {
  const raw = new Map<string, string>()
  let now = 1_800_000_000_000
  const calls = { info: [] as PromoterChannelEffectiveRequest[], intercept: [] as [string, string][] }
  const api: PromotionApi = {
    channelInfo: (request) => {
      calls.info.push(request)
      return answers.info ? answers.info(request) : Promise.resolve(info())
    },
    channelInterceptCheck: (sourceChannel, promotionChannelId) => {
      calls.intercept.push([sourceChannel, promotionChannelId])
      return answers.intercept ? answers.intercept() : Promise.resolve(OPEN)
    },
    partnerChannels: async () => [],
  }
  const storage = createSecureStorage({
    backend: { getString: (k) => raw.get(k), setString: (k, v) => void raw.set(k, v), remove: (k) => void raw.delete(k) },
    keyHex: 'c'.repeat(64),
    prefix: 'etc_bank_',
  })
  const make = () => new PromotionStore({ api, channel, storage, now: () => now })
  return { store: make(), reopen: make, calls, raw, advance: (ms: number) => (now += ms) }
}

const ADDRESS = { promotionChannelId: 'PC_BAIDU', partnerId: 'P-1', promoterId: 'Q_1', bd_vid: 'bd.123' }

describe('PromotionStore', () => {
  it("uses the channel's default until arrived ids are checked, then the ids as given", async () => {
    const { store, calls } = setup()
    store.arrive(ADDRESS)
    expect(store.current).toEqual(channel.defaultPromotion)
    expect(store.pending).toBe(true)
    await store.settle()
    expect(store.current).toEqual({ promotionChannelId: 'PC_BAIDU', partnerId: 'P-1', promoterId: 'Q_1' })
    expect(store.activitySource).toBe(ACTIVITY_TYPE.NEW_APPLY)
    expect(calls.info).toEqual([{ promotionChannelId: 'PC_BAIDU', partnerId: 'P-1', promoterId: 'Q_1' }])
    expect(calls.intercept).toEqual([[channel.sourceChannel, 'PC_BAIDU']])
  })

  it('drops ids of the wrong form: no promotion id means no arrival, a bad tag is left out', async () => {
    const { store, calls } = setup()
    store.arrive({ promotionChannelId: 'bad id!', partnerId: 'P' })
    expect(store.arrival).toBeUndefined()
    store.arrive({ promotionChannelId: 'PC_1', partnerId: '<script>', promoterId: 'x'.repeat(65) })
    await store.settle()
    expect(calls.info).toEqual([{ promotionChannelId: 'PC_1' }])
    expect(store.current).toEqual({ promotionChannelId: 'PC_1', partnerId: '', promoterId: '' })
  })

  it('refuses an ended promotion and one closed to this channel, keeping the reason and the default', async () => {
    const ended = setup({ info: async () => info({ effective: false }), intercept: async () => ({ intercept: true, reason: '推广渠道已关闭' }) })
    ended.store.arrive(ADDRESS)
    await ended.store.settle()
    expect(ended.store.current).toEqual(channel.defaultPromotion)
    expect(ended.store.refusal).toEqual({ kind: 'expired', message: '推广渠道已关闭' })

    const foreign = setup({ intercept: async () => ({ intercept: true, reason: '该推广渠道不属于当前渠道' }) })
    foreign.store.arrive(ADDRESS)
    await foreign.store.settle()
    expect(foreign.store.refusal).toEqual({ kind: 'foreign', message: '该推广渠道不属于当前渠道' })
    // The default's own info is loaded for the rest of the visit (hall link, activity).
    expect(foreign.calls.info.at(-1)).toEqual(channel.defaultPromotion)

    const unexplained = setup({ info: async () => info({ effective: false }) })
    unexplained.store.arrive(ADDRESS)
    await unexplained.store.settle()
    // The page's title says it has ended; there is no reason to add.
    expect(unexplained.store.refusal).toEqual({ kind: 'expired', message: '' })
  })

  it('keeps the ids pending when the check fails, and checks once however often it is asked', async () => {
    const answer = deferred<PromotionChannelInfo>()
    let failing = true
    const { store, calls } = setup({ info: () => (failing ? Promise.reject(new Error('网络错误')) : answer.promise) })
    store.arrive(ADDRESS)
    await expect(store.settle()).rejects.toThrow('网络错误')
    expect(store.pending).toBe(true)
    failing = false
    const first = store.settle()
    const second = store.settle()
    answer.resolve(info())
    await Promise.all([first, second])
    expect(calls.info).toHaveLength(2)
    await store.settle()
    expect(calls.info).toHaveLength(2)
  })

  it("lets the address win over a landing page's own promotion, and a landing offer replace the default", async () => {
    const addressed = setup()
    addressed.store.arrive(ADDRESS)
    addressed.store.offer({ promotionChannelId: 'PC_LANDING' })
    expect(addressed.store.arrival?.ids.promotionChannelId).toBe('PC_BAIDU')

    const landed = setup()
    landed.store.offer({ promotionChannelId: 'PC_LANDING', partnerId: 'LP' })
    await landed.store.settle()
    expect(landed.store.current).toEqual({ promotionChannelId: 'PC_LANDING', partnerId: 'LP', promoterId: '' })
    // The same offer again (the page shown again) is not checked again.
    landed.store.offer({ promotionChannelId: 'PC_LANDING', partnerId: 'LP' })
    expect(landed.store.pending).toBe(false)
    landed.store.offer({ promotionChannelId: 'bad id' })
    expect(landed.store.current.promotionChannelId).toBe('PC_LANDING')
  })

  it("lets a landing page opened in a later launch replace an earlier launch's address, whose refusal is old news", async () => {
    const { store, reopen } = setup({ intercept: async () => ({ intercept: true, reason: '该推广渠道不属于当前渠道' }) })
    store.arrive(ADDRESS)
    await store.settle()
    expect(store.refusal?.kind).toBe('foreign')
    const later = reopen()
    expect(later.refusal).toBeUndefined()
    later.offer({ promotionChannelId: 'PC_BANK_APP' })
    expect([later.arrival?.source, later.arrival?.ids.promotionChannelId, later.pending]).toEqual(['landing', 'PC_BANK_APP', true])
  })

  it('checks the arrival that is current when a check ends, not one replaced meanwhile', async () => {
    const first = deferred<PromotionChannelInfo>()
    const { store, calls } = setup({ info: (request) => (request.promotionChannelId === 'PC_A' ? first.promise : Promise.resolve(info())) })
    store.offer({ promotionChannelId: 'PC_A' })
    const settling = store.settle()
    store.offer({ promotionChannelId: 'PC_B' })
    first.resolve(info())
    await settling
    expect([store.current.promotionChannelId, store.pending]).toEqual(['PC_B', false])
    expect(calls.info.map((request) => request.promotionChannelId)).toEqual(['PC_A', 'PC_B'])
  })

  it("rejects when the default promotion's info cannot be had: orders take their activity from it", async () => {
    const { store } = setup({ info: () => Promise.reject(new Error('网络错误')) })
    await expect(store.settle()).rejects.toThrow('网络错误')
    expect(store.load.status).toBe('error')
  })

  it('keeps arrival and click id for the visit across a reload, and forgets them after it', async () => {
    const { store, reopen, advance } = setup()
    store.arrive(ADDRESS)
    await store.settle()
    const reloaded = reopen()
    expect([reloaded.current.promoterId, reloaded.clickId, reloaded.pending]).toEqual(['Q_1', 'bd.123', false])
    // An address without ids (a page of the journey) keeps what the visit has.
    reloaded.arrive({ orderId: 'O1' })
    expect(reloaded.current.promotionChannelId).toBe('PC_BAIDU')
    advance(ATTRIBUTION_TTL_MS)
    const later = reopen()
    expect([later.current, later.clickId]).toEqual([channel.defaultPromotion, undefined])
  })

  it("takes the activity of the default promotion's info when nothing arrived", async () => {
    const { store, calls } = setup({ info: async () => info({ activityType: ACTIVITY_TYPE.BANK_APP_H5 }) })
    expect(store.activitySource).toBe(ACTIVITY_TYPE.NONE)
    await store.settle()
    expect(store.activitySource).toBe(ACTIVITY_TYPE.BANK_APP_H5)
    expect(calls.intercept).toEqual([])
    await store.settle()
    expect(calls.info).toHaveLength(1)
  })
})
