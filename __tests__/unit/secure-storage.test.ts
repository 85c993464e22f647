import { arrayOf, fields, isNumber, isString, oneOf, optional, recordOf, schema } from '../../src/platform/schema'
import type { Schema } from '../../src/platform/schema'
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

/** Whatever JSON was stored: these tests are about the sealing, not the shape. */
const anyJson: Schema<unknown> = (value) => value

interface Session {
  token: string
  expireIn: number
  scope?: 'channel' | 'person'
}
const SESSION = schema(fields<Session>({ token: isString, expireIn: isNumber, scope: optional(oneOf('channel', 'person')) }))

describe('secure storage', () => {
  it('round-trips JSON values under the channel prefix', () => {
    const { backend, storage } = setup()
    const value = { token: 'tok', expireIn: 7200, nested: { list: [1, '二'] } }
    storage.set('session', value)
    expect([...backend.raw.keys()]).toEqual(['etc_bank_session'])
    expect(storage.get('session', anyJson)).toEqual(value)
    storage.remove('session')
    expect(storage.get('session', anyJson)).toBeUndefined()
    expect(backend.raw.size).toBe(0)
  })

  it('uses a fresh IV for every write', () => {
    const { backend, storage } = setup()
    storage.set('a', 'same')
    const first = backend.raw.get('etc_bank_a')
    storage.set('a', 'same')
    expect(backend.raw.get('etc_bank_a')).not.toBe(first)
    expect(storage.get('a', anyJson)).toBe('same')
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
    expect(storage.get('session', anyJson)).toBeUndefined()
  })

  it('reads a value copied under another key as absent', () => {
    const { backend, storage } = setup()
    storage.set('a', 'for a')
    backend.raw.set('etc_bank_b', backend.raw.get('etc_bank_a')!)
    expect(storage.get('b', anyJson)).toBeUndefined()
  })

  it('reads values written with another key as absent', () => {
    const backend = memory()
    setup(OTHER_KEY, backend).storage.set('session', { token: 'tok' })
    expect(setup(KEY, backend).storage.get('session', anyJson)).toBeUndefined()
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

describe('secure storage read through a schema', () => {
  it('reads a value of the shape, optional fields absent or present', () => {
    const { storage } = setup()
    storage.set('session', { token: 'tok', expireIn: 7200 })
    expect(storage.get('session', SESSION)).toEqual({ token: 'tok', expireIn: 7200 })
    storage.set('session', { token: 'tok', expireIn: 7200, scope: 'person' })
    expect(storage.get('session', SESSION)).toEqual({ token: 'tok', expireIn: 7200, scope: 'person' })
  })

  it.each([
    ['a missing field', { token: 'tok' }],
    ['a field of another type', { token: 'tok', expireIn: '7200' }],
    ['an optional field of another value', { token: 'tok', expireIn: 7200, scope: 'admin' }],
    ['null', null],
    ['a list', [{ token: 'tok', expireIn: 7200 }]],
    ['a string', 'tok'],
  ])('reads %s as absent and drops the entry', (_label, stored) => {
    const { backend, storage } = setup()
    storage.set('session', stored)
    storage.set('other', { token: 'kept', expireIn: 1 })
    expect(storage.get('session', SESSION)).toBeUndefined()
    expect([...backend.raw.keys()]).toEqual(['etc_bank_other'])
    expect(storage.get('other', SESSION)).toEqual({ token: 'kept', expireIn: 1 })
  })

  it('checks every element of a list and every value of a map', () => {
    const { storage } = setup()
    const steps = schema(arrayOf(oneOf(1, 2, 200)))
    const dismissals = schema(recordOf(isNumber))
    storage.set('steps', [1, 2, 200])
    storage.set('dismissed', { '7': 1_700_000_000_000 })
    expect([storage.get('steps', steps), storage.get('dismissed', dismissals)]).toEqual([[1, 2, 200], { '7': 1_700_000_000_000 }])
    storage.set('steps', [1, 3])
    storage.set('dismissed', { '7': 'yesterday' })
    expect([storage.get('steps', steps), storage.get('dismissed', dismissals)]).toEqual([undefined, undefined])
  })
})
