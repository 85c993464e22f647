/**
 * The host's key-value storage, in memory: the synchronous and asynchronous APIs over one map.
 * Values are copied through JSON, as the host serializes them. A missing key reads as ''.
 */
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

export interface MemoryStorage {
  readonly entries: Map<string, unknown>
}

const copy = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))

export function installMemoryStorage(initial: Record<string, unknown> = {}): MemoryStorage {
  const entries = new Map<string, unknown>(Object.entries(initial))
  const read = (key: string): unknown => (entries.has(key) ? copy(entries.get(key)) : '')
  const info = () => ({ keys: [...entries.keys()], currentSize: 0, limitSize: 10240 })
  Object.assign(wxObject(), {
    getStorageSync: read,
    setStorageSync: (key: string, value: unknown) => void entries.set(key, copy(value)),
    removeStorageSync: (key: string) => void entries.delete(key),
    clearStorageSync: () => entries.clear(),
    getStorageInfoSync: info,
    getStorage: ({ key, ...callbacks }: { key: string } & WxCallbacks) =>
      answer('getStorage', callbacks, () => {
        if (!entries.has(key)) throw new Error('data not found')
        return { data: read(key) }
      }),
    setStorage: ({ key, data, ...callbacks }: { key: string; data: unknown } & WxCallbacks) =>
      answer('setStorage', callbacks, () => (entries.set(key, copy(data)), {})),
    removeStorage: ({ key, ...callbacks }: { key: string } & WxCallbacks) =>
      answer('removeStorage', callbacks, () => (entries.delete(key), {})),
    clearStorage: (callbacks: WxCallbacks = {}) => answer('clearStorage', callbacks, () => (entries.clear(), {})),
    getStorageInfo: (callbacks: WxCallbacks = {}) => answer('getStorageInfo', callbacks, info),
  })
  return { entries }
}
