/**
 * The response envelope every JSON call answers with, and the business codes it carries.
 * Transport problems use HTTP status codes the client's error catalogue understands (401 missing
 * or expired token, 400 malformed request with a message, 404 unknown path); business outcomes
 * answer HTTP 200 with a code other than OK and a Chinese `msg`.
 */
export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

/** Business codes of the envelope. OK is the spec's 200; the others are this backend's own. */
export const BUSINESS_CODE = {
  OK: 200,
  /** Malformed request (also the HTTP status of such a response). */
  BAD_REQUEST: 400,
  /** Not logged in or the token expired (also the HTTP status). */
  UNAUTHORIZED: 401,
  /**
   * The call needs the person's own identity but the session is the channel's promoter login
   * (also the HTTP status).
   */
  PERSON_REQUIRED: 403,
  /** A resource that does not exist or is not the caller's. */
  NOT_FOUND: 404,
  /** The body is larger than the server takes (also the HTTP status). */
  PAYLOAD_TOO_LARGE: 413,
  /** The body's content type is not JSON, form-encoded or multipart (also the HTTP status). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many requests in a short time. */
  TOO_MANY_REQUESTS: 429,
  /** Anything unexpected; the message is the catalogue's "server busy". */
  SERVER_ERROR: 500,
  /** Login failed: wrong account, password, code or authorisation. */
  LOGIN_FAILED: 1001,
  /** SMS code: sent less than the wait ago, expired, wrong or voided after too many tries. */
  SMS_REJECTED: 1002,
  /** The plate already has an ETC device or an open order elsewhere. */
  PLATE_TAKEN: 2001,
  /** The plate or channel is intercepted: no new application. */
  INTERCEPTED: 2002,
  /** The action is not allowed in the order's current status. */
  ACTION_NOT_ALLOWED: 2003,
  /** The apply payload or a sealed parameter could not be opened or is incomplete. */
  INVALID_PAYLOAD: 2004,
  /** An uploaded file is too large or not a JPEG, PNG or WebP image. */
  INVALID_FILE: 2005,
  /** An issuer agreement was accepted in a version the operator has since replaced. */
  AGREEMENT_OUTDATED: 2006,
  /** Payment could not start or failed. */
  PAYMENT_FAILED: 3001,
  /** The feature is switched off (SMS test calls outside the simulator, new applies closed). */
  UNAVAILABLE: 5003,
} as const
export type BusinessCode = (typeof BUSINESS_CODE)[keyof typeof BUSINESS_CODE]

/** What an unexpected server failure says: the server answers it, the client shows it for a bare 500. */
export const SERVER_BUSY_MESSAGE = '服务器繁忙，请稍后重试'

/** A page of results. */
export interface Page<T> {
  list: T[]
  total: number
  pageNo: number
  pageSize: number
}
