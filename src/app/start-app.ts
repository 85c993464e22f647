/**
 * The app's services on Taro, built once: loaded by src/app.tsx after the first page's code, so
 * the stores, encryption and the rest are not part of what the first page waits for.
 */
import { flushWhenPageHides } from '../platform/h5/flush-on-hide'
import { registerAppShellWhenIdle } from '../platform/h5/register-app-shell'
import { installPrivacyAuthorization } from '../platform/privacy-authorization'
import { seedFromPlatform } from '../platform/taro-entropy'
import { createAppServices } from './create-app-services'
import { fetchOpeningPageData } from './opening-page-data'
import type { AppServices } from './create-app-services'
import { taroEnvironment } from './taro-environment'

export async function startApp(): Promise<AppServices> {
  const environment = taroEnvironment()
  // Before any page can reach the album, the camera or the phone number.
  installPrivacyAuthorization()
  // The mini-programs have no WebCrypto: their IV generator is seeded before anything can seal.
  if (process.env.TARO_ENV !== 'h5') await seedFromPlatform(environment.baseUrl, environment.loadTransport)
  const services = createAppServices(environment)
  if (process.env.TARO_ENV === 'h5') {
    flushWhenPageHides(document, window, () => void services.tracker.flush())
    fetchOpeningPageData(services.store, window.location.hash)
    registerAppShellWhenIdle()
  }
  return services
}
