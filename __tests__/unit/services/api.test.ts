import { openSealed } from '../../../server/crypto/sealed-box'
import { FOLLOW_UP_CONSENT } from '../../../types/api/auth'
import { API } from '../../../types/api/paths'
import { DEV_PAYLOAD_KEY_HEX, SEALED_FIELD } from '../../../types/api/sealed'
import { CHANNELS } from '../../../src/config/channel'
import { createApi } from '../../../src/app/create-api'
import type { Api } from '../../../src/app/create-api'
import type { RootApi } from '../../../src/app/root-store'
import { MESSAGES } from '../../../src/services/request/errors'
import type { TransportRequest } from '../../../src/services/request/transport'
import { fakeWorld, ok } from './fakes'

const BASE = 'https://api.test'
const channel = CHANNELS.bank

function setup(data: unknown = null) {
  const world = fakeWorld()
  world.respondWith(async () => ok({ code: 200, msg: 'ok', data }))
  const api = createApi(world.client, channel, { target: 'h5', now: () => 1_700_000_000_000 })
  return { world, api }
}

const last = (requests: TransportRequest[]): TransportRequest => {
  const request = requests[requests.length - 1]
  if (!request) throw new Error('no request was sent')
  return request
}
const bodyOf = (request: TransportRequest): Record<string, unknown> => JSON.parse(request.body ?? '{}') as Record<string, unknown>
const opened = (field: string, sealed: unknown): unknown => {
  const plain = openSealed(DEV_PAYLOAD_KEY_HEX, field, String(sealed))
  if (plain === undefined) throw new Error(`${field} did not open`)
  return JSON.parse(plain)
}

describe('typed API functions', () => {
  it('give the RootStore everything its RootApi asks for', () => {
    const { api } = setup()
    const rootApi: RootApi = api
    expect(Object.keys(rootApi)).toEqual(expect.arrayContaining(['auth', 'promotion', 'commodities', 'orders', 'notices']))
  })

  it('unwrap the envelope and fill path placeholders from state and data', async () => {
    const { api, world } = setup({ orderId: 'E1', plateNumber: '京A12345' })
    await expect(api.orders.orderProcess('E1')).resolves.toEqual({ orderId: 'E1', plateNumber: '京A12345' })
    expect(last(world.requests)).toMatchObject({ method: 'GET', url: `${BASE}/order/v1/CH1/orders/user/h5/handleOrders/E1` })
  })

  const cases: [string, (api: Api) => Promise<unknown>, string, string, Record<string, unknown> | undefined][] = [
    ['promoter login', (api) => api.auth.loginByPromoterAccount(), 'POST', API.promoterLogin.path, channel.promoterAccount],
    ['page token', (api) => api.auth.loginByPageToken('t1'), 'POST', '/oauth2/v2/oauth2/CH1/token', { grantType: 'pageToken', token: 't1' }],
    ['auth code', (api) => api.auth.loginByAuthCode('map', 'c1'), 'POST', '/oauth2/v2/oauth2/CH1/token', { grantType: 'authCode', provider: 'map', code: 'c1' }],
    ['channel info', (api) => api.promotion.channelInfo({ promotionChannelId: 'P1', partnerId: 'PA', promoterId: 'PR' }), 'POST', API.promoterChannelEffective.path, {
      promotionChannelId: 'P1', partnerId: 'PA', promoterId: 'PR',
    }],
    ['channel info without tags', (api) => api.promotion.channelInfo({ promotionChannelId: 'P1', partnerId: '' }), 'POST', API.promoterChannelEffective.path, { promotionChannelId: 'P1' }],
    ['partners', (api) => api.catalogue.partnerChannels('P1'), 'POST', '/groundpromotion/v2/api/promotion/getPartnerChannels/P1', {}],
    ['promise config', (api) => api.catalogue.promiseConfig('apply'), 'POST', API.promiseConfig.path, { type: 'apply' }],
    ['weixin config', (api) => api.catalogue.weixinConfig('https://h5.test/a?b=1'), 'POST', `${API.weixinConfig.path}?url=https%3A%2F%2Fh5.test%2Fa%3Fb%3D1`, {}],
    ['plate unique', (api) => api.apply.plateUnique('京A12345', 1), 'POST', API.plateUnique.path, { plateNumber: '京A12345', plateColor: 1, vehicleType: 2 }],
    ['interception', (api) => api.apply.contractInterception({ plateNo: '京A12345', plateColor: 1, promotionChannelId: 'P1' }), 'POST', API.contractInterception.path, {
      plateNo: '京A12345', plateColor: 1, promotionChannelId: 'P1',
    }],
    ['channel intercept', (api) => api.promotion.channelInterceptCheck('S', 'P1'), 'POST', API.channelInterceptCheck.path, { sourceChannel: 'S', promotionChannelId: 'P1' }],
    ['risk', (api) => api.apply.requiredRisk('京A12345', 'P1'), 'POST', API.requiredRisk.path, { plateNumber: '京A12345', promotionChannelId: 'P1' }],
    ['push', (api) => api.apply.push('E1', 'P1'), 'POST', '/users/v3/E1/users/vehicles/h5/apply/push?promotionChannelId=P1', {}],
    ['eligibility', (api) => api.apply.verifyEligibility({ promotionChannelId: 'P1', code: 'ETC-A1' }), 'POST', '/users/v1/SRC1/usersVehicles/verifyEligibility', { promotionChannelId: 'P1', code: 'ETC-A1' }],
    [
      'voucher',
      (api) => api.apply.claimVoucher({ promotionChannelId: 'P1', code: 'ETC-A1', orderId: 'E1' }),
      'POST',
      '/users/v1/SRC1/usersVehicles/claimVoucher',
      { promotionChannelId: 'P1', code: 'ETC-A1', orderId: 'E1' },
    ],
    ['search', (api) => api.orders.searchOrders(), 'POST', API.searchOrders.path, { pageNo: 1, pageSize: 100 }],
    ['cancel', (api) => api.orders.cancel('E1', '不想办了'), 'POST', API.cancelOrder.path.replace('{channel}', 'CH1'), { orderId: 'E1', reason: '不想办了' }],
    ['pay', (api) => api.payment.payDeposit('E1', 'P1'), 'POST', '/order/v1/CH1/orders/user/E1/payH5OderDeposit', { promotionChannelId: 'P1', payMethod: 'h5' }],
    ['pay state', (api) => api.payment.payState('E1'), 'POST', '/order/v1/CH1/orders/user/E1/depositH5PayState', {}],
    ['url link', (api) => api.catalogue.weChatUrlLink({ path: 'pages/a', env_version: 'release', query: 'a=1', appId: 'wx1' }), 'POST', API.weChatUrlLink.path, {
      path: 'pages/a', env_version: 'release', query: 'a=1', appId: 'wx1',
    }],
  ]

  it.each(cases)('%s: method, path and body', async (_name, run, method, path, body) => {
    const { api, world } = setup({ list: [] })
    await run(api)
    const request = last(world.requests)
    expect(request.method).toBe(method)
    expect(request.url).toBe(`${BASE}${path}`)
    if (body) expect(bodyOf(request)).toEqual(body)
  })

  it.each([
    ['pay info', (api: Api) => api.payment.orderInfo('E1'), '/pay/v1/pay/getOrderInfo/E1'],
    ['plate check', (api: Api) => api.apply.checkApplyPlate('京A12345'), `${API.checkApplyPlate.path}?plateNumber=%E4%BA%ACA12345`],
    ['process by uid', (api: Api) => api.orders.currentProcessByUid(), '/order/v1/CH1/orders/user/h5/u-1/handleProcess'],
    ['process by plate', (api: Api) => api.orders.currentProcessByPlate('京A12345'), `${API.currentProcessByPlate.path}?plateNumber=%E4%BA%ACA12345`],
    ['notices', (api: Api) => api.notices.notices(), '/config/notices/bank.json'],
    ['goods types', (api: Api) => api.commodities.goodsTypeConfig(), API.goodsTypeConfig.path],
    ['new apply switch', (api: Api) => api.catalogue.newApplySwitch(), API.newApplySwitch.path],
    // The public catalogue's GETs (issue 29): what caches may keep.
    ['commodities', (api: Api) => api.commodities.listCommodities('P1'), '/groundpromotion/v2/admin/promotion_channel/listCommodity/P1'],
    ['supplier protocol', (api: Api) => api.catalogue.supplierProtocol(3), `${API.catalogueProtocol.path}?issuerId=3`],
    [
      'follow-up phone, with the consent',
      (api: Api) => api.auth.saveFollowUpPhone({ mobile: '13800138000', consent: FOLLOW_UP_CONSENT }),
      `${API.saveFollowUpPhone.path}?mobile=13800138000&consent=${FOLLOW_UP_CONSENT}`,
    ],
  ])('%s: GET with its query', async (_name, run, path) => {
    const { api, world } = setup()
    await run(api)
    expect(last(world.requests)).toMatchObject({ method: 'GET', url: `${BASE}${path}` })
  })

  it('seals the SMS parameters, the code login and the remembered-phone login for the server', async () => {
    const { api, world } = setup({ accessToken: 'a', expireIn: 60, uid: 'u' })
    await api.auth.sendCode('13800138000')
    expect(last(world.requests).url).toBe(`${BASE}${API.sendSealedCode.path}`)
    expect(opened(SEALED_FIELD.sendCode, bodyOf(last(world.requests)).sendCodeParamSJ)).toEqual({ mobileNo: '13800138000', timestamp: 1_700_000_000_000 })
    await api.auth.loginByCode('13800138000', '123456')
    const codeBody = bodyOf(last(world.requests))
    expect(codeBody.grantType).toBe('smsCode')
    expect(JSON.stringify(codeBody)).not.toContain('13800138000')
    expect(opened(SEALED_FIELD.token, codeBody.tokenParamSJ)).toEqual({ mobileNo: '13800138000', verifyCode: '123456' })
    await api.auth.loginByRememberedPhone('13800138000', 'ticket-9')
    expect(opened(SEALED_FIELD.token, bodyOf(last(world.requests)).tokenParamSJ)).toEqual({
      mobileNo: '13800138000', timestamp: 1_700_000_000_000, loginTicket: 'ticket-9',
    })
  })

  it('seals the apply payload and the draft, and opens a draft the server returns', async () => {
    const { api, world } = setup({ orderId: 'E1' })
    const payload = { stepId: 1, channelSource: 'bank', sourceChannel: 'S', activitySource: 7, promotionChannelId: 'P1', plateNumber: '京A12345', plateColor: 1 }
    await api.apply.apply(payload)
    expect(last(world.requests).url).toBe(`${BASE}/users/v3/CH1/users/vehicles/h5/apply`)
    expect(opened(SEALED_FIELD.apply, bodyOf(last(world.requests)).encryptUsersVehicleApplyVoStr)).toEqual(payload)
    await api.apply.saveDraft({ plateNumber: '京A12345' })
    expect(opened(SEALED_FIELD.apply, bodyOf(last(world.requests)).encryptUsersVehicleApplyVoStr)).toEqual({ plateNumber: '京A12345' })

    const sealedDraft = JSON.parse(last(world.requests).body ?? '{}').encryptUsersVehicleApplyVoStr as string
    world.respondWith(async () => ok({ code: 200, msg: 'ok', data: { encryptUsersVehicleApplyVoStr: sealedDraft, savedAt: 'x' } }))
    world.advance(5000)
    await expect(api.apply.loadDraft()).resolves.toEqual({ plateNumber: '京A12345' })
    world.respondWith(async () => ok({ code: 200, msg: 'ok', data: { encryptUsersVehicleApplyVoStr: 'v1.tampered.x.y', savedAt: 'x' } }))
    world.advance(5000)
    await expect(api.apply.loadDraft()).resolves.toBeUndefined()
    world.respondWith(async () => ok({ code: 200, msg: 'ok', data: { encryptUsersVehicleApplyVoStr: null, savedAt: null } }))
    world.advance(5000)
    await expect(api.apply.loadDraft()).resolves.toBeUndefined()
  })

  it('seals the offline hand-over parameter', async () => {
    const { api, world } = setup({ orderId: 'E9' })
    await expect(api.orders.offlineToOnline({ offlineNo: 'OFF1', plateNumber: '京A12345' })).resolves.toEqual({ orderId: 'E9' })
    expect(opened(SEALED_FIELD.offlineOrder, bodyOf(last(world.requests)).encryptOfflineOrderToOnlineParam)).toEqual({ offlineNo: 'OFF1', plateNumber: '京A12345' })
  })

  it("reports an upload's progress from the transport to the caller", async () => {
    const { api, world } = setup()
    world.uploadWith(async () => {
      world.uploads.at(-1)?.onProgress?.(40)
      world.uploads.at(-1)?.onProgress?.(100)
      return { statusCode: 200, data: '{"code":200,"msg":"ok","data":{"fileId":"f1","url":"/u/f1","certificatesCommitSate":2}}' }
    })
    const seen: number[] = []
    await api.apply.uploadPhoto('E1', { kind: 'drivingLicense' }, '/tmp/b.jpg', (percent) => seen.push(percent))
    expect(seen).toEqual([40, 100])
    await api.apply.uploadPhoto('E1', { kind: 'drivingLicense' }, '/tmp/b.jpg')
    expect(world.uploads.at(-1)).not.toHaveProperty('onProgress')
  })

  it('uploads each photo to its path with its form fields, H5 and mini-program paths apart', async () => {
    const { api, world } = setup()
    world.uploadWith(async () => ({ statusCode: 200, data: '{"code":200,"msg":"ok","data":{"fileId":"f1","url":"/u/f1","certificatesCommitSate":1}}' }))
    await expect(api.apply.uploadPhoto('E1', { kind: 'idCard', side: 'front' }, '/tmp/a.jpg')).resolves.toEqual({
      fileId: 'f1', url: '/u/f1', certificatesCommitSate: 1,
    })
    await api.apply.uploadPhoto('E1', { kind: 'drivingLicense' }, '/tmp/b.jpg')
    await api.apply.uploadPhoto('E1', { kind: 'image', imageType: 'vehicleFront' }, '/tmp/c.jpg')
    expect(world.uploads.map((upload) => [upload.url, upload.formData, upload.filePath])).toEqual([
      [`${BASE}${API.uploadIdCardH5.path}`, { orderId: 'E1', side: 'front' }, '/tmp/a.jpg'],
      [`${BASE}${API.uploadDrivingLicenseH5.path}`, { orderId: 'E1' }, '/tmp/b.jpg'],
      [`${BASE}${API.uploadImageH5.path}`, { orderId: 'E1', imageType: 'vehicleFront' }, '/tmp/c.jpg'],
    ])
    const mini = fakeWorld()
    mini.uploadWith(async () => ({ statusCode: 200, data: '{"code":200,"msg":"ok","data":{}}' }))
    const miniApi = createApi(mini.client, channel, { target: 'weapp' })
    await miniApi.apply.uploadPhoto('E1', { kind: 'idCard', side: 'back' }, '/tmp/a.jpg')
    await miniApi.apply.uploadPhoto('E1', { kind: 'drivingLicense' }, '/tmp/b.jpg')
    await miniApi.apply.uploadPhoto('E1', { kind: 'image', imageType: 'roadTransport' }, '/tmp/c.jpg')
    expect(mini.uploads.map((upload) => upload.url)).toEqual([
      `${BASE}${API.uploadIdCard.path}`, `${BASE}${API.uploadDrivingLicense.path}`, `${BASE}${API.uploadImage.path}`,
    ])
  })

  it('sends tracking batches with the header fields, without a login and without a toast on failure', async () => {
    const { api, world } = setup()
    world.setLoggedIn(false)
    const header = { app: 'etc', app_id: 'T1', uid: 'u', trace_id: 'tr', device_info: 'd', app_version: '1.0.0', visit_token: 'v1.token' }
    await api.sendTracking([{ type: 'pageView', page: '/', at: 1 }], header)
    expect(world.counts.login).toBe(0)
    expect(last(world.requests).header).toMatchObject(header)
    expect(bodyOf(last(world.requests))).toEqual({ events: [{ type: 'pageView', page: '/', at: 1 }] })
    world.respondWith(async () => ({ statusCode: 500, data: { code: 500, msg: 'x' }, header: {} }))
    await expect(api.sendTracking([{ type: 'click', page: '/', at: 2 }], header)).rejects.toBeTruthy()
    expect(world.counts.toast).toEqual([])
  })

  it('asks for a tracking visit without a login and without a toast on failure', async () => {
    const { api, world } = setup()
    world.setLoggedIn(false)
    const visit = { uid: `V${'a'.repeat(24)}`, visit_token: 'v1.token', expires_at: 2 }
    world.respondWith(async () => ok({ code: 200, msg: 'ok', data: visit }))
    const request = { trackuid: `T${'b'.repeat(24)}`, device_info: 'd', bd_vid: 'bd-1' }
    await expect(api.openTrackingVisit(request)).resolves.toEqual(visit)
    expect(world.counts.login).toBe(0)
    expect(last(world.requests).url).toBe(`${BASE}${API.trackingVisit.path}`)
    expect(bodyOf(last(world.requests))).toEqual(request)
    // Always asked anew: a visit replacing a refused one must not be the same answer shared.
    world.respondWith(async () => ({ statusCode: 429, data: { code: 429, msg: 'x' }, header: {} }))
    await expect(api.openTrackingVisit(request)).rejects.toBeTruthy()
    expect(world.counts.toast).toEqual([])
  })

  it('keeps silent logins, polling and notices silent', async () => {
    const { api, world } = setup()
    world.respondWith(async () => ok({ code: 1001, msg: '验证码错误', data: null }))
    await expect(api.auth.loginByPageToken('bad')).rejects.toMatchObject({ kind: 'business', code: 1001 })
    await expect(api.auth.loginByPromoterAccount()).rejects.toMatchObject({ kind: 'business' })
    await expect(api.payment.payState('E1')).rejects.toMatchObject({ kind: 'business' })
    await expect(api.notices.notices()).rejects.toMatchObject({ kind: 'business' })
    expect(world.counts.toast).toEqual([])
  })

  // A failure is reported once: where the screen shows it, the request layer does not toast it too.
  it('leaves the failures their screens show to the screens: the catalogue error, and no toast', async () => {
    const { api, world } = setup()
    world.respondWith(async () => ok({ code: 1001, msg: '验证码错误', data: null }))
    const shown: [string, (api: Api) => Promise<unknown>][] = [
      ['code login', (api) => api.auth.loginByCode('13800138000', '000000')],
      ['send code', (api) => api.auth.sendCode('13800138000')],
      ['plate unique', (api) => api.apply.plateUnique('京A12345', 1)],
      ['interception', (api) => api.apply.contractInterception({ plateNo: '京A12345', plateColor: 1, promotionChannelId: 'P1' })],
      ['apply plate', (api) => api.apply.checkApplyPlate('京A12345')],
      ['risk review', (api) => api.apply.requiredRisk('京A12345', 'P1')],
      ['new apply switch', (api) => api.catalogue.newApplySwitch()],
      ['open order of a plate', (api) => api.orders.currentProcessByPlate('京A12345')],
      ['apply step', (api) => api.apply.apply({ stepId: 1, channelSource: 'bank', sourceChannel: 'S', activitySource: 7, promotionChannelId: 'P1', plateNumber: '京A12345', plateColor: 1 })],
      ['packages', (api) => api.commodities.listCommodities('P1')],
      ['pay', (api) => api.payment.payDeposit('E1', 'P1')],
      ['pay order info', (api) => api.payment.orderInfo('E1')],
      ['order list', (api) => api.orders.searchOrders({ fresh: true })],
      ['order detail', (api) => api.orders.orderProcess('E1')],
      ['cancel', (api) => api.orders.cancel('E1', '不办了')],
      ['offline hand-over', (api) => api.orders.offlineToOnline({ offlineNo: 'F1', plateNumber: '京A12345' })],
    ]
    for (const [name, call] of shown) {
      const failure = await call(api).then(() => undefined, (error: unknown) => error)
      expect([name, failure]).toEqual([name, expect.objectContaining({ kind: 'business', code: 1001, message: '验证码错误' })])
    }
    world.uploadWith(async () => ({ statusCode: 500, data: '' }))
    await expect(api.apply.uploadPhoto('E1', { kind: 'drivingLicense' }, '/tmp/a.jpg')).rejects.toMatchObject({ kind: 'serverError', message: MESSAGES.serverBusy })
    expect(world.counts.toast).toEqual([])
  })

  it('toasts the failure of a call no screen shows', async () => {
    const { api, world } = setup()
    world.respondWith(async () => ok({ code: 1001, msg: '渠道已失效', data: null }))
    await expect(api.catalogue.issuers()).rejects.toMatchObject({ kind: 'business', message: '渠道已失效' })
    expect(world.counts.toast).toEqual(['渠道已失效'])
    // The promotion's checks are shown by the screens waiting for them.
    await expect(api.promotion.channelInfo({ promotionChannelId: 'P1' })).rejects.toMatchObject({ kind: 'business' })
    expect(world.counts.toast).toEqual(['渠道已失效'])
  })

  it("ends the given session on logout: its own token, no login first, and a 401 is the call's own answer", async () => {
    const { api, world } = setup()
    world.setLoggedIn(false)
    world.respondWith(async () => ({ statusCode: 401, data: { code: 401, msg: '登录信息已过期，请重新登录' }, header: {} }))
    await expect(api.auth.logout('old-token')).rejects.toMatchObject({ kind: 'unauthorized' })
    expect(last(world.requests)).toMatchObject({ method: 'POST', url: `${BASE}${API.logout.path}` })
    expect(last(world.requests).header).toMatchObject({ Authorization: 'Bearer old-token' })
    expect([world.counts.login, world.counts.alert, world.counts.logout, world.counts.toast]).toEqual([0, 0, 0, []])
  })

  it("sends a POST's query fields in its query string, and no body when nothing else is left", async () => {
    const { api, world } = setup()
    await api.catalogue.weixinConfig('https://h5.test/a')
    expect(last(world.requests).body).toBeUndefined()
    await api.apply.push('E1', 'P1')
    expect(bodyOf(last(world.requests))).toEqual({})
  })

  it('names the login and public configuration calls public, and no others', () => {
    const publicNames = Object.entries(API).filter(([, endpoint]) => 'public' in endpoint).map(([name]) => name)
    // The region list and the mini-programs' launch entropy carry nothing personal and are asked for
    // before any login; so is the catalogue (issue 29): packages and the issuers' agreements.
    expect(publicNames.sort()).toEqual(
      [
        'catalogueCommodities',
        'catalogueProtocol',
        'listCommodity',
        'supplierProtocol',
        'entropy',
        'goodsTypeConfig',
        'issuers',
        'notices',
        'promiseConfig',
        'promoterLogin',
        'regions',
        'sendCode',
        'sendSealedCode',
        'smsTestCheck',
        'smsTestLatest',
        'token',
        'tokenByQuery',
        'trackingEvents',
        'trackingVisit',
      ].sort(),
    )
  })
})
