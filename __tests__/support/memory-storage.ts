/** A device's string storage kept in memory, for the secure storage under test; `raw` is what the device holds. */
import type { StringStorage } from '../../src/platform/secure-storage'

export function memoryBackend(): StringStorage & { raw: Map<string, string> } {
  const raw = new Map<string, string>()
  return { raw, getString: (k) => raw.get(k), setString: (k, v) => void raw.set(k, v), remove: (k) => void raw.delete(k) }
}
