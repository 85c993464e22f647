/**
 * WeChat's privacy authorisation: before the album, the camera or the phone number, WeChat asks
 * the app (wx.onNeedPrivacyAuthorization) to show its own privacy notice, and holds the call until
 * the person agrees through a button of `open-type="agreePrivacyAuthorization"` or refuses. The
 * request waiting is kept here for the notice sheet (components/privacy-sheet) to show.
 */
import Taro from '@tarojs/taro'

/** A privacy question WeChat is waiting on. */
export interface PrivacyRequest {
  /** The API or component that asked (chooseMedia, getPhoneNumber, …). */
  readonly referrer: string
  /** The person tapped the agree button, whose id WeChat checks was tapped. */
  agree(buttonId: string): void
  refuse(): void
}

type Listener = (request: PrivacyRequest | undefined) => void

let waiting: PrivacyRequest | undefined
const listeners = new Set<Listener>()

function show(request: PrivacyRequest | undefined): void {
  waiting = request
  for (const listener of listeners) listener(request)
}

/** The request waiting now, and every change from now on; answers the unsubscribe. */
export function watchPrivacyRequest(listener: Listener): () => void {
  listeners.add(listener)
  listener(waiting)
  return () => listeners.delete(listener)
}

/** Registers the app as the one that shows WeChat's privacy notice (WeChat only; once, at launch). */
export function installPrivacyAuthorization(): void {
  if (process.env.TARO_ENV !== 'weapp' || typeof Taro.onNeedPrivacyAuthorization !== 'function') return
  Taro.onNeedPrivacyAuthorization((resolve, info) => {
    // Told to WeChat as shown: the platform records the notice's exposure.
    resolve({ event: 'exposureAuthorization' })
    const answered = (option: Taro.onNeedPrivacyAuthorization.ResolveOption) => {
      resolve(option)
      show(undefined)
    }
    show({
      referrer: info.referrer,
      agree: (buttonId) => answered({ event: 'agree', buttonId }),
      refuse: () => answered({ event: 'disagree' }),
    })
  })
}

/** Opens the app's privacy guide as WeChat keeps it (the one the platform shows in its settings). */
export function openPrivacyGuide(): void {
  Taro.openPrivacyContract({})
}
