/**
 * The request layer's user interface: its toasts and the one-button dialog of an expired login are
 * the UI service's, and the page changes a failed or expired login leads to go through the
 * Navigator, so they follow the route table and carry the click id.
 */
import type { RequestUi } from '../services/request/transport'
import type { Navigator } from './navigator'
import type { UiService } from './ui-service'

export function createRequestUi(navigator: Navigator, ui: Pick<UiService, 'toast' | 'alert'>): RequestUi {
  return {
    toast: (message) => ui.toast(message),
    alert: (dialog) => ui.alert(dialog),
    goToLogin: () => void navigator.toLogin('call'),
    reloadPage: () => void navigator.reload(),
  }
}
