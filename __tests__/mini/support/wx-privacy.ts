/**
 * WeChat's privacy authorisation: until the person has agreed to the app's privacy notice, a call
 * to the album or the camera waits for the app's wx.onNeedPrivacyAuthorization listener, then goes
 * on when the listener resolves `agree` with the id of a tapped `agreePrivacyAuthorization`
 * button, or fails with WeChat's message when it resolves `disagree` (or no listener is there).
 */
import { wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

type ResolveOption = { event: 'exposureAuthorization' | 'agree' | 'disagree'; buttonId?: string }
type Listener = (resolve: (option: ResolveOption) => void, info: { referrer: string }) => void

export const PRIVACY_REFUSED = 'privacy permission is not authorized'

export interface WxPrivacy {
  agreed(): boolean
  /** The notice's exposures the app told WeChat of. */
  exposures(): number
  /** A tap on an agreePrivacyAuthorization button with this id (page-actions.ts). */
  buttonTapped(id: string): void
  /** Runs `call` as WeChat runs a privacy API: after the agreement, else failing. */
  gate<T extends WxCallbacks>(api: string, options: T, call: (options: T) => void): void
}

/** The world's privacy state now (taps on its agree button go there: page-actions.ts). */
let installed: WxPrivacy | undefined

/** An agreePrivacyAuthorization button with this node id was tapped (page-actions.ts). */
export function agreeButtonTapped(id: string): void {
  installed?.buttonTapped(id)
}

export function installWechatPrivacy(): WxPrivacy {
  let listener: Listener | undefined
  let agreed = false
  let exposures = 0
  const tapped = new Set<string>()
  wxObject().onNeedPrivacyAuthorization = (next: Listener) => {
    listener = next
  }
  const refuse = (api: string, options: WxCallbacks) => {
    const failure = { errMsg: `${api}:fail ${PRIVACY_REFUSED}` }
    options.fail?.(failure)
    options.complete?.(failure)
  }
  installed = {
    agreed: () => agreed,
    exposures: () => exposures,
    buttonTapped: (id) => void tapped.add(id),
    gate(api, options, call) {
      if (agreed) return call(options)
      if (!listener) return refuse(api, options)
      let answered = false
      listener(
        (option) => {
          if (option.event === 'exposureAuthorization') {
            exposures += 1
            return
          }
          if (answered) return
          answered = true
          // WeChat checks that the agree button named was tapped.
          agreed = option.event === 'agree' && option.buttonId !== undefined && tapped.has(option.buttonId)
          if (agreed) call(options)
          else refuse(api, options)
        },
        { referrer: api },
      )
    },
  }
  return installed
}
