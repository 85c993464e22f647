/**
 * The response envelope `{ code, msg, data }` of every JSON answer, and ApiError: a failure with a
 * kind that the error handler turns into the right HTTP status and envelope.
 *
 * - Success: HTTP 200, code 200 (`ok(data)`).
 * - Business failure (wrong code, plate taken, ...): HTTP 200, a business code, a Chinese msg
 *   (`fail(code, msg)` returned, or `throw ApiError.business(code, msg)` from a route; the rules'
 *   own modules throw `DomainError`s, server/domain-error.ts, which the error handler maps).
 * - Malformed input: HTTP 400, code 400; missing or expired login: 401; a channel-level session
 *   on a call that needs a person: 403; unknown path or another user's resource: 404
 *   (`ApiError.badRequest` / `unauthorized` / `personRequired` / `notFound`).
 */
import { BUSINESS_CODE, SERVER_BUSY_MESSAGE } from '../../types/api/envelope'
import type { BusinessCode, Envelope } from '../../types/api/envelope'

/** Transport-level answers whose HTTP status is their code. */
export const HTTP_ONLY_CODE = {
  PAYLOAD_TOO_LARGE: BUSINESS_CODE.PAYLOAD_TOO_LARGE,
  UNSUPPORTED_MEDIA_TYPE: BUSINESS_CODE.UNSUPPORTED_MEDIA_TYPE,
} as const
export type EnvelopeCode = BusinessCode

/** Messages of the transport-level answers (the client's error catalogue shows its own for 401/404). */
export const HTTP_MESSAGE = {
  ok: '成功',
  badRequest: '请求格式不正确',
  invalidJson: '请求体不是有效的JSON',
  loginRequired: '请先登录',
  loginExpired: '登录信息已过期，请重新登录',
  personRequired: '请先验证手机号后再办理',
  notFound: '无效的请求，请求地址不存在',
  tooManyRequests: '请求过于频繁，请稍后再试',
  payloadTooLarge: '请求内容过大',
  unsupportedMediaType: '不支持的请求内容类型',
  serverBusy: SERVER_BUSY_MESSAGE,
} as const

export function ok<T>(data: T): Envelope<T> {
  return { code: BUSINESS_CODE.OK, msg: HTTP_MESSAGE.ok, data }
}

/** A business failure answered with HTTP 200. */
export function fail(code: BusinessCode, msg: string): Envelope<null> {
  return { code, msg, data: null }
}

export type ApiErrorKind = 'badRequest' | 'unauthorized' | 'personRequired' | 'notFound' | 'tooManyRequests' | 'busy' | 'business'

const STATUS: Readonly<Record<ApiErrorKind, number>> = {
  badRequest: 400,
  unauthorized: 401,
  personRequired: 403,
  notFound: 404,
  tooManyRequests: 429,
  busy: 503,
  business: 200,
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly statusCode: number

  private constructor(
    readonly kind: ApiErrorKind,
    readonly code: EnvelopeCode,
    message: string,
  ) {
    super(message)
    this.statusCode = STATUS[kind]
  }

  static badRequest(msg: string): ApiError {
    return new ApiError('badRequest', BUSINESS_CODE.BAD_REQUEST, msg)
  }

  static unauthorized(msg: string = HTTP_MESSAGE.loginExpired): ApiError {
    return new ApiError('unauthorized', BUSINESS_CODE.UNAUTHORIZED, msg)
  }

  /** A channel-level session (the promoter login) on a call that needs the person's own identity. */
  static personRequired(msg: string = HTTP_MESSAGE.personRequired): ApiError {
    return new ApiError('personRequired', BUSINESS_CODE.PERSON_REQUIRED, msg)
  }

  /** Unknown, or not the caller's: both answer alike so ids cannot be probed. */
  static notFound(msg: string = HTTP_MESSAGE.notFound): ApiError {
    return new ApiError('notFound', BUSINESS_CODE.NOT_FOUND, msg)
  }

  static tooManyRequests(msg: string = HTTP_MESSAGE.tooManyRequests): ApiError {
    return new ApiError('tooManyRequests', BUSINESS_CODE.TOO_MANY_REQUESTS, msg)
  }

  /** The process sheds load (server/http/load-shedding.ts): try again shortly. */
  static busy(msg: string = HTTP_MESSAGE.serverBusy): ApiError {
    return new ApiError('busy', BUSINESS_CODE.SERVER_ERROR, msg)
  }

  /** HTTP 200 with a business code: the same answer as returning `fail(code, msg)`. */
  static business(code: BusinessCode, msg: string): ApiError {
    return new ApiError('business', code, msg)
  }

  envelope(): Envelope<null> {
    return { code: this.code, msg: this.message, data: null }
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
