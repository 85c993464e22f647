/** The promotion the user arrived through (from the page address, else the channel's defaults). */
import { makeAutoObservable, runInAction } from 'mobx'
import type { ChannelProfile, PromotionIds } from '../config/channel'
import type { PromotionChannelInfo } from '../platform/navigator'
import { asError, initialLoadState } from './load-state'
import type { LoadState } from './load-state'

export interface PromotionApi {
  channelInfo(promotionChannelId: string): Promise<PromotionChannelInfo>
}

export class PromotionStore {
  current: PromotionIds
  info: PromotionChannelInfo | undefined = undefined
  load: LoadState = initialLoadState()

  constructor(
    private readonly api: PromotionApi,
    channel: ChannelProfile,
  ) {
    this.current = channel.defaultPromotion
    makeAutoObservable<PromotionStore, 'api'>(this, { api: false })
  }

  /** Takes the promotion ids the page address brings; missing ones keep their current value. */
  applyQuery(query: Partial<Record<keyof PromotionIds, string | undefined>>): void {
    this.current = {
      promotionChannelId: query.promotionChannelId || this.current.promotionChannelId,
      partnerId: query.partnerId || this.current.partnerId,
      promoterId: query.promoterId || this.current.promoterId,
    }
  }

  async fetchInfo(): Promise<void> {
    this.load = { status: 'loading', error: undefined }
    try {
      const info = await this.api.channelInfo(this.current.promotionChannelId)
      runInAction(() => {
        this.info = info
        this.load = { status: 'ready', error: undefined }
      })
    } catch (cause) {
      runInAction(() => {
        this.load = { status: 'error', error: asError(cause) }
      })
    }
  }
}
