/**
 * The app's real composition (createAppServices) over a fake outside world: a scripted
 * transport, in-memory storage, a recording request UI and a controllable clock. Navigation goes
 * to the host given (a fake, or Taro's in page tests).
 */
import { CHANNELS } from '../../src/config/channel'
import type { ChannelProfile } from '../../src/config/channel'
import { createAppServices } from '../../src/app/create-app-services'
import type { AppEnvironment } from '../../src/app/create-app-services'
import type { BuildTarget } from '../../src/platform/authorization'
import type { LaunchParams } from '../../src/platform/launch-params'
import type { NavigationHost } from '../../src/platform/navigator'
import type { RequestUi, Transport, TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { API } from '../../types/api/paths'
import type { TrackingVisit, TrackingVisitRequest } from '../../types/api/tracking'

export const TEST_BASE_URL = 'https://app.test'
export const TEST_KEY_HEX = 'c'.repeat(64)

export interface TestWorldOptions {
  channel?: ChannelProfile
  target?: BuildTarget
  launchParams?: LaunchParams
  navigationHost: NavigationHost
  /** Answers each request; by default a visit for a tracking visit, an empty success envelope for the rest. */
  respond?: (request: TransportRequest) => Promise<TransportResponse>
  authorization?: AppEnvironment['authorization']
  /** The device's storage: share one between worlds to simulate a reload. */
  raw?: Map<string, string>
  /** The request layer's UI; by default one that records (`ui`) and changes no page. */
  requestUi?: AppEnvironment['requestUi']
  /** A landing page's call to action tapped on index.html's copy before the app came. */
  earlyLandingTap?: AppEnvironment['earlyLandingTap']
}

export const envelope = (data: unknown, code = 200): TransportResponse => ({ statusCode: 200, data: { code, msg: 'ok', data }, header: {} })

export const isTrackingVisitCall = (request: TransportRequest): boolean => request.url.endsWith(API.trackingVisit.path)

/** The server's tracking visit, faked: a visitor id per trackuid (its digits), a token naming what it binds. */
export function trackingVisitOf(request: TransportRequest): TrackingVisit {
  const { trackuid, device_info, bd_vid } = JSON.parse(request.body ?? '{}') as TrackingVisitRequest
  return { uid: `V${trackuid.slice(1)}`, visit_token: `visit:${device_info}:${bd_vid ?? ''}`, expires_at: Number.MAX_SAFE_INTEGER }
}

export function testWorld(options: TestWorldOptions) {
  const requests: TransportRequest[] = []
  const raw = options.raw ?? new Map<string, string>()
  const ui = { toasts: [] as string[], alerts: 0, logins: 0, reloads: 0 }
  let now = 1_800_000_000_000
  let respond = options.respond ?? (async (request: TransportRequest) => envelope(isTrackingVisitCall(request) ? trackingVisitOf(request) : null))
  const timers = new Map<number, { at: number; callback: () => void }>()
  let nextTimer = 1

  // A test replaces the transport's calls (an upload's answer) on `env.transport`.
  const transport: Transport = {
    request: (request) => {
      requests.push(request)
      return respond(request)
    },
    upload: () => Promise.reject(new Error('no uploads in this test')),
    download: () => Promise.reject(new Error('no downloads in this test')),
  }
  const env: AppEnvironment & { readonly transport: Transport } = {
    target: options.target ?? 'h5',
    channel: options.channel ?? CHANNELS.bank,
    baseUrl: TEST_BASE_URL,
    storageKeyHex: TEST_KEY_HEX,
    transport,
    loadTransport: async () => transport,
    storage: {
      getString: (key) => raw.get(key),
      setString: (key, value) => void raw.set(key, value),
      remove: (key) => void raw.delete(key),
    },
    navigationHost: options.navigationHost,
    authorization: options.authorization ?? {
      login: () => Promise.reject(new Error('no host login in this test')),
      queryParam: () => undefined,
    },
    requestUi: options.requestUi ?? ((): RequestUi => ({
      toast: (message) => void ui.toasts.push(message),
      alert: async () => void (ui.alerts += 1),
      goToLogin: () => void (ui.logins += 1),
      reloadPage: () => void (ui.reloads += 1),
    })),
    now: () => now,
    timers: {
      setTimeout: (callback, ms) => {
        const id = nextTimer++
        timers.set(id, { at: now + ms, callback })
        return id
      },
      clearTimeout: (handle) => void timers.delete(handle as number),
    },
    deviceInfo: 'test-device',
    launchParams: options.launchParams ?? {},
    earlyLandingTap: options.earlyLandingTap,
  }
  const services = createAppServices(env)
  return {
    services,
    env,
    requests,
    raw,
    ui,
    respondWith(handler: (request: TransportRequest) => Promise<TransportResponse>) {
      respond = handler
    },
    /** Moves the clock on, running the timers that fall due. */
    advance(ms: number) {
      now += ms
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue
        timers.delete(id)
        timer.callback()
      }
    },
  }
}
