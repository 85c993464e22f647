/**
 * Every call of the spec's section 7 (and the calls the spec implies but does not list), once:
 * method, path template, who may call it, and its request and response types. The app calls these
 * by name (src/services/api/call.ts infers both types), the server registers its routes from them
 * (server/routes/contract-route.ts types each handler's reply and checks its input schemas against
 * the request) and serves them as OpenAPI (GET /openapi.json), so none of the three can drift.
 *
 * The request type is the call's data:
 * - the JSON body of a POST, the query of a GET;
 * - a POST's `query` keys go in its query string instead (the spec puts them there);
 * - a path parameter `{x}` is a field of the request, taken out of the body or query when the path
 *   is filled, except the state parameters (StateParam), which the app fills from its own state;
 * - an upload (`upload()`, multipart/form-data) sends the request as text fields next to the
 *   file in field "file";
 * - `void`: the call has no data.
 * The response type is the envelope's `data` on success (business failures answer `data: null`),
 * or the file itself for `file()` endpoints.
 *
 * This module is loaded by the app's bundle: it imports types only (no zod here).
 */
import type {
  ApplyPushRequest,
  ApplyPushResponse,
  ApplyRequest,
  ApplyResponse,
  ChannelInterceptRequest,
  CheckApplyPlateRequest,
  CheckApplyPlateResponse,
  ClaimVoucherResponse,
  ContractInterceptionRequest,
  IdCardUploadFields,
  ImageRequest,
  ImageUploadFields,
  InterceptionResponse,
  LoadDraftResponse,
  OrderUploadFields,
  PhotoReading,
  RecognizePhotoRequest,
  PlateReleaseNoticeRequest,
  PlateReleaseNoticeResponse,
  PlateUniqueRequest,
  PlateUniqueResponse,
  RequiredRiskRequest,
  RequiredRiskResponse,
  SaveDraftResponse,
  UploadResponse,
  VerifyEligibilityResponse,
  VoucherRequest,
  ClaimVoucherRequest,
} from './apply'
import type {
  FollowUpPhoneRequest,
  MobileRequest,
  PhoneByCodeRequest,
  PhoneByCodeResponse,
  PromoterLoginRequest,
  ProvinceLoginRequest,
  ProvinceLoginResponse,
  ProvinceMsgOpenResponse,
  SealedSendCodeRequest,
  SendCodeResponse,
  SmsTestCheckResponse,
  SmsTestLatestResponse,
  TokenAnswer,
  TokenByQueryRequest,
  TokenRequest,
} from './auth'
import type {
  Commodity,
  GoodsTypeConfig,
  Issuer,
  ListCommodityRequest,
  NewApplySwitchResponse,
  NoticesResponse,
  PartnerChannel,
  PartnerChannelsRequest,
  PromiseConfigRequest,
  PromiseConfigResponse,
  PromoterChannelEffectiveRequest,
  PromotionChannelInfo,
  RegionTree,
  SupplierProtocolRequest,
  SupplierProtocolResponse,
  WeChatUrlLinkRequest,
  WeChatUrlLinkResponse,
  WeixinConfigRequest,
  WeixinConfigResponse,
} from './catalogue'
import type { Page } from './envelope'
import type {
  CancelOrderRequest,
  CancelOrderResponse,
  CurrentProcessRequest,
  OfflineToOnlineRequest,
  OfflineToOnlineResponse,
  OrderDetail,
  OrderRef,
  OrderSummary,
  SearchOrdersRequest,
} from './orders'
import type { PayDepositRequest, PayDepositResponse, PayOrderInfo, PayStateResponse } from './payment'
import type { EntropyResponse } from './sealed'
import type { TrackingBatch, TrackingVisit, TrackingVisitRequest } from './tracking'

export type HttpMethod = 'GET' | 'POST'

/**
 * Path parameters the app fills from its own state, never from a call's data: `{channel}`,
 * `{uid}` and `{sourceChannel}` (the request client), `{channelKey}` (the channel profile's
 * notices address). They are not part of any request type.
 */
export type StateParam = 'channel' | 'uid' | 'sourceChannel' | 'channelKey'

/** Where an endpoint's types live: on the type only, never set at runtime. */
declare const CONTRACT_TYPES: unique symbol

export interface Endpoint<Req = unknown, Res = unknown> {
  readonly method: HttpMethod
  readonly path: string
  /** Works without a token (the spec's notNeedLogin). */
  readonly public?: true
  /**
   * Works with a channel-level session too: the promoter-account login identifies the channel,
   * not a person, so it may read the catalogue, configuration and plate checks that reveal
   * nothing personal. A call that is neither public nor channel-level needs the person's own
   * identity (SMS-verified phone, remembered phone, bank page token or platform authorisation).
   */
  readonly channel?: true
  /** Request fields a POST sends in its query string instead of its body. */
  readonly query?: readonly string[]
  /** A multipart/form-data upload: the request's fields and the file in field "file". */
  readonly multipart?: true
  /** The answer is the file's bytes, not an envelope. */
  readonly file?: true
  readonly [CONTRACT_TYPES]?: { readonly request: Req; readonly response: Res }
}

/** An upload's request: the multipart form's text fields. */
export type UploadFields = Record<string, string>
export type UploadEndpoint<Fields extends UploadFields = UploadFields, Res = unknown> = Endpoint<Fields, Res> & { readonly multipart: true }
export type FileEndpoint<Req = unknown> = Endpoint<Req, FileBytes> & { readonly file: true }

/** The bytes of a file an endpoint answers with (JPEG, PNG or WebP images). */
export type FileBytes = Uint8Array

export type RequestOf<E> = E extends { readonly [CONTRACT_TYPES]?: { readonly request: infer Req } } ? Req : never
export type ResponseOf<E> = E extends { readonly [CONTRACT_TYPES]?: { readonly response: infer Res } } ? Res : never

/** Who may call an endpoint besides a person's own session. */
type Access = Pick<Endpoint, 'public' | 'channel'>
const PUBLIC: Access = { public: true }
const CHANNEL: Access = { channel: true }

/** A POST's options: who may call it, and the request fields the spec puts in the query. */
type PostOptions<Req> = Access & { readonly query?: readonly (keyof Req & string)[] }

function get<Req, Res>(path: string, access?: Access): Endpoint<Req, Res> {
  return { method: 'GET', path, ...access }
}

function post<Req, Res>(path: string, options?: PostOptions<Req>): Endpoint<Req, Res> {
  return { method: 'POST', path, ...options }
}

function upload<Fields extends UploadFields, Res>(path: string): UploadEndpoint<Fields, Res> {
  return { method: 'POST', path, multipart: true }
}

function file<Req>(path: string): FileEndpoint<Req> {
  return { method: 'GET', path, file: true }
}

export const API = {
  // Login and SMS codes
  promoterLogin: post<PromoterLoginRequest, TokenAnswer>('/permission/v1/login/_login', PUBLIC),
  token: post<TokenRequest, TokenAnswer>('/oauth2/v2/oauth2/{channel}/token', PUBLIC),
  /** The payment app's authorisation: appId and code in the query. */
  tokenByQuery: get<TokenByQueryRequest, TokenAnswer>('/oauth2/v2/oauth2/{channel}/token', PUBLIC),
  /** Ends the calling session and the user's remembered-phone tickets (not in the spec; the app's clear-cache page and account switch). */
  logout: post<void, null>('/oauth2/v2/oauth2/logout', CHANNEL),
  sendCode: get<MobileRequest, SendCodeResponse>('/users/v2/usersVehicles/sendCodeMessage', PUBLIC),
  sendSealedCode: post<SealedSendCodeRequest, SendCodeResponse>('/users/v2/usersVehicles/encSendCodeMessage', PUBLIC),
  smsTestCheck: get<void, SmsTestCheckResponse>('/message/v1/message/sendTestCheck', PUBLIC),
  smsTestLatest: get<MobileRequest, SmsTestLatestResponse>('/message/v1/message/sendTest', PUBLIC),
  phoneByCode: post<PhoneByCodeRequest, PhoneByCodeResponse>('/users/{channel}/getPhoneBycode'),
  saveFollowUpPhone: get<FollowUpPhoneRequest, null>('/supportserv/followUp/savePhone'),
  provinceMsgOpen: post<void, ProvinceMsgOpenResponse>('/supplier/v1/henanshibo/user/isOpenMsg', CHANNEL),
  provinceSendMsg: post<MobileRequest, SendCodeResponse>('/supplier/v2/henanshibo/user/sendMsg'),
  provinceLogin: post<ProvinceLoginRequest, ProvinceLoginResponse>('/supplier/v2/henanshibo/user/login'),

  // Configuration and catalogue
  promiseConfig: post<PromiseConfigRequest, PromiseConfigResponse>('/supportserv/v1/supportserv/promiseConfig/getByType', PUBLIC),
  notices: get<void, NoticesResponse>('/config/notices/{channelKey}.json', PUBLIC),
  goodsTypeConfig: get<void, GoodsTypeConfig>('/config/goods-type.json', PUBLIC),
  promoterChannelEffective: post<PromoterChannelEffectiveRequest, PromotionChannelInfo>(
    '/groundpromotion/v2/api/promotion/promoter_channel_effective',
    CHANNEL,
  ),
  partnerChannels: post<PartnerChannelsRequest, PartnerChannel[]>('/groundpromotion/v2/api/promotion/getPartnerChannels/{promotionChannelId}', CHANNEL),
  /**
   * The catalogue is public (issue 29): product terms any visitor may read before logging in, with
   * nothing personal. Each catalogue call answers the spec's POST and a GET at the same path with
   * its fields in the query, cacheable by browsers and CDNs (Cache-Control public, ETag, 304); the
   * app uses the GET. What a person pays is still decided by the server at the final commit.
   */
  listCommodity: post<ListCommodityRequest, Commodity[]>('/groundpromotion/v2/admin/promotion_channel/listCommodity/{id}', PUBLIC),
  catalogueCommodities: get<ListCommodityRequest, Commodity[]>('/groundpromotion/v2/admin/promotion_channel/listCommodity/{id}', PUBLIC),
  issuers: get<void, Issuer[]>('/config/issuers.json', PUBLIC),
  regions: get<void, RegionTree>('/config/regions.json', PUBLIC),
  /** Seed material for the mini-programs' IVs, at launch, before any login. */
  entropy: get<void, EntropyResponse>('/config/entropy', PUBLIC),
  supplierProtocol: post<SupplierProtocolRequest, SupplierProtocolResponse>('/supplier/v1/getSupplierProtocol', PUBLIC),
  catalogueProtocol: get<SupplierProtocolRequest, SupplierProtocolResponse>('/supplier/v1/getSupplierProtocol', PUBLIC),
  weixinConfig: post<WeixinConfigRequest, WeixinConfigResponse>('/users/v1/weixin/getWeixinConfig', { ...CHANNEL, query: ['url'] }),
  weChatUrlLink: post<WeChatUrlLinkRequest, WeChatUrlLinkResponse>('/groundpromotion/v2/api/getWeChat/urlLink', CHANNEL),
  newApplySwitch: get<void, NewApplySwitchResponse>('/order/v1/restNewApplySwitch', CHANNEL),

  // Plate checks before applying
  plateUnique: post<PlateUniqueRequest, PlateUniqueResponse>('/supplier/v1/guangxi/checkPlateNumberUnique/cache', CHANNEL),
  /** An SMS when another applicant's unpaid hold of the plate ends (not in the spec; after plateUnique's releaseAt). */
  plateReleaseNotice: post<PlateReleaseNoticeRequest, PlateReleaseNoticeResponse>('/supplier/v1/plateRelease/notice', CHANNEL),
  contractInterception: post<ContractInterceptionRequest, InterceptionResponse>('/supplier/users/v1/query/contractUserInterception'),
  channelInterceptCheck: post<ChannelInterceptRequest, InterceptionResponse>('/users/channel/interceptCheck', CHANNEL),
  checkApplyPlate: get<CheckApplyPlateRequest, CheckApplyPlateResponse>('/transfer/V1/checkApplyPlateNumber', CHANNEL),
  requiredRisk: post<RequiredRiskRequest, RequiredRiskResponse>('/groundpromotion/v2/api/requiredRisk', CHANNEL),

  // Applying
  apply: post<ApplyRequest, ApplyResponse>('/users/v3/{channel}/users/vehicles/h5/apply'),
  applyPush: post<ApplyPushRequest, ApplyPushResponse>('/users/v3/{orderId}/users/vehicles/h5/apply/push', { query: ['promotionChannelId'] }),
  /** The draft is sealed like the apply payload. */
  saveDraft: post<ApplyRequest, SaveDraftResponse>('/users/v1/users/vehicles/apply/retention'),
  loadDraft: get<void, LoadDraftResponse>('/users/v1/users/vehicles/apply/retention'),
  uploadIdCardH5: upload<IdCardUploadFields, UploadResponse>('/users/v2/usersVehicles/h5/uploadIdcard'),
  uploadIdCard: upload<IdCardUploadFields, UploadResponse>('/users/v2/usersVehicles/uploadIdcard'),
  uploadDrivingLicenseH5: upload<OrderUploadFields, UploadResponse>('/users/v2/usersVehicles/h5/uploadDrivingLicense'),
  uploadDrivingLicense: upload<OrderUploadFields, UploadResponse>('/users/v2/usersVehicles/uploadDrivingLicense'),
  uploadImageH5: upload<ImageUploadFields, UploadResponse>('/users/v2/usersVehicles/h5/uploadFileImgUrl'),
  uploadImage: upload<ImageUploadFields, UploadResponse>('/users/v1/usersVehicles/uploadFileImgUrl'),
  image: file<ImageRequest>('/users/v2/usersVehicles/images/{fileId}'),
  /** The text of an uploaded ID card side or driving licence (not in the spec; issue 31's photos that fill the form). */
  recognizePhoto: post<RecognizePhotoRequest, PhotoReading>('/users/v1/usersVehicles/recognize'),
  claimVoucher: post<ClaimVoucherRequest, ClaimVoucherResponse>('/users/v1/{sourceChannel}/usersVehicles/claimVoucher'),
  verifyEligibility: post<VoucherRequest, VerifyEligibilityResponse>('/users/v1/{sourceChannel}/usersVehicles/verifyEligibility'),

  // Orders
  searchOrders: post<SearchOrdersRequest, Page<OrderSummary>>('/order/v1/orders/user/h5Order/_search'),
  orderDetail: get<OrderRef, OrderDetail>('/order/v1/{channel}/orders/user/h5/handleOrders/{orderId}'),
  currentProcessByUid: get<void, OrderDetail | null>('/order/v1/{channel}/orders/user/h5/{uid}/handleProcess'),
  currentProcessByPlate: get<CurrentProcessRequest, OrderDetail | null>('/order/v1/orders/user/h5/handleProcess'),
  cancelOrder: post<CancelOrderRequest, CancelOrderResponse>('/order/v1/{channel}/orders/user/userCancelH5Order'),
  offlineToOnline: post<OfflineToOnlineRequest, OfflineToOnlineResponse>('/order/v1/{channel}/orders/offlineOrderToOnline'),

  // Payment
  payDeposit: post<PayDepositRequest, PayDepositResponse>('/order/v1/{channel}/orders/user/{orderId}/payH5OderDeposit'),
  payState: post<OrderRef, PayStateResponse>('/order/v1/{channel}/orders/user/{orderId}/depositH5PayState'),
  payOrderInfo: get<OrderRef, PayOrderInfo>('/pay/v1/pay/getOrderInfo/{orderId}'),

  // Tracking sink
  /** A signed visit for the batches that follow (not in the spec; before the first batch). */
  trackingVisit: post<TrackingVisitRequest, TrackingVisit>('/log/v1/visit', PUBLIC),
  trackingEvents: post<TrackingBatch, null>('/log/v1/events', PUBLIC),
} as const satisfies Record<string, Endpoint>

/** The simulated cashier's pages (outside parties' screens, served by the server's simulators). */
export const SIMULATOR_PATHS = {
  cashier: '/sim/cashier/{paymentId}',
  cashierResult: '/sim/cashier/{paymentId}/result',
} as const
