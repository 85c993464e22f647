/** Taro's toast and one-button dialog; loaded on first use (./taro-deferred.ts). */
import Taro from '@tarojs/taro'
import { TOAST_DURATION_MS } from '../domain/constants'

/** A plain-text toast for the spec's default duration. */
export function showToast(message: string): void {
  void Taro.showToast({ title: message, icon: 'none', duration: TOAST_DURATION_MS })
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
