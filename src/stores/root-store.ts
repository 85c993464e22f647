/**
 * The one RootStore: composes the domain stores and hands each the API functions it needs, so
 * pages get their data through stores and tests hand in fakes.
 */
import type { CommodityFields } from '../domain/money'
import type { OrderFields } from '../domain/order'
import { CommodityStore } from './commodity-store'
import type { CommodityApi } from './commodity-store'
import { NoticeStore } from './notice-store'
import type { NoticeApi } from './notice-store'
import { OrderStore } from './order-store'
import type { OrderApi } from './order-store'
import { PromotionStore } from './promotion-store'
import type { PromotionApi } from './promotion-store'
import { UserStore } from './user-store'
import type { AuthApi, UserStoreDeps } from './user-store'

export interface RootApi {
  auth: AuthApi
  promotion: PromotionApi
  commodities: CommodityApi<CommodityFields>
  orders: OrderApi<OrderFields>
  notices: NoticeApi
}

/** What the stores share (storage, channel, clock, login context), with every store's API. */
export type RootStoreDeps = Omit<UserStoreDeps, 'api'> & { api: RootApi }

export class RootStore {
  readonly user: UserStore
  readonly promotion: PromotionStore
  readonly commodity: CommodityStore
  readonly order: OrderStore
  readonly notice: NoticeStore

  constructor(deps: RootStoreDeps) {
    this.user = new UserStore({ ...deps, api: deps.api.auth })
    this.promotion = new PromotionStore(deps.api.promotion, deps.channel)
    this.commodity = new CommodityStore(deps.api.commodities, deps.now)
    this.order = new OrderStore(deps.api.orders, () => this.promotion.current.promotionChannelId)
    this.notice = new NoticeStore(deps.api.notices, deps.storage)
  }
}
