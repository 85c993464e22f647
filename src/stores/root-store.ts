/**
 * The one RootStore: composes the domain stores and hands each the API functions it needs, so
 * pages get their data through stores and tests hand in fakes.
 */
import type { CommodityFields } from '../domain/money'
import { ApplyStore } from './apply-store'
import type { ApplyCalls, ApplyStoreApi } from './apply-store'
import { CommodityStore } from './commodity-store'
import type { CommodityApi } from './commodity-store'
import { CurrentProcessStore } from './current-process-store'
import type { CurrentProcessApi } from './current-process-store'
import { IssuerAgreementStore } from './issuer-agreement-store'
import type { IssuerAgreementApi } from './issuer-agreement-store'
import { NoticeStore } from './notice-store'
import type { NoticeApi } from './notice-store'
import { OrderPopupStore } from './order-popup-store'
import { OrderStore } from './order-store'
import type { OrderApi } from './order-store'
import { PaymentStore } from './payment-store'
import { PhotoUploadStore } from './photo-upload-store'
import type { PaymentCalls, PaymentClock } from './payment-store'
import { PromotionStore } from './promotion-store'
import type { PromotionApi } from './promotion-store'
import { ProvinceStore } from './province-store'
import type { ProvinceApi } from './province-store'
import { UserStore } from './user-store'
import type { AuthApi, UserStoreDeps } from './user-store'
import { VoucherStore } from './voucher-store'
import type { VoucherApi } from './voucher-store'

export interface RootApi {
  auth: AuthApi
  /** The catalogue's calls; the apply journey reads the new-apply switch among them. */
  promotion: PromotionApi & Pick<ApplyStoreApi, 'newApplySwitch'>
  commodities: CommodityApi<CommodityFields> & IssuerAgreementApi
  orders: OrderApi & Pick<ApplyStoreApi, 'currentProcessByPlate'> & CurrentProcessApi
  notices: NoticeApi
  apply: ApplyCalls & Pick<VoucherApi, 'verifyEligibility' | 'claimVoucher'>
  payment: PaymentCalls
  province: ProvinceApi
}

/** What the stores share (storage, channel, clock and timers, login context), with every store's API. */
export type RootStoreDeps = Omit<UserStoreDeps, 'api'> & { api: RootApi; timers: Pick<PaymentClock, 'setTimeout' | 'clearTimeout'> }

export class RootStore {
  readonly user: UserStore
  readonly promotion: PromotionStore
  readonly commodity: CommodityStore
  readonly issuerAgreements: IssuerAgreementStore
  readonly order: OrderStore
  readonly notice: NoticeStore
  readonly orderPopup: OrderPopupStore
  readonly apply: ApplyStore
  readonly photoUpload: PhotoUploadStore
  readonly payment: PaymentStore
  readonly province: ProvinceStore
  readonly currentProcess: CurrentProcessStore
  readonly voucher: VoucherStore

  constructor(deps: RootStoreDeps) {
    this.user = new UserStore({ ...deps, api: deps.api.auth })
    this.promotion = new PromotionStore({ api: deps.api.promotion, channel: deps.channel, storage: deps.storage, now: deps.now })
    // The one way every store reads the promotion in use (features never hand it on).
    const promotionChannelId = (): string => this.promotion.current.promotionChannelId
    this.commodity = new CommodityStore(deps.api.commodities, deps.now, promotionChannelId)
    this.issuerAgreements = new IssuerAgreementStore(deps.api.commodities, this.commodity)
    // The order cache: the final commit's answer and each cancel are recorded there, and the
    // stores that depend on them read it (apply, payment) or tell it (voucher).
    this.order = new OrderStore(deps.api.orders, promotionChannelId)
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
      orders: this.order,
      issuerAgreements: this.issuerAgreements,
    })
    this.photoUpload = new PhotoUploadStore(this.apply)
    this.payment = new PaymentStore(deps.api.payment, this.order, (orderId) => this.apply.promotionOf(orderId) ?? promotionChannelId(), {
      now: deps.now,
      setTimeout: deps.timers.setTimeout,
      clearTimeout: deps.timers.clearTimeout,
    })
    this.province = new ProvinceStore({ api: deps.api.province, storage: deps.storage, now: deps.now })
    this.currentProcess = new CurrentProcessStore({
      api: deps.api.orders,
      loginMethods: deps.loginMethods ?? deps.channel.loginMethods,
      personUid: () => (this.user.isPersonal() ? this.user.uid() : undefined),
    })
    this.voucher = new VoucherStore({
      api: {
        verifyEligibility: deps.api.apply.verifyEligibility,
        claimVoucher: deps.api.apply.claimVoucher,
        orderDetail: (orderId) => deps.api.orders.orderProcess(orderId),
      },
      storage: deps.storage,
      orders: this.order,
    })
  }
}
