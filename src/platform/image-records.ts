/**
 * A small fact about photos kept on the device: that the user agreed to camera and album use
 * (asked once, with its purpose). It is not personal data, so it is plain JSON under the
 * channel's prefix (cleared with the app's cache).
 */
import { currentChannel } from '../config/channel'
import type { StringStorage } from './secure-storage'
import { taroStorage } from './taro-storage'

export const IMAGE_RECORD_KEYS = { consent: 'photoConsent' } as const

export interface ImageRecords {
  /** When the user agreed to camera and album use, if they have. */
  consentedAt(): number | undefined
  rememberConsent(at: number): void
}

function readJson(storage: StringStorage, key: string): unknown {
  const raw = storage.getString(key)
  if (raw === undefined) return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    // Not ours or corrupt: treated as absent.
    return undefined
  }
}

export function createImageRecords(storage: StringStorage, prefix: string): ImageRecords {
  const key = (name: string): string => `${prefix}${name}`
  return {
    consentedAt() {
      const value = readJson(storage, key(IMAGE_RECORD_KEYS.consent))
      return typeof value === 'number' && value > 0 ? value : undefined
    },
    rememberConsent(at) {
      storage.setString(key(IMAGE_RECORD_KEYS.consent), JSON.stringify(at))
    },
  }
}

/** The records in the device's storage, under this channel's prefix. */
export const imageRecords: ImageRecords = createImageRecords(taroStorage, currentChannel().storagePrefix)
