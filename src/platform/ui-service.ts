/**
 * The app's toasts, dialogs and phone calls, for components, features and pages: they ask this
 * service rather than Taro (a lint rule keeps Taro's showToast, showModal and makePhoneCall out of
 * them). Pages reach it through their app services (`useUi()`).
 */
import { loadOnce } from './load-once'
import type { NavigationHost } from './navigator'

export interface ConfirmDialog {
  title: string
  content: string
  confirmText: string
  cancelText: string
}

export interface UiService {
  /** A toast for the spec's default duration; `success` adds the success tick. */
  toast(message: string, kind?: 'plain' | 'success'): void
  /** A two-button question: true when it is confirmed. Rejects when the host cannot show it. */
  confirm(dialog: ConfirmDialog): Promise<boolean>
  /** A one-button dialog: resolves when it is confirmed, rejects when the host dismisses it. */
  alert(dialog: { title: string; confirmText: string }): Promise<void>
  /** Opens the dialler on `phoneNumber`: rejects when the user cancels the call sheet. */
  call(phoneNumber: string): Promise<void>
}

/**
 * Taro's toasts and dialogs, loaded with the first of them (on H5 they bring their own views): the
 * app's one loader of them, for the UI service, the request layer's UI built on it, and the
 * navigation host's toast.
 */
const interaction = loadOnce(() => import('./taro-interaction'))

const taroDialogs: Omit<UiService, 'call'> = {
  toast(message, kind = 'plain') {
    void interaction().then(({ showToast }) => showToast(message, kind === 'success' ? 'success' : 'none'))
  },
  confirm: (dialog) => interaction().then(({ showConfirm }) => showConfirm(dialog)),
  alert: (dialog) => interaction().then(({ showAlert }) => showAlert(dialog)),
}

/** A plain toast for the navigation host, which is made before the UI service (see taro-hosts). */
export const taroToast = (message: string): void => taroDialogs.toast(message)

/**
 * The UI service on Taro: toasts and dialogs as above; the call is the navigation host's, made at
 * once, inside the tap that asked for it.
 */
export function createUiService(host: Pick<NavigationHost, 'makePhoneCall'>): UiService {
  return { ...taroDialogs, call: (phoneNumber) => host.makePhoneCall(phoneNumber).then(() => undefined) }
}
