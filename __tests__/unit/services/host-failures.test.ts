/**
 * The platform's network failures in the catalogue's client codes (section 8): H5 fetch errors,
 * WeChat's fail results (errno, errMsg) and Alipay's (error, errorMessage), read by
 * src/platform/taro-failure.ts, and the message each one puts in front of the user through the
 * request client.
 */
import { ALIPAY_REQUEST_ERROR, WECHAT_ERRNO, requestFailure, transferFailure } from '../../../src/platform/taro-failure'
import { CLIENT_CODE, CLIENT_CODES, MESSAGES, TRANSPORT_CODE } from '../../../src/services/request/errors'
import { TransportFailure } from '../../../src/services/request/transport'
import type { TransportResponse } from '../../../src/services/request/transport'
import { fakeWorld, rejection } from './fakes'

/** A failure as the request client gets it: the transport's kind and the client code, if any. */
function failureOf(read: TransportResponse | TransportFailure): { kind: string; clientCode: number | undefined } {
  if (!(read instanceof TransportFailure)) throw new Error(`expected a failure, got the response ${JSON.stringify(read)}`)
  return { kind: read.kind, clientCode: read.clientCode }
}

const domException = (name: string, message: string) => Object.assign(new Error(message), { name, errMsg: message })
/** Taro's H5 request rejects with fetch's error, with its message copied to errMsg. */
const fetchFailure = (message: string) => Object.assign(new TypeError(message), { errMsg: message })

describe('the catalogue names every client code', () => {
  it('has a named code for each of section 8', () => {
    expect(Object.values(CLIENT_CODE).sort((a, b) => a - b)).toEqual([2, 4, 11, 12, 13, 14, 20, 23])
    for (const code of Object.values(CLIENT_CODE)) expect(CLIENT_CODES[code]).toBeDefined()
  })
})

describe('H5: fetch failures', () => {
  it("reads Taro's timeout (it aborts the fetch) as the request timeout", () => {
    for (const message of ['The user aborted a request.', 'signal is aborted without reason', 'The operation was aborted.']) {
      expect(failureOf(requestFailure(domException('AbortError', message), 'h5', true))).toEqual({
        kind: 'timeout',
        clientCode: CLIENT_CODE.TIMEOUT,
      })
    }
  })

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'Network request failed'])(
    'reads %p offline as the network abnormal, online as the server not answering',
    (message) => {
      expect(failureOf(requestFailure(fetchFailure(message), 'h5', false))).toEqual({ kind: 'network', clientCode: CLIENT_CODE.NETWORK_ABNORMAL })
      expect(failureOf(requestFailure(fetchFailure(message), 'h5', true))).toEqual({ kind: 'network', clientCode: CLIENT_CODE.NO_RESPONSE })
      // A browser that cannot say whether it is online: the server did not answer.
      expect(failureOf(requestFailure(fetchFailure(message), 'h5'))).toEqual({ kind: 'network', clientCode: CLIENT_CODE.NO_RESPONSE })
    },
  )

  it('leaves other failures to the transport, by their message', () => {
    expect(failureOf(requestFailure(new Error('request:fail timeout'), 'h5', true))).toEqual({ kind: 'timeout', clientCode: undefined })
    expect(failureOf(requestFailure(new Error('boom'), 'h5', true))).toEqual({ kind: 'network', clientCode: undefined })
    expect(failureOf(requestFailure({ ok: false }, 'h5', true))).toEqual({ kind: 'network', clientCode: undefined })
    expect(failureOf(requestFailure(undefined, 'h5', true))).toEqual({ kind: 'network', clientCode: undefined })
  })

  it('never reads a mini-program field on H5', () => {
    expect(failureOf(requestFailure({ errno: WECHAT_ERRNO.API_TIMEOUT, error: 12, errMsg: 'x' }, 'h5', true)).clientCode).toBeUndefined()
  })
})

describe('WeChat: errno and errMsg', () => {
  it.each([
    [WECHAT_ERRNO.API_TIMEOUT, 'request:fail timeout', CLIENT_CODE.TIMEOUT, 'timeout'],
    [WECHAT_ERRNO.URL_NOT_IN_DOMAIN_LIST, 'request:fail url not in domain list', CLIENT_CODE.DOMAIN_NOT_WHITELISTED, 'network'],
    [WECHAT_ERRNO.INVALID_URL, 'request:fail invalid url', CLIENT_CODE.PARAMETER_ERROR, 'network'],
    [WECHAT_ERRNO.NETWORK_ERROR, 'request:fail', CLIENT_CODE.NETWORK_ABNORMAL, 'network'],
    [WECHAT_ERRNO.NETWORK_FAILED, 'request:fail', CLIENT_CODE.NETWORK_ABNORMAL, 'network'],
  ] as const)('errno %s (%s) is client code %s', (errno, errMsg, clientCode, kind) => {
    expect(failureOf(requestFailure({ errno, errMsg }, 'weapp'))).toEqual({ kind, clientCode })
  })

  it('takes the errno before the message', () => {
    const read = requestFailure({ errno: WECHAT_ERRNO.URL_NOT_IN_DOMAIN_LIST, errMsg: 'request:fail -105:net::ERR_NAME_NOT_RESOLVED' }, 'weapp')
    expect(failureOf(read).clientCode).toBe(CLIENT_CODE.DOMAIN_NOT_WHITELISTED)
  })

  it.each([
    ['request:fail -130:net::ERR_PROXY_CONNECTION_FAILED', CLIENT_CODE.PROXY_FAILURE],
    ['request:fail -111:net::ERR_TUNNEL_CONNECTION_FAILED', CLIENT_CODE.PROXY_FAILURE],
    ['request:fail -7:net::ERR_TIMED_OUT', CLIENT_CODE.TIMEOUT],
    ['request:fail -118:net::ERR_CONNECTION_TIMED_OUT', CLIENT_CODE.TIMEOUT],
    ['request:fail socket time out timed out', CLIENT_CODE.TIMEOUT],
    ['request:fail 请求超时。', CLIENT_CODE.TIMEOUT],
    ['request:fail url not in domain list', CLIENT_CODE.DOMAIN_NOT_WHITELISTED],
    ['request:fail 不在以下 request 合法域名列表中', CLIENT_CODE.DOMAIN_NOT_WHITELISTED],
    ['request:fail -106:net::ERR_INTERNET_DISCONNECTED', CLIENT_CODE.NETWORK_ABNORMAL],
    ['request:fail -21:net::ERR_NETWORK_CHANGED', CLIENT_CODE.NETWORK_ABNORMAL],
    ['request:fail -105:net::ERR_NAME_NOT_RESOLVED', CLIENT_CODE.NETWORK_ABNORMAL],
    ['request:fail -137:net::ERR_NAME_RESOLUTION_FAILED', CLIENT_CODE.NETWORK_ABNORMAL],
    ['request:fail -109:net::ERR_ADDRESS_UNREACHABLE', CLIENT_CODE.NETWORK_ABNORMAL],
    ['request:fail -138:net::ERR_NETWORK_ACCESS_DENIED', CLIENT_CODE.NETWORK_ABNORMAL],
    ['request:fail The Internet connection appears to be offline. (not connected to the internet)', CLIENT_CODE.NETWORK_ABNORMAL],
    ['request:fail 似乎已断开与互联网的连接。', CLIENT_CODE.NETWORK_ABNORMAL],
    ['request:fail -102:net::ERR_CONNECTION_REFUSED', CLIENT_CODE.NO_RESPONSE],
    ['request:fail -101:net::ERR_CONNECTION_RESET', CLIENT_CODE.NO_RESPONSE],
    ['request:fail -100:net::ERR_CONNECTION_CLOSED', CLIENT_CODE.NO_RESPONSE],
    ['request:fail -104:net::ERR_CONNECTION_FAILED', CLIENT_CODE.NO_RESPONSE],
    ['request:fail -324:net::ERR_EMPTY_RESPONSE', CLIENT_CODE.NO_RESPONSE],
    ['request:fail -330:net::ERR_CONTENT_DECODING_FAILED', CLIENT_CODE.DECODE_FAILURE],
    ['request:fail -300:net::ERR_INVALID_URL', CLIENT_CODE.PARAMETER_ERROR],
  ])('without an errno (older base libraries), reads %p', (errMsg, clientCode) => {
    expect(failureOf(requestFailure({ errMsg }, 'weapp')).clientCode).toBe(clientCode)
  })

  it('reads an unknown errno by its message, else leaves it to the transport', () => {
    expect(failureOf(requestFailure({ errno: 602001, errMsg: 'request:fail -102:net::ERR_CONNECTION_REFUSED' }, 'weapp')).clientCode).toBe(
      CLIENT_CODE.NO_RESPONSE,
    )
    expect(failureOf(requestFailure({ errno: 602001, errMsg: 'request:fail request system error' }, 'weapp'))).toEqual({
      kind: 'network',
      clientCode: undefined,
    })
    expect(failureOf(requestFailure({ errno: 600003, errMsg: 'request:fail abort' }, 'weapp'))).toEqual({ kind: 'aborted', clientCode: undefined })
    expect(failureOf(requestFailure({ errMsg: 'request:fail' }, 'weapp'))).toEqual({ kind: 'network', clientCode: undefined })
    expect(failureOf(requestFailure({ errno: 'five', errMsg: 'request:fail' }, 'weapp')).clientCode).toBeUndefined()
  })
})

describe('Alipay: error and errorMessage', () => {
  it.each([
    [ALIPAY_REQUEST_ERROR.PARAMETER, CLIENT_CODE.PARAMETER_ERROR],
    [ALIPAY_REQUEST_ERROR.NO_PERMISSION, CLIENT_CODE.DOMAIN_NOT_PERMITTED],
    [ALIPAY_REQUEST_ERROR.CROSS_DOMAIN, CLIENT_CODE.DOMAIN_NOT_WHITELISTED],
    [ALIPAY_REQUEST_ERROR.NETWORK, CLIENT_CODE.NETWORK_ABNORMAL],
    [ALIPAY_REQUEST_ERROR.TIMEOUT, CLIENT_CODE.TIMEOUT],
    [ALIPAY_REQUEST_ERROR.DECODE, CLIENT_CODE.DECODE_FAILURE],
    [ALIPAY_REQUEST_ERROR.STOPPED, CLIENT_CODE.NO_RESPONSE],
    [ALIPAY_REQUEST_ERROR.PROXY, CLIENT_CODE.PROXY_FAILURE],
  ])('error %s is client code %s', (error, clientCode) => {
    const read = failureOf(requestFailure({ error, errorMessage: '请求失败' }, 'alipay'))
    expect(read).toEqual({ kind: clientCode === CLIENT_CODE.TIMEOUT ? 'timeout' : 'network', clientCode })
  })

  it("gives Alipay's eight request errors the catalogue's own numbers", () => {
    const codes = Object.values(ALIPAY_REQUEST_ERROR).filter((code) => code !== ALIPAY_REQUEST_ERROR.HTTP_STATUS)
    for (const code of codes) expect(failureOf(requestFailure({ error: code }, 'alipay')).clientCode).toBe(code)
  })

  it('hands an HTTP error (19) over as the response it carries', () => {
    const read = requestFailure(
      { error: ALIPAY_REQUEST_ERROR.HTTP_STATUS, errorMessage: 'http status error', status: 401, data: { code: 401, msg: '请登录' }, headers: { 'content-type': 'application/json' } },
      'alipay',
    )
    expect(read).toEqual({ statusCode: 401, data: { code: 401, msg: '请登录' }, header: { 'content-type': 'application/json' } })
    expect(requestFailure({ error: ALIPAY_REQUEST_ERROR.HTTP_STATUS, status: 503, data: 'busy' }, 'alipay')).toEqual({
      statusCode: 503,
      data: 'busy',
      header: {},
    })
  })

  it('reads an HTTP error without a status, and unknown errors, by their message', () => {
    expect(failureOf(requestFailure({ error: ALIPAY_REQUEST_ERROR.HTTP_STATUS, errorMessage: 'http status error' }, 'alipay'))).toEqual({
      kind: 'network',
      clientCode: undefined,
    })
    expect(failureOf(requestFailure({ error: 9, errorMessage: 'request timeout' }, 'alipay'))).toEqual({ kind: 'timeout', clientCode: CLIENT_CODE.TIMEOUT })
    expect(failureOf(requestFailure({ error: 1, errorMessage: 'not implemented' }, 'alipay'))).toEqual({ kind: 'network', clientCode: undefined })
    expect(failureOf(requestFailure({ error: 3, errorMessage: 'abort' }, 'alipay'))).toEqual({ kind: 'aborted', clientCode: undefined })
  })

  it('never hands a response over on another host', () => {
    const httpError = { error: ALIPAY_REQUEST_ERROR.HTTP_STATUS, status: 401, data: {} }
    expect(requestFailure(httpError, 'weapp')).toBeInstanceOf(TransportFailure)
    expect(requestFailure(httpError, 'h5')).toBeInstanceOf(TransportFailure)
  })
})

describe('other builds, uploads and downloads', () => {
  it('gives no client code on a host it does not know', () => {
    expect(failureOf(requestFailure({ error: 13, errno: 5, errMsg: 'request:fail timeout' }, 'tt'))).toEqual({ kind: 'timeout', clientCode: undefined })
    expect(failureOf(requestFailure({ errMsg: 'request:fail' }, undefined))).toEqual({ kind: 'network', clientCode: undefined })
  })

  it.each([
    [{ errMsg: 'uploadFile:fail timeout', errno: 5 }, 'timeout'],
    [{ errMsg: 'uploadFile:fail file not found' }, 'fileError'],
    [{ error: 11, errorMessage: '文件不存在' }, 'fileError'],
    [{ error: 13, errorMessage: '没有权限' }, 'network'],
    [{ errMsg: 'downloadFile:fail abort' }, 'aborted'],
    [new Error('Failed to fetch'), 'network'],
  ])('reads an upload or download failure %p by its message only: %s', (rejection, kind) => {
    const failure = transferFailure(rejection)
    expect(failure.kind).toBe(kind)
    expect(failure.clientCode).toBeUndefined()
  })
})

describe('what the user reads', () => {
  it.each([
    ['an H5 timeout', domException('AbortError', 'The user aborted a request.'), 'h5', 'clientTimeout', MESSAGES.clientTimeout, 13],
    ['H5 offline', fetchFailure('Failed to fetch'), 'h5', 'networkAbnormal', MESSAGES.networkAbnormal, 12],
    ['a WeChat domain off the list', { errno: 600002, errMsg: 'request:fail url not in domain list' }, 'weapp', 'domainNotWhitelisted', MESSAGES.domainNotWhitelisted, 11],
    ['a WeChat proxy', { errMsg: 'request:fail -130:net::ERR_PROXY_CONNECTION_FAILED' }, 'weapp', 'proxyFailure', MESSAGES.proxyFailure, 23],
    ['an Alipay parameter error', { error: 2, errorMessage: '参数错误' }, 'alipay', 'parameterError', MESSAGES.parameterError, 2],
    ['an Alipay permission', { error: 4, errorMessage: '无权调用' }, 'alipay', 'domainNotWhitelisted', MESSAGES.domainNotWhitelisted, 4],
    ['an Alipay undecodable body', { error: 14, errorMessage: '解码失败' }, 'alipay', 'decodeFailure', MESSAGES.decodeFailure, 14],
    ['an Alipay stopped request', { error: 20, errorMessage: '请求已被停止' }, 'alipay', 'noResponse', MESSAGES.noResponse, 20],
    ['an unknown WeChat failure', { errno: 602001, errMsg: 'request:fail request system error' }, 'weapp', 'network', MESSAGES.network, TRANSPORT_CODE.REQUEST_FAILED],
  ] as const)("%s: the catalogue's message, once", async (_label, rejected, host, kind, message, code) => {
    const world = fakeWorld()
    world.respondWith(async () => {
      const read = requestFailure(rejected, host, host === 'h5' ? !(rejected instanceof TypeError) : undefined)
      if (read instanceof TransportFailure) throw read
      return read
    })
    const error = await rejection(world.client.call({ url: '/x' }))
    expect([error.kind, error.message, error.code]).toEqual([kind, message, code])
    expect(world.counts.toast).toEqual([message])
  })

  it("an Alipay 401 is the expired login's dialog, not a network error", async () => {
    const world = fakeWorld()
    world.respondWith(async () => requestFailure({ error: 19, errorMessage: 'http status error', status: 401, data: {} }, 'alipay') as TransportResponse)
    const error = await rejection(world.client.call({ url: '/x' }))
    expect(error.kind).toBe('unauthorized')
    expect(world.counts.alert).toBe(1)
    expect(world.counts.toast).toEqual([])
  })

  it("a client code the catalogue does not list leaves the transport's message", async () => {
    const world = fakeWorld()
    world.respondWith(() => Promise.reject(new TransportFailure('timeout', 'request:fail', 99)))
    const error = await rejection(world.client.call({ url: '/x' }))
    expect([error.kind, error.message, error.code]).toEqual(['timeout', MESSAGES.timeout, TRANSPORT_CODE.REQUEST_FAILED])
  })

  it('an upload failure with a client code reads it too (the transports give uploads none)', async () => {
    const world = fakeWorld()
    world.uploadWith(() => Promise.reject(new TransportFailure('network', 'uploadFile:fail', CLIENT_CODE.NETWORK_ABNORMAL)))
    const error = await rejection(world.client.upload({ url: '/u', filePath: '/x.jpg' }))
    expect([error.kind, error.message]).toEqual(['networkAbnormal', MESSAGES.networkAbnormal])
  })
})
