import { secureRandomBytes, seedRandom } from '../../../src/services/crypto/random'

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

  it('falls back to the seeded generator on mini-programs: never repeating, changed by a new seed', () => {
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true })
    const seen = new Set<string>()
    for (let i = 0; i < 500; i++) seen.add(Buffer.from(secureRandomBytes(16)).toString('hex'))
    expect(seen.size).toBe(500)
    expect(secureRandomBytes(70)).toHaveLength(70)
    seedRandom(new Uint8Array(32).fill(7))
    const afterSeed = Buffer.from(secureRandomBytes(16)).toString('hex')
    expect(seen.has(afterSeed)).toBe(false)
  })
})
