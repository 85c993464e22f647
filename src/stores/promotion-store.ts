/** The promotion the user arrived through (from the page address, else the channel's defaults). */
import { makeAutoObservable } from 'mobx'
import type { ChannelProfile, PromotionIds } from '../config/channel'
import type { PromotionChannelInfo } from '../../types/api/catalogue'
import type { AnswerOf } from './contract'
import { initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'

export interface PromotionApi {
  channelInfo(promotionChannelId: string): AnswerOf<'promoterChannelEffective'>
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

  fetchInfo(): Promise<void> {
    return runLoad(
      (state) => (this.load = state),
      () => this.api.channelInfo(this.current.promotionChannelId),
      (info) => (this.info = info),
    )
  }
}
