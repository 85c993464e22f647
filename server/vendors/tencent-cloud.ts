/**
 * What Tencent Cloud's API 3.0 adapters share (SMS: server/auth/tencent-sms.ts, OCR:
 * server/recognition/tencent-ocr.ts): the client profile their official SDKs sign every call with
 * (TC3-HMAC-SHA256), and reading what such an SDK throws.
 */
import { SECOND_MS } from '../../src/domain/constants'

/** How one service's client reaches Tencent. */
export interface TencentConnection {
  /** The API key pair (CAM) the calls are signed with. */
  readonly secretId: string
  readonly secretKey: string
  readonly region: string
  /**
   * Tencent's API host. The SDK signs for the service its first label names, so it must be the
   * service's own host: a stand-in is reached through `proxy`, not by its address here.
   */
  readonly endpoint: string
  /** 'https:' unless a local stand-in speaks plain HTTP. */
  readonly protocol?: 'https:' | 'http:'
  /** An HTTP proxy the calls tunnel through (CONNECT); the SDK falls back to $http_proxy without it. */
  readonly proxy?: string
  readonly timeoutMs: number
}

/** What an adapter's settings say of its connection; the adapter gives the defaults. */
export interface TencentConnectionSettings {
  /** The API key pair (CAM) the calls are signed with. */
  readonly secretId: string
  readonly secretKey: string
  /** The API region; the adapter's default when absent. */
  readonly region?: string
  /** Tencent's API host (see TencentConnection); the service's own host when absent. */
  readonly endpoint?: string
  /** 'https:' unless a local stand-in speaks plain HTTP. */
  readonly protocol?: 'https:' | 'http:'
  /** An HTTP proxy the calls tunnel through (CONNECT); the SDK falls back to $http_proxy without it. */
  readonly proxy?: string
  /** How long one call may take before the service counts as unavailable; the adapter's default when absent. */
  readonly timeoutMs?: number
}

/** The connection of `settings`, with the adapter's defaults for what they leave out, checked for `service`. */
export function tencentConnection(
  service: string,
  settings: TencentConnectionSettings,
  defaults: Pick<TencentConnection, 'region' | 'endpoint' | 'timeoutMs'>,
): TencentConnection {
  const connection: TencentConnection = {
    secretId: settings.secretId,
    secretKey: settings.secretKey,
    region: settings.region ?? defaults.region,
    endpoint: settings.endpoint ?? defaults.endpoint,
    protocol: settings.protocol,
    proxy: settings.proxy,
    timeoutMs: settings.timeoutMs ?? defaults.timeoutMs,
  }
  checkTencentConnection(service, connection)
  return connection
}

/** The client configuration of Tencent's SDKs (`new <service>.<version>.Client(…)`). */
export function tencentClientConfig(connection: TencentConnection) {
  return {
    credential: { secretId: connection.secretId, secretKey: connection.secretKey },
    region: connection.region,
    profile: {
      signMethod: 'TC3-HMAC-SHA256' as const,
      httpProfile: {
        endpoint: connection.endpoint,
        protocol: `${connection.protocol ?? 'https:'}//`,
        reqTimeout: connection.timeoutMs / SECOND_MS,
        ...(connection.proxy ? { proxy: connection.proxy } : {}),
      },
    },
  }
}

/** Refuses an endpoint the SDK would sign for another service, and a timeout that is not positive. */
function checkTencentConnection(service: string, connection: Pick<TencentConnection, 'endpoint' | 'timeoutMs'>): void {
  const prefix = `${service.toLowerCase()}.`
  if (!connection.endpoint.startsWith(prefix)) throw new Error(`the Tencent ${service} endpoint must be an ${prefix}… host (the SDK signs for its first label): ${connection.endpoint}`)
  if (!(connection.timeoutMs > 0)) throw new Error(`the Tencent ${service} timeout must be positive: ${connection.timeoutMs}`)
}

/** What an SDK call that threw came to. */
export interface TencentFailure {
  /** Tencent's Error.Code, when Tencent answered one. */
  readonly code: string | undefined
  /** The code for a log line: Tencent's, or HTTP_<status>, TIMEOUT or NETWORK_ERROR when no answer came or could be read. */
  readonly providerCode: string
  readonly message: string
  readonly requestId: string | undefined
}

/** What the SDK throws, as far as it is read here (every field is checked before use). */
interface SdkFailure {
  readonly code?: unknown
  readonly message?: unknown
  readonly requestId?: unknown
  /** The HTTP status of an answer that was not 200. */
  readonly httpCode?: unknown
}

/** node-fetch's message for a call that ran out of time (the SDK keeps only the message). */
const TIMEOUT_MESSAGE = /\btimeout\b/i

export function readTencentFailure(error: unknown): TencentFailure {
  const failure: SdkFailure = typeof error === 'object' && error !== null ? error : {}
  const message = typeof failure.message === 'string' ? failure.message : String(error)
  const requestId = typeof failure.requestId === 'string' ? failure.requestId : undefined
  const code = typeof failure.code === 'string' && failure.code ? failure.code : undefined
  const providerCode = code ?? (typeof failure.httpCode === 'number' ? `HTTP_${failure.httpCode}` : TIMEOUT_MESSAGE.test(message) ? 'TIMEOUT' : 'NETWORK_ERROR')
  return { code, providerCode, message, requestId }
}

/** " [RequestId …]" for a message, when Tencent gave one. */
export function requestNote(requestId: string | undefined): string {
  return requestId ? ` [RequestId ${requestId}]` : ''
}
