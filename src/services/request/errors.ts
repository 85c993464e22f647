/**
 * The error catalogue of section 8: every failure of a call is a RequestError value with a kind
 * from this catalogue and the Chinese message the user sees.
 */
import { SERVER_BUSY_MESSAGE } from '../../../types/api/envelope'

export type RequestErrorKind =
  | 'unauthorized'
  | 'notFound'
  | 'badRequest'
  | 'serverError'
  | 'proxyFailure'
  | 'noResponse'
  | 'decodeFailure'
  | 'clientTimeout'
  | 'networkAbnormal'
  | 'domainNotWhitelisted'
  | 'parameterError'
  | 'business'
  | 'timeout'
  | 'aborted'
  | 'network'
  | 'fileError'
  | 'loginRequired'
  | 'silentLoginFailed'

export const MESSAGES = {
  unauthorized: '登录信息已过期，请重新登录',
  relogin: '重新登录',
  notFound: '无效的请求，请求地址不存在',
  badRequest: '无效的请求',
  serverBusy: SERVER_BUSY_MESSAGE,
  proxyFailure: '网络代理异常，请稍后重试',
  noResponse: '服务器无响应，请稍后重试',
  decodeFailure: '数据解析失败，请稍后重试',
  clientTimeout: '请求超时，请稍后重试',
  networkAbnormal: '网络异常，请切换网络后重试',
  domainNotWhitelisted: '请求域名未在白名单中',
  parameterError: '请求参数错误，请联系客服',
  unknown: '未知错误',
  timeout: '请求超时',
  aborted: '请求已取消',
  network: '网络错误，请检查网络后重试',
  fileError: '文件错误',
  loginRequired: '请先登录',
  silentLoginFailed: '静默登录失败',
  realDevice: '请使用真机',
  jumping: '正在跳转',
  notAnObject: 'Target must be an object',
} as const

/** Transport codes: a timeout and a network error of a request (5), upload/download failure, abort. */
export const TRANSPORT_CODE = { REQUEST_FAILED: 5, ABORTED: 600003, TRANSFER_FAILED: 602001 } as const

/**
 * The client codes of section 8: a host's network failures in the catalogue's terms. The platform
 * adapters translate their host's failures (H5 fetch errors, the mini-programs' fail results) into
 * these; see src/platform/taro-failure.ts.
 */
export const CLIENT_CODE = {
  PROXY_FAILURE: 23,
  NO_RESPONSE: 20,
  DECODE_FAILURE: 14,
  TIMEOUT: 13,
  NETWORK_ABNORMAL: 12,
  /** "4 and 11 domain not whitelisted": 4 is the host refusing the call, 11 the domain itself. */
  DOMAIN_NOT_PERMITTED: 4,
  DOMAIN_NOT_WHITELISTED: 11,
  PARAMETER_ERROR: 2,
} as const

export type ClientCode = (typeof CLIENT_CODE)[keyof typeof CLIENT_CODE]

/** The client code of a body that could not be decoded; the client reports it for a non-JSON answer too. */
export const DECODE_FAILURE_CLIENT_CODE = CLIENT_CODE.DECODE_FAILURE

/** Client codes a host's network bridge reports; codes not listed here are treated as success. */
export const CLIENT_CODES: Readonly<Record<number, { kind: RequestErrorKind; message: string }>> = {
  [CLIENT_CODE.PROXY_FAILURE]: { kind: 'proxyFailure', message: MESSAGES.proxyFailure },
  [CLIENT_CODE.NO_RESPONSE]: { kind: 'noResponse', message: MESSAGES.noResponse },
  [CLIENT_CODE.DECODE_FAILURE]: { kind: 'decodeFailure', message: MESSAGES.decodeFailure },
  [CLIENT_CODE.TIMEOUT]: { kind: 'clientTimeout', message: MESSAGES.clientTimeout },
  [CLIENT_CODE.NETWORK_ABNORMAL]: { kind: 'networkAbnormal', message: MESSAGES.networkAbnormal },
  [CLIENT_CODE.DOMAIN_NOT_PERMITTED]: { kind: 'domainNotWhitelisted', message: MESSAGES.domainNotWhitelisted },
  [CLIENT_CODE.DOMAIN_NOT_WHITELISTED]: { kind: 'domainNotWhitelisted', message: MESSAGES.domainNotWhitelisted },
  [CLIENT_CODE.PARAMETER_ERROR]: { kind: 'parameterError', message: MESSAGES.parameterError },
}

export class RequestError extends Error {
  override readonly name = 'RequestError'

  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    /** HTTP status, client code, business code or transport code, where there is one. */
    readonly code?: number,
    /** The response body, for business errors. */
    readonly body?: unknown,
  ) {
    super(message)
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError
}

/** The server's message in a body: msg, message or codeData.message. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const record = body as { msg?: unknown; message?: unknown; codeData?: { message?: unknown } | null }
  const candidates = [record.msg, record.message, record.codeData?.message]
  return candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '')
}

/** The error for an HTTP status of 400 or more (401 is handled by the login flow). */
export function httpError(status: number, body: unknown): RequestError {
  const message = serverMessage(body)
  if (status === 401) return new RequestError('unauthorized', MESSAGES.unauthorized, status)
  if (status === 404) return new RequestError('notFound', MESSAGES.notFound, status)
  if (status === 400) {
    return new RequestError('badRequest', message ? `${MESSAGES.badRequest}：${message}` : MESSAGES.badRequest, status)
  }
  return new RequestError('serverError', message ?? MESSAGES.serverBusy, status)
}

export function clientCodeError(code: number): RequestError | undefined {
  const entry = CLIENT_CODES[code]
  return entry ? new RequestError(entry.kind, entry.message, code) : undefined
}

export type TransportFailureKind = 'timeout' | 'aborted' | 'network' | 'fileError'

/** The error for a call that never produced a response. */
export function transportError(kind: TransportFailureKind, transfer: boolean): RequestError {
  switch (kind) {
    case 'timeout':
      return new RequestError('timeout', MESSAGES.timeout, TRANSPORT_CODE.REQUEST_FAILED)
    case 'aborted':
      return new RequestError('aborted', MESSAGES.aborted, TRANSPORT_CODE.ABORTED)
    case 'fileError':
      return new RequestError('fileError', MESSAGES.fileError)
    case 'network':
      return new RequestError(
        'network',
        MESSAGES.network,
        transfer ? TRANSPORT_CODE.TRANSFER_FAILED : TRANSPORT_CODE.REQUEST_FAILED,
      )
  }
}
