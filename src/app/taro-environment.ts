/** The app's environment on Taro: the H5 page or the mini-program it runs in. */
import { apiBaseUrl } from '../config/api-base'
import { currentChannel } from '../config/channel'
import { storageKeyHex } from '../config/keys'
import { LANDING_ROUTES } from '../config/landings'
import { takeEarlyLandingTap } from '../platform/h5/early-landing-tap'
import { loadTaroTransport } from '../platform/taro-deferred'
import { createTaroNavigationHost, taroAuthorizationDeps, taroDeviceInfo, taroLaunchParams } from '../platform/taro-hosts'
import { createRequestUi } from '../platform/request-ui'
import { taroStorage } from '../platform/taro-storage'
import type { AppEnvironment } from './create-app-services'

export function taroEnvironment(): AppEnvironment {
  const target = process.env.TARO_ENV
  return {
    target,
    channel: currentChannel(),
    baseUrl: apiBaseUrl(target === 'h5' ? window.location.origin : undefined),
    storageKeyHex: storageKeyHex(),
    loadTransport: loadTaroTransport,
    storage: taroStorage,
    navigationHost: createTaroNavigationHost(),
    authorization: taroAuthorizationDeps,
    requestUi: createRequestUi,
    now: () => Date.now(),
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    deviceInfo: taroDeviceInfo(),
    launchParams: taroLaunchParams(),
    earlyLandingTap: target === 'h5' ? takeEarlyLandingTap(LANDING_ROUTES) : undefined,
  }
}
