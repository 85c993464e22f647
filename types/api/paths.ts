/**
 * Every call of the spec's section 7 (and the calls the spec implies but does not list), once:
 * method, path template and whether it works without a login. The app's API functions call these
 * and the server registers its routes from them, so the two cannot drift apart.
 *
 * `{channel}`, `{uid}` and `{sourceChannel}` are filled from the app's state; other `{x}` from the
 * call's data. The server turns `{x}` into its router's `:x`.
 */
export type HttpMethod = 'GET' | 'POST'

export interface Endpoint {
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
}

/** Who may call an endpoint besides a person's own session. */
type Access = Pick<Endpoint, 'public' | 'channel'>
const PUBLIC: Access = { public: true }
const CHANNEL: Access = { channel: true }

const get = (path: string, access?: Access): Endpoint => ({ method: 'GET', path, ...access })
const post = (path: string, access?: Access): Endpoint => ({ method: 'POST', path, ...access })

export const API = {
  // Login and SMS codes
  promoterLogin: post('/permission/v1/login/_login', PUBLIC),
  token: post('/oauth2/v2/oauth2/{channel}/token', PUBLIC),
  /** The payment app's authorisation: appId and code in the query. */
  tokenByQuery: get('/oauth2/v2/oauth2/{channel}/token', PUBLIC),
  /** Ends the calling session and the user's remembered-phone tickets (not in the spec; the app's clear-cache page and account switch). */
  logout: post('/oauth2/v2/oauth2/logout', CHANNEL),
  sendCode: get('/users/v2/usersVehicles/sendCodeMessage', PUBLIC),
  sendSealedCode: post('/users/v2/usersVehicles/encSendCodeMessage', PUBLIC),
  smsTestCheck: get('/message/v1/message/sendTestCheck', PUBLIC),
  smsTestLatest: get('/message/v1/message/sendTest', PUBLIC),
  phoneByCode: post('/users/{channel}/getPhoneBycode'),
  saveFollowUpPhone: get('/supportserv/followUp/savePhone'),
  provinceMsgOpen: post('/supplier/v1/henanshibo/user/isOpenMsg', CHANNEL),
  provinceSendMsg: post('/supplier/v2/henanshibo/user/sendMsg'),
  provinceLogin: post('/supplier/v2/henanshibo/user/login'),

  // Configuration and catalogue
  promiseConfig: post('/supportserv/v1/supportserv/promiseConfig/getByType', PUBLIC),
  notices: get('/config/notices/{channelKey}.json', PUBLIC),
  goodsTypeConfig: get('/config/goods-type.json', PUBLIC),
  promoterChannelEffective: post('/groundpromotion/v2/api/promotion/promoter_channel_effective', CHANNEL),
  partnerChannels: post('/groundpromotion/v2/api/promotion/getPartnerChannels/{promotionChannelId}', CHANNEL),
  listCommodity: post('/groundpromotion/v2/admin/promotion_channel/listCommodity/{id}', CHANNEL),
  issuers: get('/config/issuers.json', PUBLIC),
  supplierProtocol: post('/supplier/v1/getSupplierProtocol', CHANNEL),
  weixinConfig: post('/users/v1/weixin/getWeixinConfig', CHANNEL),
  weChatUrlLink: post('/groundpromotion/v2/api/getWeChat/urlLink', CHANNEL),
  newApplySwitch: get('/order/v1/restNewApplySwitch', CHANNEL),

  // Plate checks before applying
  plateUnique: post('/supplier/v1/guangxi/checkPlateNumberUnique/cache', CHANNEL),
  contractInterception: post('/supplier/users/v1/query/contractUserInterception'),
  channelInterceptCheck: post('/users/channel/interceptCheck', CHANNEL),
  checkApplyPlate: get('/transfer/V1/checkApplyPlateNumber', CHANNEL),
  requiredRisk: post('/groundpromotion/v2/api/requiredRisk', CHANNEL),

  // Applying
  apply: post('/users/v3/{channel}/users/vehicles/h5/apply'),
  applyPush: post('/users/v3/{orderId}/users/vehicles/h5/apply/push'),
  saveDraft: post('/users/v1/users/vehicles/apply/retention'),
  loadDraft: get('/users/v1/users/vehicles/apply/retention'),
  uploadIdCardH5: post('/users/v2/usersVehicles/h5/uploadIdcard'),
  uploadIdCard: post('/users/v2/usersVehicles/uploadIdcard'),
  uploadDrivingLicenseH5: post('/users/v2/usersVehicles/h5/uploadDrivingLicense'),
  uploadDrivingLicense: post('/users/v2/usersVehicles/uploadDrivingLicense'),
  uploadImageH5: post('/users/v2/usersVehicles/h5/uploadFileImgUrl'),
  uploadImage: post('/users/v1/usersVehicles/uploadFileImgUrl'),
  image: get('/users/v2/usersVehicles/images/{fileId}'),
  claimVoucher: post('/users/v1/{sourceChannel}/usersVehicles/claimVoucher'),
  verifyEligibility: post('/users/v1/{sourceChannel}/usersVehicles/verifyEligibility'),

  // Orders
  searchOrders: post('/order/v1/orders/user/h5Order/_search'),
  orderDetail: get('/order/v1/{channel}/orders/user/h5/handleOrders/{orderId}'),
  currentProcessByUid: get('/order/v1/{channel}/orders/user/h5/{uid}/handleProcess'),
  currentProcessByPlate: get('/order/v1/orders/user/h5/handleProcess'),
  cancelOrder: post('/order/v1/{channel}/orders/user/userCancelH5Order'),
  offlineToOnline: post('/order/v1/{channel}/orders/offlineOrderToOnline'),

  // Payment
  payDeposit: post('/order/v1/{channel}/orders/user/{orderId}/payH5OderDeposit'),
  payState: post('/order/v1/{channel}/orders/user/{orderId}/depositH5PayState'),
  payOrderInfo: get('/pay/v1/pay/getOrderInfo/{orderId}'),

  // Tracking sink
  trackingEvents: post('/log/v1/events', PUBLIC),
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof API

/** The simulated cashier's pages (outside parties' screens, served by the server's simulators). */
export const SIMULATOR_PATHS = {
  cashier: '/sim/cashier/{paymentId}',
  cashierResult: '/sim/cashier/{paymentId}/result',
} as const
