import { ENTROPY_BYTES } from '../../../types/api/sealed'
import type * as EntropyExports from '../../../src/services/crypto/entropy'
import type * as RandomExports from '../../../src/services/crypto/random'

type EntropyModule = typeof EntropyExports
type RandomModule = typeof RandomExports

/** A fresh generator (no seed) and its entropy gatherer, with WebCrypto taken away. */
function freshModules(): { entropy: EntropyModule; random: RandomModule } {
  let modules: { entropy: EntropyModule; random: RandomModule } | undefined
  jest.isolateModules(() => {
    modules = {
      entropy: jest.requireActual<EntropyModule>('../../../src/services/crypto/entropy'),
      random: jest.requireActual<RandomModule>('../../../src/services/crypto/random'),
    }
  })
  if (!modules) throw new Error('modules not loaded')
  return modules
}

const TIMEOUT_MS = 50
const bytes = (fill: number, length = ENTROPY_BYTES) => new Uint8Array(length).fill(fill)
const hexOf = (data: Uint8Array) => Buffer.from(data).toString('hex')

describe('entropy at launch', () => {
  const webCrypto = globalThis.crypto
  beforeEach(() => Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true }))
  afterEach(() => Object.defineProperty(globalThis, 'crypto', { value: webCrypto, configurable: true }))

  it("takes the host's CSPRNG first and does not ask the server", async () => {
    const { entropy, random } = freshModules()
    const server = jest.fn(async () => bytes(2))
    await expect(entropy.gatherEntropy({ host: async () => bytes(1), server, clock: () => 'clock', timeoutMs: TIMEOUT_MS })).resolves.toBe('host')
    expect(server).not.toHaveBeenCalled()
    expect(random.randomSeeded()).toBe(true)
  })

  it("asks the server where the host has no CSPRNG, or its answer failed or was short", async () => {
    for (const host of [undefined, async () => Promise.reject(new Error('getRandomValues:fail')), async () => bytes(1, 8)]) {
      const { entropy } = freshModules()
      await expect(entropy.gatherEntropy({ host, server: async () => bytes(2), clock: () => 'clock', timeoutMs: TIMEOUT_MS })).resolves.toBe('server')
    }
  })

  it('gives up on a source that never answers and goes on with the next', async () => {
    const { entropy } = freshModules()
    const never = () => new Promise<Uint8Array>(() => undefined)
    await expect(entropy.gatherEntropy({ host: never, server: async () => bytes(2), clock: () => 'clock', timeoutMs: TIMEOUT_MS })).resolves.toBe('server')
    await expect(entropy.gatherEntropy({ host: never, server: never, clock: () => 'clock', timeoutMs: TIMEOUT_MS })).resolves.toBe('clock')
  })

  it('goes on from the clock alone when neither answers, still seeded', async () => {
    const { entropy, random } = freshModules()
    await expect(entropy.gatherEntropy({ server: async () => Promise.reject(new Error('offline')), clock: () => 'clock', timeoutMs: TIMEOUT_MS })).resolves.toBe('clock')
    expect(random.randomSeeded()).toBe(true)
    expect(random.secureRandomBytes(16)).toHaveLength(16)
  })

  it('mixes every source: the same clock with different CSPRNG bytes gives different IVs, and so does a different clock', async () => {
    const first = async (clock: string, fill: number) => {
      const { entropy, random } = freshModules()
      await entropy.gatherEntropy({ server: async () => bytes(fill), clock: () => clock, timeoutMs: TIMEOUT_MS })
      return hexOf(random.secureRandomBytes(16))
    }
    const base = await first('t1', 1)
    expect(await first('t1', 1)).toBe(base)
    expect(await first('t1', 2)).not.toBe(base)
    expect(await first('t2', 1)).not.toBe(base)
  })

  it("reads the server's answer only as 32 bytes of lower-case hex", () => {
    const { entropy } = freshModules()
    expect(hexOf(entropy.entropyBytes('ab'.repeat(ENTROPY_BYTES)))).toBe('ab'.repeat(ENTROPY_BYTES))
    for (const wrong of [undefined, null, 42, '', 'ab'.repeat(ENTROPY_BYTES - 1), 'AB'.repeat(ENTROPY_BYTES), 'zz'.repeat(ENTROPY_BYTES)]) {
      expect(() => entropy.entropyBytes(wrong)).toThrow('The server sent no entropy')
    }
  })
})
