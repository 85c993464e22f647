/**
 * The request layer's user interface on Taro: a toast for errors, the one-button dialog of an
 * expired login (both loaded on first use), and the page changes a failed or expired login leads
 * to, through the Navigator so they follow the route table and carry the click id.
 */
import type { RequestUi } from '../services/request/transport'
import type { Navigator } from './navigator'
import { deferredAlert, deferredToast } from './taro-deferred'

export function createTaroRequestUi(navigator: Navigator): RequestUi {
  return {
    toast: deferredToast,
    alert: deferredAlert,
    goToLogin: () => void navigator.toLogin(),
    reloadPage: () => void navigator.reload(),
  }
}
