/**
 * What the request client needs from the outside world, as small interfaces: Taro's network
 * calls, the session, the user interface and a clock. Tests hand in fakes.
 */
import type { SessionScope } from '../../../types/api/auth'
import type { TransportFailureKind } from './errors'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS'

export interface TransportRequest {
  url: string
  method: Method
  header: Record<string, string>
  /** A JSON string, a form-encoded string, or nothing. */
  body?: string
  timeoutMs: number
}

export interface TransportResponse {
  statusCode: number
  data: unknown
  header: Record<string, string>
}

/** Thrown (rejected) by a transport when no response arrived. */
export class TransportFailure extends Error {
  override readonly name = 'TransportFailure'

  constructor(
    readonly kind: TransportFailureKind,
    message: string,
    /**
     * The host's failure as a client code of the catalogue (CLIENT_CODE), where the host named
     * one: the user then reads the catalogue's message for it rather than the transport's.
     */
    readonly clientCode?: number,
  ) {
    super(message)
  }
}

export interface UploadRequest {
  url: string
  header: Record<string, string>
  /** Local path of the file to send (a temp file from the camera or album). */
  filePath: string
  /** Form field name of the file. */
  name: string
  formData: Record<string, string>
  timeoutMs: number
  /** Told how much of the file has gone out, in percent, as the upload goes. */
  onProgress?: (percent: number) => void
}

export interface DownloadResponse {
  statusCode: number
  /** Local temp path (mini-programs) or blob URL (H5) of the downloaded file. */
  tempFilePath: string
}

export interface Transport {
  request(request: TransportRequest): Promise<TransportResponse>
  /** A multipart POST; the response body arrives as text. */
  upload(request: UploadRequest): Promise<{ statusCode: number; data: string }>
  download(request: { url: string; header: Record<string, string>; timeoutMs: number }): Promise<DownloadResponse>
}

export interface Session {
  token(): string | undefined
  uid(): string | undefined
  /** Any valid session: the channel's promoter login is enough for channel-level calls. */
  isLoggedIn(): boolean
  /** A valid session of the person's own (not the channel's promoter login). */
  isPersonal(): boolean
  /**
   * Logs in silently by the channel's methods; for 'person' only by those that prove a person
   * (page token, remembered phone, platform authorisation). Rejects when none works. One login at
   * a time: a call while one is in flight joins or waits for it (see login-flight).
   */
  login(scope?: SessionScope): Promise<void>
  logout(): void
}

export interface RequestUi {
  toast(message: string): void
  /** Shows a one-button dialog; resolves when the user confirms. */
  alert(dialog: { title: string; confirmText: string }): Promise<void>
  /** A login the person did not ask for failed: the login page, unless this page already sent them there. */
  goToLogin(): void
  reloadPage(): void
}

export interface Clock {
  now(): number
}
