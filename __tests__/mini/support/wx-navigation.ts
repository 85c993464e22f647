/** The host's navigation APIs over the page stack, answered after the page has opened. */
import type { PageStack } from './page-stack'
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'
import { NOT_FROM_A_TAP, withinTap } from './wx-gesture'

/** The navigations the app asked for, in order (api and address; a mini-program as `appId:path`). */
export type NavigationLog = { api: string; url: string }[]

export function installNavigation(stack: PageStack): NavigationLog {
  const log: NavigationLog = []
  const open = (api: 'navigateTo' | 'redirectTo' | 'reLaunch') =>
    ({ url, ...callbacks }: { url: string } & WxCallbacks) => {
      log.push({ api, url })
      answer(api, callbacks, () => (stack[api](url), {}))
    }
  Object.assign(wxObject(), {
    navigateTo: open('navigateTo'),
    redirectTo: open('redirectTo'),
    reLaunch: open('reLaunch'),
    switchTab: open('reLaunch'),
    // Opened only from a tap; the other mini-program is not run here.
    navigateToMiniProgram: ({ appId, path = '', ...callbacks }: { appId: string; path?: string } & WxCallbacks) => {
      const fromTap = withinTap()
      log.push({ api: fromTap ? 'navigateToMiniProgram' : 'navigateToMiniProgram (refused)', url: `${appId}:${path}` })
      answer('navigateToMiniProgram', callbacks, () => {
        if (!fromTap) throw new Error(NOT_FROM_A_TAP)
        return {}
      })
    },
    navigateBack: ({ delta = 1, ...callbacks }: { delta?: number } & WxCallbacks = {}) => {
      log.push({ api: 'navigateBack', url: String(delta) })
      answer('navigateBack', callbacks, () => {
        if (stack.pages().length <= 1) throw new Error('cannot navigate back at first page.')
        stack.navigateBack(delta)
        return {}
      })
    },
  })
  return log
}
