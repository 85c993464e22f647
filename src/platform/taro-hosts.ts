/** Taro bindings of the platform's host interfaces (navigation, authorisation). */
import Taro from '@tarojs/taro'
import type { AuthorizationDeps } from './authorization'
import type { NavigationHost } from './navigator'

function currentRoute(): string | undefined {
  const pages = Taro.getCurrentPages()
  return pages[pages.length - 1]?.route
}

/** Leaving the app: the mini-program exits; a web page goes back out of the app or closes. */
function exitApp(): Promise<unknown> {
  if (process.env.TARO_ENV !== 'h5') return Taro.exitMiniProgram()
  if (window.history.length > 1) window.history.back()
  else window.close()
  return Promise.resolve()
}

export const taroNavigationHost: NavigationHost = {
  navigateTo: (url) => Taro.navigateTo({ url }),
  redirectTo: (url) => Taro.redirectTo({ url }),
  reLaunch: (url) => Taro.reLaunch({ url }),
  navigateBack: (delta) => Taro.navigateBack({ delta }),
  stackDepth: () => Taro.getCurrentPages().length,
  currentPage: currentRoute,
  exitApp,
  downloadFile: async (url) => (await Taro.downloadFile({ url })).tempFilePath,
  openDocument: (filePath) => Taro.openDocument({ filePath, fileType: 'pdf' }),
  makePhoneCall: (phoneNumber) => Taro.makePhoneCall({ phoneNumber }),
  toast: (title) => void Taro.showToast({ title, icon: 'none' }),
}

export const taroAuthorizationDeps: AuthorizationDeps = {
  login: () => Taro.login(),
  queryParam: (name) => Taro.getCurrentInstance().router?.params[name],
}
