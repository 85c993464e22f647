import { DEDUPE_WINDOW_MS, REQUEST_TIMEOUT_MS } from '../../../src/domain/constants'
import { CLIENT_CODES, DECODE_FAILURE_CLIENT_CODE, MESSAGES, TRANSPORT_CODE } from '../../../src/services/request/errors'
import type { RequestError } from '../../../src/services/request/errors'
import { TransportFailure } from '../../../src/services/request/transport'
import type { TransportResponse } from '../../../src/services/request/transport'
import { API } from '../../../types/api/paths'
import { callApi } from '../../../src/services/api/call'
import { deferred, fakeWorld, ok, rejection, settle } from './fakes'

describe('building calls', () => {
  it('sends the Bearer token, GET by default, data in the query', async () => {
    const world = fakeWorld()
    await world.client.call({ url: '/order/v1/orders/user/h5/handleProcess', data: { plateNumber: '京A12345' } })
    expect(world.requests).toEqual([
      {
        url: `https://api.test/order/v1/orders/user/h5/handleProcess?plateNumber=${encodeURIComponent('京A12345')}`,
        method: 'GET',
        header: { Authorization: 'Bearer token-abc' },
        body: undefined,
        timeoutMs: REQUEST_TIMEOUT_MS,
      },
    ])
  })

  it('fills {channel}, {uid} and {sourceChannel} from state and other placeholders from data', async () => {
    const world = fakeWorld({ uid: 'u 9' })
    await world.client.call({
      url: '/order/v1/{channel}/orders/user/h5/{uid}/handleProcess/{sourceChannel}/{orderId}',
      method: 'POST',
      data: { orderId: 'O-1', promotionChannelId: 'P1' },
    })
    const [request] = world.requests
    expect(request?.url).toBe('https://api.test/order/v1/CH1/orders/user/h5/u%209/handleProcess/SRC1/O-1')
    expect(request?.body).toBe(JSON.stringify({ promotionChannelId: 'P1' }))
  })

  it('rejects a call whose placeholder has no value, sending nothing', async () => {
    const world = fakeWorld()
    const error = await rejection(world.client.call({ url: '/pay/v1/pay/getOrderInfo/{orderId}' }))
    expect(error.kind).toBe('parameterError')
    expect(world.requests).toHaveLength(0)
  })

  it('sends JSON by default on other methods, and form data when asked', async () => {
    const world = fakeWorld()
    await world.client.call({ url: '/a', method: 'POST', data: { a: 1, b: '张' } })
    await world.client.call({ url: '/b', method: 'PUT', data: { a: 1, b: '张 三', c: undefined }, contentType: 'urlencoded' })
    await world.client.call({ url: '/c', method: 'DELETE' })
    expect(world.requests.map((r) => [r.method, r.header['Content-Type'], r.body])).toEqual([
      ['POST', 'application/json;charset=UTF-8', '{"a":1,"b":"张"}'],
      ['PUT', 'application/x-www-form-urlencoded;charset=UTF-8', `a=1&b=${encodeURIComponent('张 三')}`],
      ['DELETE', 'application/json;charset=UTF-8', undefined],
    ])
  })

  it('resolves with the response body', async () => {
    const world = fakeWorld()
    world.respondWith(async () => ok({ code: 200, data: { id: 7 } }))
    await expect(world.client.call({ url: '/x' })).resolves.toEqual({ code: 200, data: { id: 7 } })
  })

  it('passes a custom timeout', async () => {
    const world = fakeWorld()
    await world.client.call({ url: '/upload', method: 'POST', timeoutMs: 60_000 })
    expect(world.requests[0]?.timeoutMs).toBe(60_000)
  })
})

describe('sharing identical calls', () => {
  it('shares one request between identical calls in flight', async () => {
    const world = fakeWorld()
    const reply = deferred<TransportResponse>()
    world.respondWith(() => reply.promise)
    const calls = [1, 2, 3].map(() => world.client.call({ url: '/x', data: { a: 1 } }))
    await settle()
    reply.resolve(ok({ code: 200, data: 'shared' }))
    await expect(Promise.all(calls)).resolves.toEqual([1, 2, 3].map(() => ({ code: 200, data: 'shared' })))
    expect(world.requests).toHaveLength(1)
  })

  it('reuses a finished call within the window, and calls again after it', async () => {
    const world = fakeWorld()
    await world.client.call({ url: '/x' })
    world.advance(DEDUPE_WINDOW_MS - 1)
    await world.client.call({ url: '/x' })
    expect(world.requests).toHaveLength(1)
    world.advance(1)
    await world.client.call({ url: '/x' })
    expect(world.requests).toHaveLength(2)
  })

  it('makes a new request for a different body, method or user', async () => {
    const world = fakeWorld()
    await world.client.call({ url: '/x', method: 'POST', data: { a: 1 } })
    await world.client.call({ url: '/x', method: 'POST', data: { a: 2 } })
    await world.client.call({ url: '/x', method: 'PUT', data: { a: 2 } })
    world.setUid('u-2')
    await world.client.call({ url: '/x', method: 'PUT', data: { a: 2 } })
    expect(world.requests).toHaveLength(4)
  })

  it('never shares a failure', async () => {
    const world = fakeWorld()
    world.respondWith(async () => ({ statusCode: 500, data: {}, header: {} }))
    await rejection(world.client.call({ url: '/x', silent: true }))
    world.respondWith(async () => ok())
    await world.client.call({ url: '/x' })
    expect(world.requests).toHaveLength(2)
  })

  it('never retries a failed submission by itself', async () => {
    const world = fakeWorld()
    world.respondWith(() => Promise.reject(new TransportFailure('network', 'request:fail')))
    await rejection(world.client.call({ url: '/apply', method: 'POST', data: { step: 200 } }))
    expect(world.requests).toHaveLength(1)
  })

  it('forgets shared calls on reset (logout)', async () => {
    const world = fakeWorld()
    await world.client.call({ url: '/x' })
    world.client.reset()
    await world.client.call({ url: '/x' })
    expect(world.requests).toHaveLength(2)
  })
})

describe('login before calls', () => {
  it('logs in exactly once for 50 concurrent calls that need it', async () => {
    const world = fakeWorld({ loggedIn: false })
    const login = deferred<void>()
    world.loginWith(() => login.promise.then(() => world.setLoggedIn(true)))
    const calls = Array.from({ length: 50 }, (_, i) => world.client.call({ url: `/x/${i}` }))
    await settle()
    expect(world.counts.login).toBe(1)
    expect(world.requests).toHaveLength(0)
    login.resolve()
    await Promise.all(calls)
    expect(world.counts.login).toBe(1)
    expect(world.requests).toHaveLength(50)
    expect(world.requests.every((r) => r.header.Authorization === 'Bearer token-abc')).toBe(true)
  })

  it('skips the login for calls flagged notNeedLogin', async () => {
    const world = fakeWorld({ loggedIn: false })
    await world.client.call({ url: '/oauth2/v2/oauth2/{channel}/token', method: 'POST', notNeedLogin: true })
    expect(world.counts.login).toBe(0)
    expect(world.requests[0]?.header.Authorization).toBeUndefined()
  })

  it('rejects every waiting call and goes to the login page once when the login fails', async () => {
    const world = fakeWorld({ loggedIn: false })
    world.loginWith(() => Promise.reject(new Error('silent login failed')))
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => world.client.call({ url: '/x' })))
    expect(results.every((r) => r.status === 'rejected' && (r.reason as RequestError).kind === 'loginRequired')).toBe(true)
    expect(world.counts.login).toBe(1)
    expect(world.counts.goToLogin).toBe(1)
    expect(world.requests).toHaveLength(0)
    // A later call tries again and asks for the login page again: the navigator opens it once for
    // a tap's calls and once for a page's own calls (navigator.test.ts), so nothing loops.
    await rejection(world.client.call({ url: '/y' }))
    expect(world.counts.login).toBe(2)
    expect(world.counts.goToLogin).toBe(2)
  })
})

describe('the channel login and a person', () => {
  it('lets channel-level calls through on the channel login, and logs a person in before any other call', async () => {
    const world = fakeWorld({ scope: 'channel' })
    await world.client.call({ url: '/groundpromotion/list', method: 'POST', channelLevel: true })
    expect(world.counts.login).toBe(0)
    await world.client.call({ url: '/order/search', method: 'POST' })
    expect(world.counts.loginScopes).toEqual(['person'])
    expect(world.requests.map((request) => request.url)).toEqual(['https://api.test/groundpromotion/list', 'https://api.test/order/search'])
  })

  it('logs in at the channel level only for a channel-level call without any session', async () => {
    const world = fakeWorld({ loggedIn: false })
    await world.client.call({ url: '/groundpromotion/list', method: 'POST', channelLevel: true })
    expect(world.counts.loginScopes).toEqual(['channel'])
  })

  it('sends the user to the login page once when no personal login works, and keeps the channel calls working', async () => {
    const world = fakeWorld({ scope: 'channel' })
    world.loginWith(() => Promise.reject(new Error('no personal method')))
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => world.client.call({ url: `/order/${i}` })))
    expect(results.every((r) => r.status === 'rejected' && (r.reason as RequestError).kind === 'loginRequired')).toBe(true)
    expect([world.counts.login, world.counts.goToLogin]).toEqual([1, 1])
    expect(world.requests).toHaveLength(0)
    await world.client.call({ url: '/groundpromotion/list', method: 'POST', channelLevel: true })
    expect(world.requests).toHaveLength(1)
  })

  it('runs one login for a channel-level call and a personal call at once: the ticket is redeemed once, and the person stays', async () => {
    const world = fakeWorld({ loggedIn: false })
    // Like the store: every login tries the remembered phone's ticket first, which works once.
    let ticketRedeemed = false
    const redemption = deferred<void>()
    world.loginWith(async () => {
      if (ticketRedeemed) throw new Error('登录已失效')
      ticketRedeemed = true
      await redemption.promise
      world.setLoggedIn(true, 'person')
    })
    const calls = [world.client.call({ url: '/groundpromotion/list', method: 'POST', channelLevel: true }), world.client.call({ url: '/order/search', method: 'POST' })]
    await settle()
    redemption.resolve()
    await Promise.all(calls)
    expect(world.counts.loginScopes).toEqual(['channel'])
    expect([world.counts.goToLogin, world.requests.length]).toEqual([0, 2])
  })

  it('lets a channel-level call wait for the person login in flight instead of starting its own', async () => {
    const world = fakeWorld({ loggedIn: false })
    const login = deferred<void>()
    world.loginWith((requested) => login.promise.then(() => world.setLoggedIn(true, requested)))
    const calls = [world.client.call({ url: '/order/search', method: 'POST' }), world.client.call({ url: '/groundpromotion/list', method: 'POST', channelLevel: true })]
    await settle()
    login.resolve()
    await Promise.all(calls)
    expect(world.counts.loginScopes).toEqual(['person'])
    expect(world.requests).toHaveLength(2)
  })

  it('logs the person in after the channel login in flight when that one gave only the channel', async () => {
    const world = fakeWorld({ loggedIn: false })
    const channelLogin = deferred<void>()
    world.loginWith((requested) => (requested === 'channel' ? channelLogin.promise : Promise.resolve()).then(() => world.setLoggedIn(true, requested)))
    const calls = [world.client.call({ url: '/groundpromotion/list', method: 'POST', channelLevel: true }), world.client.call({ url: '/order/search', method: 'POST' })]
    await settle()
    expect(world.counts.loginScopes).toEqual(['channel'])
    channelLogin.resolve()
    await Promise.all(calls)
    expect(world.counts.loginScopes).toEqual(['channel', 'person'])
    expect(world.requests).toHaveLength(2)
  })

  it('logs the channel in after the person login it waited for fails, and goes to the login page once', async () => {
    const world = fakeWorld({ loggedIn: false })
    const personLogin = deferred<void>()
    world.loginWith((requested) =>
      requested === 'person' ? personLogin.promise.then(() => Promise.reject(new Error('no personal method'))) : Promise.resolve(world.setLoggedIn(true, 'channel')),
    )
    const person = rejection(world.client.call({ url: '/order/search', method: 'POST' }))
    const channel = world.client.call({ url: '/groundpromotion/list', method: 'POST', channelLevel: true })
    await settle()
    expect(world.counts.loginScopes).toEqual(['person'])
    personLogin.resolve()
    expect((await person).kind).toBe('loginRequired')
    await channel
    expect(world.counts.loginScopes).toEqual(['person', 'channel'])
    expect([world.counts.goToLogin, world.requests.length]).toEqual([1, 1])
  })

  it('needs a person for uploads and downloads', async () => {
    const world = fakeWorld({ scope: 'channel' })
    await world.client.upload({ url: '/users/v2/usersVehicles/h5/uploadIdcard', filePath: '/tmp/a.jpg' })
    await world.client.download({ url: '/users/v2/usersVehicles/images/F1' })
    expect(world.counts.loginScopes).toEqual(['person'])
  })

  it('marks the contract’s channel-level endpoints for the client', async () => {
    const world = fakeWorld({ scope: 'channel' })
    await callApi(world.client, API.promoterChannelEffective, { promotionChannelId: 'P1' })
    expect(world.counts.login).toBe(0)
    await expect(callApi(world.client, API.searchOrders, { pageNo: 1, pageSize: 10 })).resolves.toBeNull()
    expect(world.counts.loginScopes).toEqual(['person'])
  })
})

describe('an expired login (HTTP 401)', () => {
  it('shows one dialog for 5 concurrent 401s, then logs out, logs in and refreshes once', async () => {
    const world = fakeWorld()
    const confirm = deferred<void>()
    world.alertWith(confirm.promise)
    world.respondWith(async () => ({ statusCode: 401, data: {}, header: {} }))
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => world.client.call({ url: `/x/${i}` })))
    expect(results.every((r) => r.status === 'rejected' && (r.reason as RequestError).kind === 'unauthorized')).toBe(true)
    expect(world.counts.alert).toBe(1)
    expect(world.counts.toast).toEqual([])
    // A further 401 while the dialog is open does not stack a second one.
    await rejection(world.client.call({ url: '/later' }))
    expect(world.counts.alert).toBe(1)
    expect(world.counts.logout).toBe(0)
    confirm.resolve()
    await settle()
    expect([world.counts.logout, world.counts.login, world.counts.reload]).toEqual([1, 1, 1])
  })

  it('can raise a new dialog once the last episode is over', async () => {
    const world = fakeWorld()
    world.respondWith(async () => ({ statusCode: 401, data: {}, header: {} }))
    await rejection(world.client.call({ url: '/a' }))
    await settle()
    await rejection(world.client.call({ url: '/b' }))
    await settle()
    expect(world.counts.alert).toBe(2)
  })
})

describe('the error catalogue', () => {
  const respond = (statusCode: number, data: unknown = {}) => async (): Promise<TransportResponse> => ({ statusCode, data, header: {} })

  it.each([
    [respond(404), 'notFound', MESSAGES.notFound, 404],
    [respond(400, { msg: '车牌号格式不正确' }), 'badRequest', `${MESSAGES.badRequest}：车牌号格式不正确`, 400],
    [respond(400), 'badRequest', MESSAGES.badRequest, 400],
    [respond(500, { message: '数据库维护中' }), 'serverError', '数据库维护中', 500],
    [respond(500), 'serverError', MESSAGES.serverBusy, 500],
    [respond(502, '<html>bad gateway</html>'), 'serverError', MESSAGES.serverBusy, 502],
    [respond(200, { code: 500, msg: '该车辆已办理ETC' }), 'business', '该车辆已办理ETC', 500],
    [respond(200, { code: '10001', message: '库存不足' }), 'business', '库存不足', 10001],
    [respond(200, { code: 3, codeData: { message: '活动已结束' } }), 'business', '活动已结束', 3],
    [respond(200, { code: 4 }), 'business', MESSAGES.unknown, 4],
  ] as const)('maps a response to %#: %s', async (handler, kind, message, code) => {
    const world = fakeWorld()
    world.respondWith(handler)
    const error = await rejection(world.client.call({ url: '/x' }))
    expect([error.kind, error.message, error.code]).toEqual([kind, message, code])
    expect(world.counts.toast).toEqual([message])
  })

  it.each(Object.entries(CLIENT_CODES))('maps a failure the host named with client code %s', async (code, entry) => {
    const world = fakeWorld()
    world.respondWith(() => Promise.reject(new TransportFailure('network', 'request:fail', Number(code))))
    const error = await rejection(world.client.call({ url: '/x' }))
    expect([error.kind, error.message, error.code]).toEqual([entry.kind, entry.message, Number(code)])
    expect(world.counts.toast).toEqual([entry.message])
  })

  it("falls back to the transport's failure for a client code outside the catalogue", async () => {
    const world = fakeWorld()
    world.respondWith(() => Promise.reject(new TransportFailure('network', 'request:fail', 0)))
    const error = await rejection(world.client.call({ url: '/x' }))
    expect([error.kind, error.message]).toEqual(['network', MESSAGES.network])
  })

  it('has the spec messages for the client codes', () => {
    expect(Object.keys(CLIENT_CODES).map(Number).sort((a, b) => a - b)).toEqual([2, 4, 11, 12, 13, 14, 20, 23])
    expect(CLIENT_CODES[13]?.message).toContain('请稍后重试')
    expect(CLIENT_CODES[12]?.message).toContain('切换网络')
    expect(CLIENT_CODES[2]?.message).toContain('联系客服')
  })

  it.each([
    ['timeout', 'timeout', MESSAGES.timeout, TRANSPORT_CODE.REQUEST_FAILED],
    ['aborted', 'aborted', MESSAGES.aborted, TRANSPORT_CODE.ABORTED],
    ['network', 'network', MESSAGES.network, TRANSPORT_CODE.REQUEST_FAILED],
    ['fileError', 'fileError', MESSAGES.fileError, undefined],
  ] as const)('maps a transport %s failure', async (failure, kind, message, code) => {
    const world = fakeWorld()
    world.respondWith(() => Promise.reject(new TransportFailure(failure, 'request:fail')))
    const error = await rejection(world.client.call({ url: '/x' }))
    expect([error.kind, error.message, error.code]).toEqual([kind, message, code])
  })

  it('treats an unexpected transport exception as a network error', async () => {
    const world = fakeWorld()
    world.respondWith(() => Promise.reject(new TypeError('boom')))
    expect((await rejection(world.client.call({ url: '/x' }))).kind).toBe('network')
  })

  it('shows no toast for a silent call, but still rejects', async () => {
    const world = fakeWorld()
    world.respondWith(respond(200, { code: 500, msg: '失败' }))
    expect((await rejection(world.client.call({ url: '/x', silent: true }))).message).toBe('失败')
    expect(world.counts.toast).toEqual([])
  })
})

describe('uploads and downloads', () => {
  it('uploads multipart with the token, the 60 s timeout and the parsed response', async () => {
    const world = fakeWorld()
    const body = await world.client.upload({
      url: '/users/v2/usersVehicles/h5/uploadIdcard',
      filePath: 'wxfile://tmp/id-front.jpg',
      formData: { side: 'front' },
    })
    expect(body).toEqual({ code: 200, data: { url: '/f/1' } })
    expect(world.uploads).toEqual([
      {
        url: 'https://api.test/users/v2/usersVehicles/h5/uploadIdcard',
        header: { Authorization: 'Bearer token-abc' },
        filePath: 'wxfile://tmp/id-front.jpg',
        name: 'file',
        formData: { side: 'front' },
        timeoutMs: 60_000,
      },
    ])
  })

  it.each([
    ['an unreadable file', new TransportFailure('fileError', 'uploadFile:fail file not found'), 'fileError', MESSAGES.fileError, undefined],
    ['a lost connection', new TransportFailure('network', 'uploadFile:fail'), 'network', MESSAGES.network, TRANSPORT_CODE.TRANSFER_FAILED],
    ['a timeout', new TransportFailure('timeout', 'uploadFile:fail timeout'), 'timeout', MESSAGES.timeout, TRANSPORT_CODE.REQUEST_FAILED],
  ] as const)('reports %s', async (_label, failure, kind, message, code) => {
    const world = fakeWorld()
    world.uploadWith(() => Promise.reject(failure))
    const error = await rejection(world.client.upload({ url: '/u', filePath: '/tmp/x.jpg' }))
    expect([error.kind, error.message, error.code]).toEqual([kind, message, code])
    expect(world.counts.toast).toEqual([message])
  })

  it('reports an unreadable upload response as a decode failure, and server errors by status', async () => {
    const world = fakeWorld()
    world.uploadWith(async () => ({ statusCode: 200, data: '<html>' }))
    expect((await rejection(world.client.upload({ url: '/u', filePath: '/x' }))).kind).toBe('decodeFailure')
    world.uploadWith(async () => ({ statusCode: 413, data: '{"msg":"文件过大"}' }))
    expect((await rejection(world.client.upload({ url: '/u', filePath: '/x' }))).message).toBe('文件过大')
    world.uploadWith(async () => ({ statusCode: 200, data: '{"code":400,"msg":"图片类型不支持"}' }))
    expect((await rejection(world.client.upload({ url: '/u', filePath: '/x' }))).message).toBe('图片类型不支持')
  })

  it('downloads to a local file, and maps failures', async () => {
    const world = fakeWorld()
    await expect(world.client.download({ url: '/files/agreement.pdf' })).resolves.toBe('blob:1')
    world.downloadWith(async () => ({ statusCode: 404, tempFilePath: '' }))
    expect((await rejection(world.client.download({ url: '/missing.pdf' }))).kind).toBe('notFound')
    world.downloadWith(() => Promise.reject(new TransportFailure('network', 'downloadFile:fail')))
    expect((await rejection(world.client.download({ url: '/x.pdf' }))).code).toBe(TRANSPORT_CODE.TRANSFER_FAILED)
  })

  it('logs in before uploading', async () => {
    const world = fakeWorld({ loggedIn: false })
    await world.client.upload({ url: '/u', filePath: '/x' })
    expect(world.counts.login).toBe(1)
  })
})

describe('asking again when the user asks (issue 12)', () => {
  it('bypasses a call in flight and a finished one within the window with fresh, and shares the fresh answer', async () => {
    const world = fakeWorld()
    const first = deferred<TransportResponse>()
    world.respondWith(() => first.promise)
    const inFlight = world.client.call({ url: '/x' })
    await settle()
    world.respondWith(async () => ok({ code: 200, data: 'fresh' }))
    const fresh = world.client.call({ url: '/x', fresh: true })
    await settle()
    expect(world.requests).toHaveLength(2)
    first.resolve(ok({ code: 200, data: 'old' }))
    await expect(inFlight).resolves.toEqual({ code: 200, data: 'old' })
    await expect(fresh).resolves.toEqual({ code: 200, data: 'fresh' })
    // Within the window, a fresh call asks again; a plain one shares the latest answer.
    await world.client.call({ url: '/x', fresh: true })
    expect(world.requests).toHaveLength(3)
    await expect(world.client.call({ url: '/x' })).resolves.toEqual({ code: 200, data: 'fresh' })
    expect(world.requests).toHaveLength(3)
  })

  it('passes fresh through the typed calls', async () => {
    const world = fakeWorld()
    await callApi(world.client, API.searchOrders, { pageNo: 1 })
    await callApi(world.client, API.searchOrders, { pageNo: 1 }, { fresh: true })
    expect(world.requests).toHaveLength(2)
  })
})

describe('an answer that is not JSON (issue 12)', () => {
  it.each([
    ['raw text a mini-program hands over', '<html><body>502 Bad Gateway</body></html>'],
    ['nothing (H5 could not parse it)', null],
    ['an empty body', ''],
  ])('is a decode failure with client code 14 for %s', async (_case, data) => {
    const world = fakeWorld()
    world.respondWith(async () => ({ statusCode: 200, data, header: {} }))
    const error = await rejection(world.client.call({ url: '/config/goods-type.json', notNeedLogin: true }))
    expect(error).toMatchObject({ kind: 'decodeFailure', code: DECODE_FAILURE_CLIENT_CODE, message: MESSAGES.decodeFailure })
    expect(world.counts.toast).toEqual([MESSAGES.decodeFailure])
  })

  it('decodes a JSON text a transport hands over as text', async () => {
    const world = fakeWorld()
    world.respondWith(async () => ({ statusCode: 200, data: '{"code":200,"msg":"ok","data":[1]}', header: {} }))
    await expect(world.client.call({ url: '/x' })).resolves.toEqual({ code: 200, msg: 'ok', data: [1] })
  })

  it('rejects the remote notices and goods-type documents as decode failures, silently for notices', async () => {
    const world = fakeWorld()
    world.respondWith(async () => ({ statusCode: 200, data: 'not json', header: {} }))
    await expect(callApi(world.client, { ...API.notices, path: '/config/notices/bank.json' }, undefined, { silent: true })).rejects.toMatchObject({ kind: 'decodeFailure' })
    await expect(callApi(world.client, API.goodsTypeConfig)).rejects.toMatchObject({ kind: 'decodeFailure' })
    expect(world.counts.toast).toEqual([MESSAGES.decodeFailure])
  })
})

describe('a 401 that is the answer (issue 12)', () => {
  it('shows no dialog and starts no login for a quietUnauthorized call (logging out a session already gone)', async () => {
    const world = fakeWorld()
    world.respondWith(async () => ({ statusCode: 401, data: { code: 401, msg: '登录信息已过期' }, header: {} }))
    const error = await rejection(world.client.call({ url: API.logout.path, method: 'POST', notNeedLogin: true, silent: true, quietUnauthorized: true }))
    expect(error.kind).toBe('unauthorized')
    await settle()
    expect([world.counts.alert, world.counts.logout, world.counts.login]).toEqual([0, 0, 0])
  })
})

describe('loading the transport (the one lazy boundary on the way to the network)', () => {
  it('asks for the transport with each call, none before the first', async () => {
    const world = fakeWorld()
    expect(world.transportLoads()).toBe(0)
    await world.client.call({ url: '/a' })
    await world.client.upload({ url: '/u', filePath: '/x' })
    await world.client.download({ url: '/d.pdf' })
    expect(world.transportLoads()).toBe(3)
  })

  it('rejects a call whose transport fails to load as a network error, and loads again for the next call', async () => {
    const world = fakeWorld()
    world.loadTransportWith(() => Promise.reject(new Error('ChunkLoadError: Loading chunk 245 failed')))
    const error = await rejection(world.client.call({ url: '/a' }))
    expect([error.kind, error.message, error.code]).toEqual(['network', MESSAGES.network, TRANSPORT_CODE.REQUEST_FAILED])
    const upload = await rejection(world.client.upload({ url: '/u', filePath: '/x' }))
    expect([upload.kind, upload.code]).toEqual(['network', TRANSPORT_CODE.TRANSFER_FAILED])
    expect(world.counts.toast).toEqual([MESSAGES.network, MESSAGES.network])
    world.loadTransportWith(async () => world.transport)
    await expect(world.client.call({ url: '/a' })).resolves.toEqual({ code: 200, msg: 'ok', data: null })
    expect(world.requests).toHaveLength(1)
  })
})
