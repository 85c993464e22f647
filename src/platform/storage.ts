/**
 * Local storage ownership. The app shares storage with its host (a bank app's web view, a
 * mini-program), so it only ever lists or clears keys carrying its own channel prefix.
 */
import { currentChannel } from '../config/channel'
import { PERSISTED_STATE_PREFIX } from '../domain/constants'
import type { ChannelProfile } from '../config/channel'

export interface KeyValueStorage {
  keys(): string[]
  remove(key: string): void
}

export function ownKeyPrefixes(channel: ChannelProfile = currentChannel()): string[] {
  return [channel.storagePrefix, `${PERSISTED_STATE_PREFIX}${channel.storagePrefix}`]
}

export function ownKeys(storage: KeyValueStorage, prefixes: string[] = ownKeyPrefixes()): string[] {
  return storage.keys().filter((key) => prefixes.some((prefix) => key.startsWith(prefix)))
}

/** Removes this app's keys and nothing else; returns how many were removed. */
export function clearOwnKeys(storage: KeyValueStorage, prefixes: string[] = ownKeyPrefixes()): number {
  const keys = ownKeys(storage, prefixes)
  keys.forEach((key) => storage.remove(key))
  return keys.length
}
