import type { SessionScope } from '../../../types/api/auth'
import { createRequestClient } from '../../../src/services/request/client'
import { RequestError } from '../../../src/services/request/errors'
import type { PathState } from '../../../src/services/request/client'
import type {
  DownloadResponse,
  RequestUi,
  Session,
  Transport,
  TransportRequest,
  TransportResponse,
  UploadRequest,
} from '../../../src/services/request/transport'

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export const ok = (data: unknown = { code: 200, msg: 'ok', data: null }): TransportResponse => ({ statusCode: 200, data, header: {} })

/** A fake world for the request client: scripted transport, session, UI and clock. */
export function fakeWorld(options: { loggedIn?: boolean; uid?: string; scope?: SessionScope } = {}) {
  const requests: TransportRequest[] = []
  const uploads: UploadRequest[] = []
  let uploadReply: () => Promise<{ statusCode: number; data: string }> = async () => ({ statusCode: 200, data: '{"code":200,"data":{"url":"/f/1"}}' })
  let downloadReply: () => Promise<DownloadResponse> = async () => ({ statusCode: 200, tempFilePath: 'blob:1' })
  let respond: (request: TransportRequest) => Promise<TransportResponse> = () => Promise.resolve(ok())
  let loggedIn = options.loggedIn ?? true
  let uid = options.uid ?? 'u-1'
  let scope: SessionScope = options.scope ?? 'person'
  let login: (requested: SessionScope) => Promise<void> = async (requested) => {
    loggedIn = true
    scope = requested
  }
  const counts = { login: 0, loginScopes: [] as SessionScope[], logout: 0, toast: [] as string[], alert: 0, goToLogin: 0, reload: 0 }
  let alertResult: Promise<void> = Promise.resolve()
  let now = 1_000_000

  const session: Session = {
    token: () => (loggedIn ? 'token-abc' : undefined),
    uid: () => uid,
    isLoggedIn: () => loggedIn,
    isPersonal: () => loggedIn && scope === 'person',
    login: (requested = 'channel') => {
      counts.login++
      counts.loginScopes.push(requested)
      return login(requested)
    },
    logout: () => {
      counts.logout++
      loggedIn = false
    },
  }
  const ui: RequestUi = {
    toast: (message) => void counts.toast.push(message),
    alert: () => {
      counts.alert++
      return alertResult
    },
    goToLogin: () => void counts.goToLogin++,
    reloadPage: () => void counts.reload++,
  }
  const pathState: PathState = { channel: 'CH1', sourceChannel: 'SRC1' }
  let transportLoads = 0
  let loadTransport: () => Promise<Transport> = async () => transport
  const transport: Transport = {
    request: (request) => {
      requests.push(request)
      return respond(request)
    },
    upload: (request) => {
      uploads.push(request)
      return uploadReply()
    },
    download: () => downloadReply(),
  }
  const client = createRequestClient({
    baseUrl: 'https://api.test',
    loadTransport: () => {
      transportLoads++
      return loadTransport()
    },
    session,
    ui,
    clock: { now: () => now },
    pathState,
  })
  return {
    client,
    requests,
    uploads,
    transport,
    /** How often the client asked for its transport. */
    transportLoads: () => transportLoads,
    /** How the transport loads from now on (a chunk that fails to load, say). */
    loadTransportWith(loader: () => Promise<Transport>) {
      loadTransport = loader
    },
    uploadWith(reply: () => Promise<{ statusCode: number; data: string }>) {
      uploadReply = reply
    },
    downloadWith(reply: () => Promise<DownloadResponse>) {
      downloadReply = reply
    },
    counts,
    respondWith(handler: (request: TransportRequest) => Promise<TransportResponse>) {
      respond = handler
    },
    loginWith(handler: (requested: SessionScope) => Promise<void>) {
      login = handler
    },
    alertWith(result: Promise<void>) {
      alertResult = result
    },
    setUid(value: string) {
      uid = value
    },
    setLoggedIn(value: boolean, as: SessionScope = 'person') {
      loggedIn = value
      scope = as
    },
    advance(ms: number) {
      now += ms
    },
  }
}

/** Lets queued promise callbacks run. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve()
}

/** The request error a call rejected with (the test fails when it resolved or threw something else). */
export const rejection = async (promise: Promise<unknown>): Promise<RequestError> => {
  try {
    await promise
  } catch (error) {
    if (error instanceof RequestError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}
