/**
 * The one RootStore: composes the domain stores and hands each the API functions it needs, so
 * pages get their data through stores and tests hand in fakes.
 */
import type { CommodityFields } from '../domain/money'
import { ApplyStore } from './apply-store'
import type { ApplyCalls, ApplyStoreApi } from './apply-store'
import { CommodityStore } from './commodity-store'
import type { CommodityApi } from './commodity-store'
import { NoticeStore } from './notice-store'
import type { NoticeApi } from './notice-store'
import { OrderPopupStore } from './order-popup-store'
import { OrderStore } from './order-store'
import type { OrderApi } from './order-store'
import { PaymentStore } from './payment-store'
import type { PaymentCalls, PaymentClock } from './payment-store'
import { PromotionStore } from './promotion-store'
import type { PromotionApi } from './promotion-store'
import { ProvinceStore } from './province-store'
import type { ProvinceApi } from './province-store'
import { UserStore } from './user-store'
import type { AuthApi, UserStoreDeps } from './user-store'

export interface RootApi {
  auth: AuthApi
  /** The catalogue's calls; the apply journey reads the new-apply switch among them. */
  promotion: PromotionApi & Pick<ApplyStoreApi, 'newApplySwitch'>
  commodities: CommodityApi<CommodityFields>
  orders: OrderApi & Pick<ApplyStoreApi, 'currentProcessByPlate'>
  notices: NoticeApi
  apply: ApplyCalls
  payment: PaymentCalls
  province: ProvinceApi
}

/** What the stores share (storage, channel, clock and timers, login context), with every store's API. */
export type RootStoreDeps = Omit<UserStoreDeps, 'api'> & { api: RootApi; timers: Pick<PaymentClock, 'setTimeout' | 'clearTimeout'> }

export class RootStore {
  readonly user: UserStore
  readonly promotion: PromotionStore
  readonly commodity: CommodityStore
  readonly order: OrderStore
  readonly notice: NoticeStore
  readonly orderPopup: OrderPopupStore
  readonly apply: ApplyStore
  readonly payment: PaymentStore
  readonly province: ProvinceStore

  constructor(deps: RootStoreDeps) {
    this.user = new UserStore({ ...deps, api: deps.api.auth })
    this.promotion = new PromotionStore({ api: deps.api.promotion, channel: deps.channel, storage: deps.storage, now: deps.now })
    this.commodity = new CommodityStore(deps.api.commodities, deps.now)
    this.order = new OrderStore(
      deps.api.orders,
      () => this.promotion.current.promotionChannelId,
      (orderId) => this.apply.forgetOrder(orderId),
    )
    this.notice = new NoticeStore(deps.api.notices, deps.storage)
    this.orderPopup = new OrderPopupStore(deps.storage, deps.now)
    this.apply = new ApplyStore({
      api: { ...deps.api.apply, currentProcessByPlate: deps.api.orders.currentProcessByPlate, newApplySwitch: deps.api.promotion.newApplySwitch },
      storage: deps.storage,
      channel: deps.channel,
      promotion: () => this.promotion.current,
      uid: () => this.user.uid(),
      activitySource: () => this.promotion.activitySource,
      promotionReady: () => this.promotion.settle(),
      promotionPending: () => this.promotion.pending,
      now: deps.now,
    })
    this.payment = new PaymentStore(deps.api.payment, () => this.promotion.current.promotionChannelId, {
      now: deps.now,
      setTimeout: deps.timers.setTimeout,
      clearTimeout: deps.timers.clearTimeout,
    })
    this.province = new ProvinceStore({ api: deps.api.province, storage: deps.storage, now: deps.now })
  }
}
