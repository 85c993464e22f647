/**
 * The host's key-value storage, in memory: the synchronous and asynchronous APIs over one map.
 * Values are copied through JSON, as the host serializes them. A missing key reads as ''. The
 * host's quotas hold: 1 MB a key and 10 MB in all (key and value counted, as WeChat counts them);
 * a write over either is refused and leaves the storage as it was.
 */
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

export interface MemoryStorage {
  readonly entries: Map<string, unknown>
}

const copy = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))

/** WeChat's storage quotas, in bytes. */
export const WX_STORAGE_KEY_LIMIT = 1024 * 1024
export const WX_STORAGE_LIMIT = 10 * 1024 * 1024

const sizeOf = (key: string, value: unknown): number => Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(value) ?? '')

export function installMemoryStorage(initial: Record<string, unknown> = {}): MemoryStorage {
  const entries = new Map<string, unknown>(Object.entries(initial))
  const read = (key: string): unknown => (entries.has(key) ? copy(entries.get(key)) : '')
  const used = (): number => [...entries].reduce((total, [key, value]) => total + sizeOf(key, value), 0)
  const info = () => ({ keys: [...entries.keys()], currentSize: Math.ceil(used() / 1024), limitSize: WX_STORAGE_LIMIT / 1024 })
  const write = (key: string, value: unknown): void => {
    const size = sizeOf(key, value)
    if (size > WX_STORAGE_KEY_LIMIT) throw new Error('setStorage:fail data size exceeds the 1MB limit of a single key')
    const others = used() - (entries.has(key) ? sizeOf(key, entries.get(key)) : 0)
    if (others + size > WX_STORAGE_LIMIT) throw new Error('setStorage:fail exceed storage max size 10MB')
    entries.set(key, copy(value))
  }
  Object.assign(wxObject(), {
    getStorageSync: read,
    setStorageSync: write,
    removeStorageSync: (key: string) => void entries.delete(key),
    clearStorageSync: () => entries.clear(),
    getStorageInfoSync: info,
    getStorage: ({ key, ...callbacks }: { key: string } & WxCallbacks) =>
      answer('getStorage', callbacks, () => {
        if (!entries.has(key)) throw new Error('data not found')
        return { data: read(key) }
      }),
    setStorage: ({ key, data, ...callbacks }: { key: string; data: unknown } & WxCallbacks) =>
      answer('setStorage', callbacks, () => (write(key, data), {})),
    removeStorage: ({ key, ...callbacks }: { key: string } & WxCallbacks) =>
      answer('removeStorage', callbacks, () => (entries.delete(key), {})),
    clearStorage: (callbacks: WxCallbacks = {}) => answer('clearStorage', callbacks, () => (entries.clear(), {})),
    getStorageInfo: (callbacks: WxCallbacks = {}) => answer('getStorageInfo', callbacks, info),
  })
  return { entries }
}
