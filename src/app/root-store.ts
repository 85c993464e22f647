/**
 * The one RootStore: composes the stores the whole journey shares and each feature's own state,
 * and hands each the API functions it needs, so pages get their data through stores and tests
 * hand in fakes. The stores meet in the open: the order store is the order cache the others read
 * or tell, and every store that needs the promotion in use takes the one getter below.
 */
import type { CommodityFields } from '../domain/money'
import { ApplyStore } from '../stores/apply-store'
import type { ApplyCalls } from '../stores/apply-store'
import { CommodityStore } from '../stores/commodity-store'
import type { CommodityApi } from '../stores/commodity-store'
import { IssuerAgreementStore } from '../stores/issuer-agreement-store'
import type { IssuerAgreementApi } from '../stores/issuer-agreement-store'
import { NoticeStore } from '../stores/notice-store'
import type { NoticeApi } from '../stores/notice-store'
import { OrderStore } from '../stores/order-store'
import type { OrderApi } from '../stores/order-store'
import { PaymentStore } from '../stores/payment-store'
import { PhotoUploadStore } from '../stores/photo-upload-store'
import type { PlateChecks } from '../stores/plate-decision'
import { PlateStepStore } from '../stores/plate-step-store'
import type { PaymentCalls, PaymentClock } from '../stores/payment-store'
import { PromotionStore } from '../stores/promotion-store'
import type { PromotionApi } from '../stores/promotion-store'
import { UserStore } from '../stores/user-store'
import type { AuthApi, UserStoreDeps } from '../stores/user-store'
import { VoucherStore } from '../stores/voucher-store'
import type { VoucherApi } from '../stores/voucher-store'
import type { SharedStores } from '../stores/store-context'
import type { ApplyFeatureState } from '../features/apply/apply-state'
import { ProvinceStore } from '../features/apply/province/province-store'
import type { ProvinceApi } from '../features/apply/province/province-store'
import type { EntryFeatureState } from '../features/entry/entry-state'
import { CurrentProcessStore } from '../features/entry/plate/current-process-store'
import type { CurrentProcessApi } from '../features/entry/plate/current-process-store'
import { OrderPopupStore } from '../features/order/list/order-popup-store'
import type { OrderFeatureState } from '../features/order/order-state'

export interface RootApi {
  auth: AuthApi
  /** The catalogue's calls; the apply journey reads the new-apply switch among them. */
  promotion: PromotionApi & Pick<PlateChecks, 'newApplySwitch'>
  commodities: CommodityApi<CommodityFields> & IssuerAgreementApi
  orders: OrderApi & Pick<PlateChecks, 'currentProcessByPlate'> & CurrentProcessApi
  notices: NoticeApi
  apply: ApplyCalls & Pick<VoucherApi, 'verifyEligibility' | 'claimVoucher'>
  payment: PaymentCalls
  province: ProvinceApi
}

/** What the stores share (storage, channel, clock and timers, login context), with every store's API. */
export type RootStoreDeps = Omit<UserStoreDeps, 'api'> & { api: RootApi; timers: Pick<PaymentClock, 'setTimeout' | 'clearTimeout'> }

/** Each feature's own state (src/features/<feature>/<feature>-state.ts), provided to that feature only. */
export interface FeatureStates {
  readonly entry: EntryFeatureState
  readonly order: OrderFeatureState
  readonly apply: ApplyFeatureState
}

/** The shared stores and each feature's own state: what src/app/store-provider.tsx provides. */
export type RootStore = SharedStores & { readonly features: FeatureStates }

export function createRootStore(deps: RootStoreDeps): RootStore {
  const user = new UserStore({ ...deps, api: deps.api.auth })
  const promotion = new PromotionStore({ api: deps.api.promotion, channel: deps.channel, storage: deps.storage, now: deps.now })
  // The one way every store reads the promotion in use (features never hand it on).
  const promotionChannelId = (): string => promotion.current.promotionChannelId
  const commodity = new CommodityStore(deps.api.commodities, deps.now, promotionChannelId)
  const issuerAgreements = new IssuerAgreementStore(deps.api.commodities, commodity)
  // The order cache: the final commit's answer and each cancel are recorded there, and the
  // stores that depend on them read it (apply, payment) or tell it (voucher).
  const order = new OrderStore(deps.api.orders, promotionChannelId)
  const apply = new ApplyStore({
    api: deps.api.apply,
    storage: deps.storage,
    channel: deps.channel,
    promotion: () => promotion.current,
    uid: () => user.uid(),
    activitySource: () => promotion.activitySource,
    now: deps.now,
    orders: order,
    issuerAgreements,
  })
  return {
    user,
    promotion,
    commodity,
    issuerAgreements,
    order,
    notice: new NoticeStore(deps.api.notices, deps.storage),
    apply,
    // 下一步 on the plate page: its checks open or resume the application's order.
    plateStep: new PlateStepStore({
      api: { ...deps.api.apply, currentProcessByPlate: deps.api.orders.currentProcessByPlate, newApplySwitch: deps.api.promotion.newApplySwitch },
      application: apply,
      promotion: () => promotion.current,
      promotionReady: () => promotion.settle(),
      promotionPending: () => promotion.pending,
    }),
    photoUpload: new PhotoUploadStore(apply),
    payment: new PaymentStore(deps.api.payment, order, (orderId) => apply.promotionOf(orderId) ?? promotionChannelId(), {
      now: deps.now,
      setTimeout: deps.timers.setTimeout,
      clearTimeout: deps.timers.clearTimeout,
    }),
    voucher: new VoucherStore({
      api: {
        verifyEligibility: deps.api.apply.verifyEligibility,
        claimVoucher: deps.api.apply.claimVoucher,
        orderDetail: (orderId) => deps.api.orders.orderProcess(orderId),
      },
      storage: deps.storage,
      orders: order,
    }),
    features: {
      entry: {
        currentProcess: new CurrentProcessStore({
          api: deps.api.orders,
          loginMethods: deps.loginMethods ?? deps.channel.loginMethods,
          personUid: () => (user.isPersonal() ? user.uid() : undefined),
        }),
      },
      order: { orderPopup: new OrderPopupStore(deps.storage, deps.now) },
      apply: { province: new ProvinceStore({ api: deps.api.province, storage: deps.storage, now: deps.now }) },
    },
  }
}
