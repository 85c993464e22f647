/**
 * The composition root: the one place that builds the app's services and wires them together —
 * encrypted storage, request client, API functions, RootStore, navigator, tracker and UI. It lives
 * above every layer (it may import all of them and nothing imports it but src/app.tsx), and it
 * takes the outside world as an AppEnvironment, so the wiring runs under jest with fakes;
 * ./taro-environment.ts binds the environment to Taro.
 */
import { PERSISTED_STATE_PREFIX } from '../domain/constants'
import { loginMethodsOn } from '../config/channel'
import type { ChannelProfile } from '../config/channel'
import { LANDINGS, LANDING_APPLY_TARGET } from '../config/landings'
import type { LandingRoute } from '../config/landings'
import { trackedPage } from '../config/routes'
import { PAGE_TOKEN_PARAM, createAuthorization } from '../platform/authorization'
import type { AuthProvider, AuthorizationDeps, BuildTarget } from '../platform/authorization'
import type { LaunchParams } from '../platform/launch-params'
import { createNavigator } from '../platform/navigator'
import type { NavigationHost, Navigator } from '../platform/navigator'
import { createSecureStorage } from '../platform/secure-storage'
import type { StringStorage } from '../platform/secure-storage'
import { createTrackUid } from '../platform/tracking-uid'
import { createUiService } from '../platform/ui-service'
import type { UiService } from '../platform/ui-service'
import { createApi } from './create-api'
import type { Api } from './create-api'
import { platformRandomBytes } from '../services/crypto/sealed-box'
import type { RandomBytes } from '../services/crypto/sealed-box'
import { createRequestClient } from '../services/request/client'
import type { RequestUi, Session, Transport } from '../services/request/transport'
import { createTracker } from '../services/tracking/tracker'
import type { Tracker } from '../services/tracking/tracker'
import { createVisitSend } from '../services/tracking/visit'
import { createRootStore } from './root-store'
import type { RootStore } from './root-store'

/** The `app` field of every tracking batch. */
export const TRACKING_APP_NAME = 'etc-apply'

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Everything the app takes from its host. */
export interface AppEnvironment {
  readonly target: BuildTarget
  readonly channel: ChannelProfile
  /** Prefix of every API path (see src/config/api-base.ts). */
  readonly baseUrl: string
  /** Encrypted storage's key, 64 hex characters (src/config/keys.ts). */
  readonly storageKeyHex: string
  /** The host's network calls, loaded with the first call that needs them (see RequestClientDeps). */
  readonly loadTransport: () => Promise<Transport>
  readonly storage: StringStorage
  readonly navigationHost: NavigationHost
  readonly authorization: AuthorizationDeps
  /**
   * The request layer's toasts and dialog, the UI service's (./taro-environment.ts; a test records
   * them); its page changes go through the navigator.
   */
  requestUi(navigator: Navigator, ui: UiService): RequestUi
  now(): number
  readonly timers: Timers
  /** Tracking's device_info. */
  readonly deviceInfo: string
  /** The parameters the app was opened with (login token, click id). */
  readonly launchParams: LaunchParams
  /**
   * The landing page whose call to action was tapped on index.html's copy before the app came
   * (H5: platform/h5/early-landing-tap.ts); the app opened on the plate page it led to.
   */
  readonly earlyLandingTap?: LandingRoute
  /** Secure random bytes for encryption; the platform's own by default. */
  readonly randomBytes?: RandomBytes
}

export interface AppServices {
  readonly store: RootStore
  readonly api: Api
  readonly navigator: Navigator
  readonly tracker: Tracker
  readonly ui: UiService
}

/** Where the map channel's "host authorisation" comes from in each build. */
const HOST_AUTH_PROVIDER: Readonly<Record<BuildTarget, AuthProvider>> = { h5: 'map', weapp: 'wechat', alipay: 'alipay' }

/** A session that forwards to the user store, which can only be made once the client exists. */
function forwardedSession(target: () => Session): Session {
  return {
    token: () => target().token(),
    uid: () => target().uid(),
    isLoggedIn: () => target().isLoggedIn(),
    isPersonal: () => target().isPersonal(),
    login: (scope) => target().login(scope),
    logout: () => target().logout(),
  }
}

/** Trace ids that tell batches apart in the log sink; unique per app run, not secret. */
function traceIds(now: () => number): () => string {
  const run = Math.random().toString(36).slice(2, 10)
  let sequence = 0
  return () => `${run}-${now().toString(36)}-${(sequence += 1)}`
}

export function createAppServices(env: AppEnvironment): AppServices {
  const { channel } = env
  // Client and user store need each other: the client asks the user store (its Session) for the
  // token and to log in, the user store logs in through API functions over the client.
  const late: { store?: RootStore } = {}
  const built = (): RootStore => {
    if (!late.store) throw new Error('The stores were used before the app services were built')
    return late.store
  }
  const session = forwardedSession(() => built().user)
  const navigator = createNavigator(env.navigationHost, () => built().promotion.clickId)
  const ui = createUiService(env.navigationHost)
  const client = createRequestClient({
    baseUrl: env.baseUrl,
    loadTransport: env.loadTransport,
    session,
    ui: env.requestUi(navigator, ui),
    clock: { now: env.now },
    pathState: { channel: channel.channelId, sourceChannel: channel.sourceChannel },
  })
  const api = createApi(client, channel, {
    now: env.now,
    target: env.target,
  })
  const storage = createSecureStorage({
    backend: env.storage,
    keyHex: env.storageKeyHex,
    prefix: `${PERSISTED_STATE_PREFIX}${channel.storagePrefix}`,
    ...(env.randomBytes ? { randomBytes: env.randomBytes } : {}),
  })
  const store = createRootStore({
    api,
    storage,
    channel,
    now: env.now,
    timers: env.timers,
    loginMethods: loginMethodsOn(channel, env.target),
    pageToken: () => env.launchParams[PAGE_TOKEN_PARAM],
    authorization: createAuthorization(HOST_AUTH_PROVIDER[env.target], env.target, env.authorization),
    // Logging out forgets the client's shared calls and its pending login too.
    onLogout: () => client.reset(),
  })
  late.store = store
  // The address the app opened with brings the visit's promotion ids and click id.
  store.promotion.arrive(env.launchParams)
  const user = store.user
  const trackUid = createTrackUid(storage, env.randomBytes ?? platformRandomBytes)
  const tracker = createTracker({
    send: createVisitSend({ open: api.openTrackingVisit, post: api.sendTracking, trackUid, now: env.now }),
    now: env.now,
    setTimeout: env.timers.setTimeout,
    clearTimeout: env.timers.clearTimeout,
    app: TRACKING_APP_NAME,
    trackingId: channel.trackingId,
    // Before login (or after logout) the visit's anonymous visitor id stands where the uid goes.
    uid: () => user.uid(),
    clickId: () => store.promotion.clickId,
    traceId: traceIds(env.now),
    deviceInfo: env.deviceInfo,
  })
  // What the landing page's call to action does besides opening the plate page, done for the
  // copy's: the page's promotion offered after the address's, which wins (use-landing-arrival.ts),
  // and the click tracked on the landing page (LandingScreen).
  if (env.earlyLandingTap) {
    const offer = LANDINGS[env.earlyLandingTap].promotion[channel.key]
    if (offer) store.promotion.offer(offer)
    tracker.click(trackedPage(env.earlyLandingTap), LANDING_APPLY_TARGET)
  }
  return { store, api, navigator, tracker, ui }
}
