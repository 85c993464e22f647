/**
 * Camera and album use is asked for once, with its purpose, before the first photo; the answer
 * "yes" is remembered on the device (a "no" asks again next time).
 */
import { imageRecords } from '../../../platform/image-records'
import type { UiService } from '../../../platform/ui-service'

export const PHOTO_CONSENT = {
  title: '使用相机和相册',
  content: '为完成ETC申办审核，需要使用您的相机拍摄，或从相册选择身份证、行驶证和车头照片。照片加密上传，仅用于本次申办。',
  confirmText: '同意',
  cancelText: '不同意',
} as const

/** The person agreed (now or before), said no, or was never asked: the question could not open (offline, say). */
export type PhotoConsent = 'agreed' | 'declined' | 'unasked'

export async function ensurePhotoConsent(ui: UiService, now: () => number = Date.now): Promise<PhotoConsent> {
  if (imageRecords.consentedAt()) return 'agreed'
  let confirmed: boolean
  try {
    confirmed = await ui.confirm(PHOTO_CONSENT)
  } catch {
    // The host could not show the question: nothing was agreed to, and nothing refused either.
    return 'unasked'
  }
  if (confirmed) imageRecords.rememberConsent(now())
  return confirmed ? 'agreed' : 'declined'
}
