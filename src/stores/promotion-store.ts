/**
 * The promotion the visit runs under, and its attribution.
 *
 * A visit arrives with promotion ids in its address (`promotionChannelId`, `partnerId`,
 * `promoterId`) or on a landing page with a promotion of its own, and with an ad click id
 * (`bd_vid`). Arrived ids are only used once the server says the promotion is running and open to
 * this channel (promoter_channel_effective and the channel interception check): until then, and
 * when it is refused, the channel's default promotion applies, and a refusal is kept for the
 * landing page to explain. Arrival and click id are kept on the device for the visit
 * (ATTRIBUTION_TTL_MS), so a reload or the cashier's return keeps them.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { ATTRIBUTION_TTL_MS, addressClickId, addressPromotion, isAttributionTag } from '../domain/attribution'
import type { AddressPromotion } from '../domain/attribution'
import { ACTIVITY_TYPE } from '../domain/enums'
import type { ChannelProfile, PromotionIds } from '../config/channel'
import type { PartnerChannel, PromotionChannelInfo } from '../../types/api/catalogue'
import { fields, isNumber, isString, oneOf, optional, schema } from '../platform/schema'
import type { SecureStorage } from '../platform/secure-storage'
import type { AnswerOf } from './contract'
import { InFlight } from './in-flight'
import { initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'

export interface PromotionApi {
  channelInfo(promotion: AddressPromotion): AnswerOf<'promoterChannelEffective'>
  channelInterceptCheck(sourceChannel: string, promotionChannelId: string): AnswerOf<'channelInterceptCheck'>
  partnerChannels(promotionChannelId: string): AnswerOf<'partnerChannels'>
}

export const PROMOTION_STORAGE = { arrival: 'promotionArrival', clickId: 'clickId' } as const

/** Where arrived ids came from: the address wins over a landing page's own promotion. */
export type ArrivalSource = 'address' | 'landing'

/** Why an arrived promotion is not used: it has ended (or is unknown), or it is not open to this channel. */
export type RefusalKind = 'expired' | 'foreign'

export const PROMOTION_MESSAGES = {
  infoFailed: '推广活动信息加载失败，请稍后重试',
} as const

export interface Arrival {
  ids: AddressPromotion
  source: ArrivalSource
  status: 'pending' | 'applied' | 'refused'
  refusal?: { kind: RefusalKind; message: string }
  /** ACTIVITY_TYPE of the applied promotion. */
  activityType?: number
  savedAt: number
}

const ARRIVAL = schema(
  fields<Arrival>({
    ids: fields<AddressPromotion>({ promotionChannelId: isString, partnerId: optional(isString), promoterId: optional(isString) }),
    source: oneOf('address', 'landing'),
    status: oneOf('pending', 'applied', 'refused'),
    refusal: optional(fields<NonNullable<Arrival['refusal']>>({ kind: oneOf('expired', 'foreign'), message: isString })),
    activityType: optional(isNumber),
    savedAt: isNumber,
  }),
)
const CLICK = schema(fields<{ clickId: string; savedAt: number }>({ clickId: isString, savedAt: isNumber }))

export interface PromotionStoreDeps {
  api: PromotionApi
  channel: ChannelProfile
  storage: SecureStorage
  now(): number
}

export class PromotionStore {
  arrival: Arrival | undefined
  clickId: string | undefined
  /** What the server says of the current promotion (hall link, business mode, activity). */
  info: PromotionChannelInfo | undefined = undefined
  load: LoadState = initialLoadState()
  /** The partner channels of the current promotion (getPartnerChannels), once loaded. */
  partners: PartnerChannel[] = []
  partnersLoad: LoadState = initialLoadState()
  /** Whether ids arrived with this launch (its address or a landing page opened in it). */
  private arrivedThisLaunch = false
  private readonly inFlight = new InFlight()

  constructor(private readonly deps: PromotionStoreDeps) {
    const fresh = (savedAt: number) => deps.now() - savedAt < ATTRIBUTION_TTL_MS
    const arrival = deps.storage.get(PROMOTION_STORAGE.arrival, ARRIVAL)
    this.arrival = arrival && fresh(arrival.savedAt) ? arrival : undefined
    const click = deps.storage.get(PROMOTION_STORAGE.clickId, CLICK)
    this.clickId = click && fresh(click.savedAt) ? click.clickId : undefined
    makeAutoObservable<PromotionStore, 'deps' | 'inFlight'>(this, { deps: false, inFlight: false })
  }

  /** The promotion ids orders, payments and package lists use now. */
  get current(): PromotionIds {
    const { arrival } = this
    if (arrival?.status !== 'applied') return this.deps.channel.defaultPromotion
    return { partnerId: '', promoterId: '', ...arrival.ids }
  }

  /** The ACTIVITY_TYPE orders of this visit carry: the current promotion's activity. */
  get activitySource(): number {
    return this.arrival?.status === 'applied' ? (this.arrival.activityType ?? ACTIVITY_TYPE.NONE) : (this.info?.activityType ?? ACTIVITY_TYPE.NONE)
  }

  /**
   * Why the promotion this launch arrived with is not used, for the page to say so (undefined when
   * it is used, or none came with this launch: an earlier launch's refusal is not news).
   */
  get refusal(): Arrival['refusal'] {
    return this.arrivedThisLaunch && this.arrival?.status === 'refused' ? this.arrival.refusal : undefined
  }

  /**
   * The promotion whose public catalogue to load ahead: the arrived one while its check is under
   * way (it is the likely outcome), else the current one.
   */
  get upcomingPromotionChannelId(): string {
    return this.arrival?.status === 'pending' ? this.arrival.ids.promotionChannelId : this.current.promotionChannelId
  }

  /** Whether arrived ids still wait for the server's check. */
  get pending(): boolean {
    return this.arrival?.status === 'pending'
  }

  /**
   * Takes what the visit's address brings: its promotion ids (checked by settle()) and its click
   * id. An address without them keeps what this visit already has.
   */
  arrive(params: Readonly<Record<string, string | undefined>>): void {
    const clickId = addressClickId(params)
    if (clickId) {
      this.clickId = clickId
      this.deps.storage.set(PROMOTION_STORAGE.clickId, { clickId, savedAt: this.deps.now() })
    }
    const ids = addressPromotion(params)
    if (!ids) return
    this.arrivedThisLaunch = true
    if (!this.sameArrival(ids)) this.record({ ids, source: 'address', status: 'pending', savedAt: this.deps.now() })
  }

  /**
   * A landing page's own promotion, used unless this launch's address named one (an earlier
   * launch's does not outweigh the page the person opened now). Partner and promoter are the
   * landing's tags.
   */
  offer(ids: AddressPromotion): void {
    if (!isAttributionTag(ids.promotionChannelId)) return
    if (this.arrivedThisLaunch && this.arrival?.source === 'address') return
    this.arrivedThisLaunch = true
    if (!this.sameArrival(ids)) this.record({ ids, source: 'landing', status: 'pending', savedAt: this.deps.now() })
  }

  /**
   * Checks arrived ids with the server, once: the promotion is used when it runs and is open to
   * this channel, else the channel's default with the reason kept. Without arrived ids, loads the
   * default promotion's info (its activity). Needs a channel session: the request layer logs in.
   * A failed check leaves the ids pending and rejects.
   */
  settle(): Promise<void> {
    return this.inFlight.run('settle', () => this.settleNow())
  }

  private async settleNow(): Promise<void> {
    const arrival = this.arrival
    if (arrival?.status === 'pending') {
      const [info, interception] = await Promise.all([
        this.deps.api.channelInfo(arrival.ids),
        this.deps.api.channelInterceptCheck(this.deps.channel.sourceChannel, arrival.ids.promotionChannelId),
      ])
      // Another arrival came meanwhile (a landing page, a new address): that one is checked now.
      if (this.arrival !== arrival) return this.settleNow()
      runInAction(() => {
        if (!info.effective || interception.intercept) {
          const kind: RefusalKind = info.effective ? 'foreign' : 'expired'
          this.record({ ...arrival, status: 'refused', refusal: { kind, message: interception.reason } })
          this.info = undefined
        } else {
          this.record({ ...arrival, status: 'applied', activityType: info.activityType })
          this.info = info
          this.load = { status: 'ready', error: undefined }
        }
      })
    }
    if (this.info) return
    await this.fetchInfo()
    // What waits for it (a landing page, the home page) says when it failed.
    if (this.load.status === 'error') throw this.load.error ?? new Error(PROMOTION_MESSAGES.infoFailed)
  }

  /** Loads what the server says of the current promotion (customer service's hall link). */
  fetchInfo(): Promise<void> {
    const { promotionChannelId, partnerId, promoterId } = this.current
    return runLoad(
      (state) => (this.load = state),
      () => this.deps.api.channelInfo({ promotionChannelId, partnerId, promoterId }),
      (info) => (this.info = info),
    )
  }

  /** Loads the partner channels of the current promotion (landing pages show them). */
  fetchPartners(): Promise<void> {
    const { promotionChannelId } = this.current
    return runLoad(
      (state) => (this.partnersLoad = state),
      () => this.deps.api.partnerChannels(promotionChannelId),
      (partners) => (this.partners = partners),
    )
  }

  private sameArrival(ids: AddressPromotion): boolean {
    const current = this.arrival?.ids
    return current?.promotionChannelId === ids.promotionChannelId && current.partnerId === ids.partnerId && current.promoterId === ids.promoterId
  }

  private record(arrival: Arrival): void {
    this.arrival = arrival
    this.deps.storage.set(PROMOTION_STORAGE.arrival, arrival)
  }
}
