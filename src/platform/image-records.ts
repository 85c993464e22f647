/**
 * Small facts about photos kept on the device: that the user agreed to camera and album use
 * (asked once, with its purpose), and which sides of the ID card this device uploaded for the
 * current order (the server sets the ID card's certificate bit only once both are there). Neither
 * is personal data, so they are plain JSON under the channel's prefix (cleared with the app's
 * cache).
 */
import { currentChannel } from '../config/channel'
import { ID_CARD_SUBJECTS } from '../domain/photo'
import type { IdCardSubject } from '../domain/photo'
import type { StringStorage } from './secure-storage'
import { taroStorage } from './taro-storage'

export const IMAGE_RECORD_KEYS = { consent: 'photoConsent', idCardSides: 'idCardSides' } as const

interface StoredSides {
  orderId: string
  sides: IdCardSubject[]
}

export interface ImageRecords {
  /** When the user agreed to camera and album use, if they have. */
  consentedAt(): number | undefined
  rememberConsent(at: number): void
  /** The ID card sides uploaded for `orderId` from this device. */
  idCardSides(orderId: string | undefined): IdCardSubject[]
  /** Adds a side for `orderId`; the sides of any earlier order are forgotten. */
  addIdCardSide(orderId: string, side: IdCardSubject): void
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

function isStoredSides(value: unknown): value is StoredSides {
  if (typeof value !== 'object' || value === null) return false
  const { orderId, sides } = value as Partial<StoredSides>
  return typeof orderId === 'string' && Array.isArray(sides) && sides.every((side) => (ID_CARD_SUBJECTS as readonly unknown[]).includes(side))
}

export function createImageRecords(storage: StringStorage, prefix: string): ImageRecords {
  const key = (name: string): string => `${prefix}${name}`
  const idCardSides = (orderId: string | undefined): IdCardSubject[] => {
    const stored = readJson(storage, key(IMAGE_RECORD_KEYS.idCardSides))
    return orderId && isStoredSides(stored) && stored.orderId === orderId ? stored.sides : []
  }
  return {
    consentedAt() {
      const value = readJson(storage, key(IMAGE_RECORD_KEYS.consent))
      return typeof value === 'number' && value > 0 ? value : undefined
    },
    rememberConsent(at) {
      storage.setString(key(IMAGE_RECORD_KEYS.consent), JSON.stringify(at))
    },
    idCardSides,
    addIdCardSide(orderId, side) {
      const sides = idCardSides(orderId)
      const next: StoredSides = { orderId, sides: sides.includes(side) ? sides : [...sides, side] }
      storage.setString(key(IMAGE_RECORD_KEYS.idCardSides), JSON.stringify(next))
    },
  }
}

/** The records in the device's storage, under this channel's prefix. */
export const imageRecords: ImageRecords = createImageRecords(taroStorage, currentChannel().storagePrefix)
