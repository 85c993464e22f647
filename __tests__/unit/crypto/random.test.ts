import { UNSEEDED_MESSAGE, secureRandomBytes } from '../../../src/services/crypto/random'
import type * as RandomExports from '../../../src/services/crypto/random'

type RandomModule = typeof RandomExports

describe('random bytes on every target', () => {
  const webCrypto = globalThis.crypto

  afterEach(() => {
    Object.defineProperty(globalThis, 'crypto', { value: webCrypto, configurable: true })
  })

  it('uses WebCrypto where there is one', () => {
    const spy = jest.spyOn(globalThis.crypto, 'getRandomValues')
    expect(secureRandomBytes(16)).toHaveLength(16)
    expect(spy).toHaveBeenCalled()
    spy.mockRestore()
  })

  it('without WebCrypto, refuses to answer until seeded, then never repeats, and changes with every new seed', () => {
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true })
    jest.isolateModules(() => {
      // A fresh module: no seed yet.
      const fresh = jest.requireActual<RandomModule>('../../../src/services/crypto/random')
      expect(fresh.randomSeeded()).toBe(false)
      expect(() => fresh.secureRandomBytes(16)).toThrow(UNSEEDED_MESSAGE)
      fresh.seedRandom('1800000000000.0.5.0.25')
      expect(fresh.randomSeeded()).toBe(true)
      const seen = new Set<string>()
      for (let i = 0; i < 500; i++) seen.add(Buffer.from(fresh.secureRandomBytes(16)).toString('hex'))
      expect(seen.size).toBe(500)
      expect(fresh.secureRandomBytes(70)).toHaveLength(70)
      fresh.seedRandom(new Uint8Array(32).fill(7))
      expect(seen.has(Buffer.from(fresh.secureRandomBytes(16)).toString('hex'))).toBe(false)
    })
  })

  it('gives two generators seeded alike by the clock but apart by the CSPRNG different bytes', () => {
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true })
    const first = (bytes: number) => {
      let out = ''
      jest.isolateModules(() => {
        const fresh = jest.requireActual<RandomModule>('../../../src/services/crypto/random')
        fresh.seedRandom('same clock')
        fresh.seedRandom(new Uint8Array(32).fill(bytes))
        out = Buffer.from(fresh.secureRandomBytes(16)).toString('hex')
      })
      return out
    }
    expect(first(1)).not.toBe(first(2))
    expect(first(1)).toBe(first(1))
  })
})
