/**
 * Reading a host's network failures. Taro's request, upload and download reject with the host's
 * own fail result; this turns it into the request client's terms: a TransportFailure whose kind
 * comes from the message ("request:fail timeout", "uploadFile:fail file not found", …) and, for a
 * request, the catalogue's client code (section 8) where the failure names one, so the user reads
 * the catalogue's message for it. Uploads and downloads get no client code: the hosts number
 * their failures differently (Alipay's uploadFile 11 is a missing file, 13 a missing permission).
 *
 * - H5 (fetch): Taro aborts a request at its timeout and the app aborts none itself, so an
 *   AbortError is a timeout; a TypeError is fetch's network failure: no network when the browser
 *   says it is offline, else the server did not answer.
 * - WeChat: `errno`, the host's public error code, then the Chromium net error or the words in
 *   `errMsg` (older base libraries send no errno; Android names the net error, iOS says it in words).
 * - Alipay: `error` is the catalogue's own numbering (2, 4, 11, 12, 13, 14, 20, 23), and 19 an HTTP
 *   error status: the result carries the status and body, which are the response, not a failure.
 */
import { CLIENT_CODE } from '../services/request/errors'
import type { ClientCode, TransportFailureKind } from '../services/request/errors'
import { TransportFailure } from '../services/request/transport'
import type { TransportResponse } from '../services/request/transport'

export function failureKind(errMsg: string): TransportFailureKind {
  if (/timeout|timed out|超时/i.test(errMsg)) return 'timeout'
  if (/file (not found|not exist|error)|no such file|permission denied|文件不存在/i.test(errMsg)) return 'fileError'
  if (/abort|cancel/i.test(errMsg)) return 'aborted'
  return 'network'
}

/** Alipay's `error` of a failed my.request: the catalogue's client codes, and its HTTP error. */
export const ALIPAY_REQUEST_ERROR = {
  PARAMETER: 2,
  NO_PERMISSION: 4,
  CROSS_DOMAIN: 11,
  NETWORK: 12,
  TIMEOUT: 13,
  DECODE: 14,
  /** The server answered with an HTTP error status; `status`, `data` and `headers` are in the result. */
  HTTP_STATUS: 19,
  STOPPED: 20,
  PROXY: 23,
} as const

const ALIPAY_CLIENT_CODES: Readonly<Record<number, ClientCode>> = {
  [ALIPAY_REQUEST_ERROR.PARAMETER]: CLIENT_CODE.PARAMETER_ERROR,
  [ALIPAY_REQUEST_ERROR.NO_PERMISSION]: CLIENT_CODE.DOMAIN_NOT_PERMITTED,
  [ALIPAY_REQUEST_ERROR.CROSS_DOMAIN]: CLIENT_CODE.DOMAIN_NOT_WHITELISTED,
  [ALIPAY_REQUEST_ERROR.NETWORK]: CLIENT_CODE.NETWORK_ABNORMAL,
  [ALIPAY_REQUEST_ERROR.TIMEOUT]: CLIENT_CODE.TIMEOUT,
  [ALIPAY_REQUEST_ERROR.DECODE]: CLIENT_CODE.DECODE_FAILURE,
  [ALIPAY_REQUEST_ERROR.STOPPED]: CLIENT_CODE.NO_RESPONSE,
  [ALIPAY_REQUEST_ERROR.PROXY]: CLIENT_CODE.PROXY_FAILURE,
}

/** WeChat's public error codes (errno) of a failed wx.request that the catalogue has words for. */
export const WECHAT_ERRNO = {
  API_TIMEOUT: 5,
  NETWORK_ERROR: 600000,
  NETWORK_FAILED: 600001,
  URL_NOT_IN_DOMAIN_LIST: 600002,
  INVALID_URL: 600009,
} as const

const WECHAT_CLIENT_CODES: Readonly<Record<number, ClientCode>> = {
  [WECHAT_ERRNO.API_TIMEOUT]: CLIENT_CODE.TIMEOUT,
  [WECHAT_ERRNO.URL_NOT_IN_DOMAIN_LIST]: CLIENT_CODE.DOMAIN_NOT_WHITELISTED,
  [WECHAT_ERRNO.INVALID_URL]: CLIENT_CODE.PARAMETER_ERROR,
}

/** WeChat's errnos of a network error in general: the message may say more, else the network is at fault. */
const WECHAT_NETWORK_ERRNOS: ReadonlySet<number> = new Set([WECHAT_ERRNO.NETWORK_ERROR, WECHAT_ERRNO.NETWORK_FAILED])

/**
 * What a mini-program's failure message says, in order: Chromium's net errors (WeChat on Android,
 * "request:fail -105:net::ERR_NAME_NOT_RESOLVED"), the hosts' own words, iOS's system messages.
 */
const MESSAGE_CLIENT_CODES: readonly (readonly [RegExp, ClientCode])[] = [
  [/ERR_\w*(PROXY|TUNNEL)/i, CLIENT_CODE.PROXY_FAILURE],
  [/timeout|timed[ _]out|超时/i, CLIENT_CODE.TIMEOUT],
  [/domain list|合法域名/i, CLIENT_CODE.DOMAIN_NOT_WHITELISTED],
  [
    /ERR_(INTERNET_DISCONNECTED|NETWORK_CHANGED|NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|ADDRESS_UNREACHABLE|NETWORK_ACCESS_DENIED)|not connected to the internet|断开与互联网的连接/i,
    CLIENT_CODE.NETWORK_ABNORMAL,
  ],
  [/ERR_(CONNECTION_REFUSED|CONNECTION_RESET|CONNECTION_CLOSED|CONNECTION_FAILED|EMPTY_RESPONSE)/i, CLIENT_CODE.NO_RESPONSE],
  [/ERR_CONTENT_DECODING_FAILED/i, CLIENT_CODE.DECODE_FAILURE],
  [/ERR_INVALID_URL|invalid url/i, CLIENT_CODE.PARAMETER_ERROR],
]

/** The Taro build a failure comes from (process.env.TARO_ENV). */
export type NetworkHost = string | undefined

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined
}

function numberField(value: unknown, name: string): number | undefined {
  const found = field(value, name)
  return typeof found === 'number' && Number.isFinite(found) ? found : undefined
}

/** The words of a fail result: WeChat's errMsg, Alipay's errorMessage, an Error's message. */
function messageOf(rejection: unknown): string {
  for (const name of ['errMsg', 'errorMessage', 'message']) {
    const found = field(rejection, name)
    if (typeof found === 'string' && found !== '') return found
  }
  return String(rejection)
}

function messageClientCode(message: string): ClientCode | undefined {
  return MESSAGE_CLIENT_CODES.find(([pattern]) => pattern.test(message))?.[1]
}

/** fetch's own failures on H5, by the error's name: Taro's timeout abort, and the network's failure. */
function h5ClientCode(rejection: unknown, online: boolean | undefined): ClientCode | undefined {
  const name = field(rejection, 'name')
  if (name === 'AbortError') return CLIENT_CODE.TIMEOUT
  if (name === 'TypeError') return online === false ? CLIENT_CODE.NETWORK_ABNORMAL : CLIENT_CODE.NO_RESPONSE
  return undefined
}

function wechatClientCode(rejection: unknown, message: string): ClientCode | undefined {
  const errno = numberField(rejection, 'errno')
  const coded = errno === undefined ? undefined : WECHAT_CLIENT_CODES[errno]
  if (coded !== undefined) return coded
  const said = messageClientCode(message)
  if (said !== undefined) return said
  return errno !== undefined && WECHAT_NETWORK_ERRNOS.has(errno) ? CLIENT_CODE.NETWORK_ABNORMAL : undefined
}

function alipayClientCode(rejection: unknown, message: string): ClientCode | undefined {
  const error = numberField(rejection, 'error')
  return (error === undefined ? undefined : ALIPAY_CLIENT_CODES[error]) ?? messageClientCode(message)
}

/** Alipay's HTTP error result, as the response it is. */
function alipayHttpResponse(rejection: unknown): TransportResponse | undefined {
  const status = numberField(rejection, 'status')
  if (numberField(rejection, 'error') !== ALIPAY_REQUEST_ERROR.HTTP_STATUS || status === undefined) return undefined
  const headers = field(rejection, 'headers')
  return {
    statusCode: status,
    data: field(rejection, 'data'),
    header: typeof headers === 'object' && headers !== null ? (headers as Record<string, string>) : {},
  }
}

function requestClientCode(rejection: unknown, host: NetworkHost, message: string, online: boolean | undefined): ClientCode | undefined {
  switch (host) {
    case 'h5':
      return h5ClientCode(rejection, online)
    case 'weapp':
      return wechatClientCode(rejection, message)
    case 'alipay':
      return alipayClientCode(rejection, message)
    default:
      return undefined
  }
}

/**
 * A failed request's rejection read: the response it carries (Alipay's HTTP error), or the
 * failure with the catalogue's client code where the host named one. `online` is the browser's
 * word on H5 (navigator.onLine).
 */
export function requestFailure(rejection: unknown, host: NetworkHost, online?: boolean): TransportResponse | TransportFailure {
  const response = host === 'alipay' ? alipayHttpResponse(rejection) : undefined
  if (response) return response
  const message = messageOf(rejection)
  const clientCode = requestClientCode(rejection, host, message, online)
  const kind = clientCode === CLIENT_CODE.TIMEOUT ? 'timeout' : failureKind(message)
  return new TransportFailure(kind, message, clientCode)
}

/** A failed upload's or download's rejection read: the transport's kind, by its message. */
export function transferFailure(rejection: unknown): TransportFailure {
  const message = messageOf(rejection)
  return new TransportFailure(failureKind(message), message)
}
