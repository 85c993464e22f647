/**
 * Where the mini-programs' IV generator (random.ts) gets its seed at launch, before the app's
 * services exist, so that nothing is sealed without it. Mixed in order, each adding to the last:
 * - always, the time and the engine's Math.random: never alone enough, but they make every launch's
 *   generator differ from every other's;
 * - the host's CSPRNG where there is one (WeChat: wx.getRandomValues);
 * - where there is none (Alipay's engine offers no CSPRNG, nor do WeChat base libraries below
 *   2.15.0), 32 bytes the server draws from its CSPRNG (node:crypto), sent over the TLS connection
 *   every call uses. An IV must not repeat and must not be predictable by whoever could choose
 *   what is sealed; bytes only the server and this device have seen, mixed into an HMAC key and
 *   never used as an encryption key, are that.
 * A launch that gets neither (offline) still seeds from the first: its IVs are unique (the
 * generator's counter within the run, the time and Math.random across runs) but guessable by
 * someone who knows when the app started; the caller logs it.
 */
import { ENTROPY_BYTES } from '../../../types/api/sealed'
import { seedRandom } from './random'

export interface EntropySources {
  /** The host's CSPRNG, where the platform has one. */
  host?: () => Promise<Uint8Array>
  /** Bytes the server drew from its CSPRNG. */
  server: () => Promise<Uint8Array>
  /** The time and Math.random, as text. */
  clock: () => string
  /** How long a source may take before the launch goes on without it (a host callback may never come). */
  timeoutMs: number
}

/** Which source seeded the generator beyond the clock. */
export type EntropySource = 'host' | 'server' | 'clock'

const HEX = /^[0-9a-f]+$/

/** The bytes of the server's answer, or an error when it is not ENTROPY_BYTES of hex. */
export function entropyBytes(hex: unknown): Uint8Array {
  if (typeof hex !== 'string' || hex.length !== ENTROPY_BYTES * 2 || !HEX.test(hex)) throw new Error('The server sent no entropy')
  const bytes = new Uint8Array(ENTROPY_BYTES)
  for (let i = 0; i < ENTROPY_BYTES; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** `work`'s answer, or a rejection once `ms` have passed without one. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The entropy source did not answer in time')), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

async function mixed(source: () => Promise<Uint8Array>, timeoutMs: number): Promise<boolean> {
  try {
    const bytes = await within(source(), timeoutMs)
    if (bytes.length < ENTROPY_BYTES) return false
    seedRandom(bytes)
    return true
  } catch {
    return false
  }
}

/** Seeds the generator from the clock, then the host's CSPRNG or else the server's. */
export async function gatherEntropy(sources: EntropySources): Promise<EntropySource> {
  seedRandom(sources.clock())
  if (sources.host && (await mixed(sources.host, sources.timeoutMs))) return 'host'
  return (await mixed(sources.server, sources.timeoutMs)) ? 'server' : 'clock'
}
