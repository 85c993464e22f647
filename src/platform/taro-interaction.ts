/** Taro's toast and dialogs; loaded on first use, by ./ui-service.ts alone. */
import Taro from '@tarojs/taro'
import { TOAST_DURATION_MS } from '../domain/constants'

/** A toast for the spec's default duration: plain text, or with the success tick. */
export function showToast(message: string, icon: 'none' | 'success' = 'none'): void {
  void Taro.showToast({ title: message, icon, duration: TOAST_DURATION_MS })
}

export class DialogDismissedError extends Error {
  override readonly name = 'DialogDismissedError'
}

/** A one-button dialog; resolves when it is confirmed. */
export async function showAlert({ title, confirmText }: { title: string; confirmText: string }): Promise<void> {
  const result = await Taro.showModal({ title, content: '', showCancel: false, confirmText })
  // A one-button dialog can still be dismissed by the host (the Android back key): that is no
  // confirmation, so the caller does not go on as if the user had agreed.
  if (!result.confirm) throw new DialogDismissedError(title)
}

/** A two-button question; true when it is confirmed. Rejects when the host cannot show it. */
export async function showConfirm(dialog: { title: string; content: string; confirmText: string; cancelText: string }): Promise<boolean> {
  const result = await Taro.showModal({ ...dialog, showCancel: true })
  return result.confirm
}
