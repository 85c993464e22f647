import { createSecureStorage } from '../../src/platform/secure-storage'
import type { StringStorage } from '../../src/platform/secure-storage'

const KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'
const OTHER_KEY = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100'

function memory(): StringStorage & { dump(): Record<string, string>; raw: Map<string, string> } {
  const raw = new Map<string, string>()
  return {
    raw,
    getString: (key) => raw.get(key),
    setString: (key, value) => void raw.set(key, value),
    remove: (key) => void raw.delete(key),
    dump: () => Object.fromEntries(raw),
  }
}

const setup = (keyHex = KEY, backend = memory()) => ({ backend, storage: createSecureStorage({ backend, keyHex, prefix: 'etc_bank_' }) })

describe('secure storage', () => {
  it('round-trips JSON values under the channel prefix', () => {
    const { backend, storage } = setup()
    const value = { token: 'tok', expireIn: 7200, nested: { list: [1, '二'] } }
    storage.set('session', value)
    expect([...backend.raw.keys()]).toEqual(['etc_bank_session'])
    expect(storage.get('session')).toEqual(value)
    storage.remove('session')
    expect(storage.get('session')).toBeUndefined()
    expect(backend.raw.size).toBe(0)
  })

  it('uses a fresh IV for every write', () => {
    const { backend, storage } = setup()
    storage.set('a', 'same')
    const first = backend.raw.get('etc_bank_a')
    storage.set('a', 'same')
    expect(backend.raw.get('etc_bank_a')).not.toBe(first)
    expect(storage.get('a')).toBe('same')
  })

  it('stores no plaintext: a dump after login and form filling shows no token, phone, name or ID', () => {
    const { backend, storage } = setup()
    storage.set('session', { accessToken: 'eyJhbGciOiJIUzI1NiJ9.secret-token', uid: 'uid-778899' })
    storage.set('draft', { name: '张三', mobile: '13800138000', idNumber: '11010519491231002X', plate: '京A12345' })
    const dump = JSON.stringify(backend.dump())
    for (const secret of ['secret-token', 'uid-778899', '张三', '\\u5f20\\u4e09', '13800138000', '11010519491231002X', '京A12345']) {
      expect(dump).not.toContain(secret)
    }
  })

  it.each([
    ['a flipped character in the ciphertext', (v: string) => { const p = v.split('.'); p[2] = (p[2]![0] === 'A' ? 'B' : 'A') + p[2]!.slice(1); return p.join('.') }],
    ['a flipped character in the tag', (v: string) => { const p = v.split('.'); p[3] = (p[3]![0] === '0' ? '1' : '0') + p[3]!.slice(1); return p.join('.') }],
    ['another IV', (v: string) => { const p = v.split('.'); p[1] = 'AAAAAAAAAAAAAAAAAAAAAA=='; return p.join('.') }],
    ['a missing part', (v: string) => v.split('.').slice(0, 3).join('.')],
    ['an extra part', (v: string) => `${v}.x`],
    ['another version', (v: string) => v.replace(/^v1/, 'v2')],
    ['plain text', () => '{"token":"tok"}'],
    ['garbage', () => '\u0000\u0001not-base64'],
    ['an empty string', () => ''],
  ])('reads %s as absent', (_label, tamper) => {
    const { backend, storage } = setup()
    storage.set('session', { token: 'tok' })
    backend.raw.set('etc_bank_session', tamper(backend.raw.get('etc_bank_session')!))
    expect(storage.get('session')).toBeUndefined()
  })

  it('reads a value copied under another key as absent', () => {
    const { backend, storage } = setup()
    storage.set('a', 'for a')
    backend.raw.set('etc_bank_b', backend.raw.get('etc_bank_a')!)
    expect(storage.get('b')).toBeUndefined()
  })

  it('reads values written with another key as absent', () => {
    const backend = memory()
    setup(OTHER_KEY, backend).storage.set('session', { token: 'tok' })
    expect(setup(KEY, backend).storage.get('session')).toBeUndefined()
  })

  it.each(['', 'short', 'zz112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', `${KEY}00`])(
    'refuses a key that is not 32 bytes of hex: %p',
    (keyHex) => {
      expect(() => setup(keyHex)).toThrow('64 hex characters')
    },
  )

  it('fails loudly, not silently, when the platform has no secure random source', () => {
    const storage = createSecureStorage({
      backend: memory(),
      keyHex: KEY,
      prefix: 'p_',
      randomBytes: () => {
        throw new Error('No secure random source on this platform')
      },
    })
    expect(() => storage.set('a', 1)).toThrow('No secure random source')
  })
})
