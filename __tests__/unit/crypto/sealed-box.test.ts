import { createSealedBox } from '../../../src/services/crypto/sealed-box'
import { openSealed, seal } from '../../../server/crypto/sealed-box'
import { DEV_PAYLOAD_KEY_HEX, SEALED_FIELD, SEAL_PURPOSE } from '../../../types/api/sealed'

const OTHER_KEY = 'a'.repeat(64)
const payload = JSON.stringify({ plateNumber: '京A12345', owner: { ownerName: '张三', idNumber: '11010519491231002X' }, note: '🚗' })

describe('sealed parameters shared by app and server', () => {
  const app = createSealedBox(DEV_PAYLOAD_KEY_HEX, SEAL_PURPOSE.payload)

  it('opens on the server what the app sealed, and the other way round', () => {
    const fromApp = app.seal(SEALED_FIELD.apply, payload)
    expect(openSealed(DEV_PAYLOAD_KEY_HEX, SEALED_FIELD.apply, fromApp)).toBe(payload)
    const fromServer = seal(DEV_PAYLOAD_KEY_HEX, SEALED_FIELD.token, payload)
    expect(app.open(SEALED_FIELD.token, fromServer)).toBe(payload)
  })

  it('uses a fresh IV per seal and hides the plaintext', () => {
    const a = app.seal(SEALED_FIELD.apply, payload)
    const b = app.seal(SEALED_FIELD.apply, payload)
    expect(a).not.toBe(b)
    expect(a).not.toContain('京A12345')
    expect(Buffer.from(a.split('.')[2] ?? '', 'base64').toString('utf8')).not.toContain('110105')
  })

  it('refuses a seal for another field, another purpose or another key', () => {
    const sealed = app.seal(SEALED_FIELD.apply, payload)
    expect(openSealed(DEV_PAYLOAD_KEY_HEX, SEALED_FIELD.token, sealed)).toBeUndefined()
    expect(openSealed(DEV_PAYLOAD_KEY_HEX, SEALED_FIELD.apply, sealed, SEAL_PURPOSE.storage)).toBeUndefined()
    expect(openSealed(OTHER_KEY, SEALED_FIELD.apply, sealed)).toBeUndefined()
    expect(createSealedBox(OTHER_KEY, SEAL_PURPOSE.payload).open(SEALED_FIELD.apply, sealed)).toBeUndefined()
  })

  it('refuses every single-character change of a seal', () => {
    const sealed = seal(DEV_PAYLOAD_KEY_HEX, SEALED_FIELD.apply, 'x')
    for (let i = 0; i < sealed.length; i++) {
      const replacement = sealed[i] === 'A' ? 'B' : 'A'
      const changed = sealed.slice(0, i) + replacement + sealed.slice(i + 1)
      expect(openSealed(DEV_PAYLOAD_KEY_HEX, SEALED_FIELD.apply, changed)).toBeUndefined()
      expect(app.open(SEALED_FIELD.apply, changed)).toBeUndefined()
    }
  })

  it.each(['', 'v1', 'v1...', 'v2.a.b.c', 'v1.!!.??.zz', `v1.${'A'.repeat(100000)}.b.c`, 'v1.a.b.c.d', '\u0000', '{"a":1}'])(
    'treats %j as not sealed on both sides',
    (text) => {
      expect(openSealed(DEV_PAYLOAD_KEY_HEX, SEALED_FIELD.apply, text)).toBeUndefined()
      expect(app.open(SEALED_FIELD.apply, text)).toBeUndefined()
    },
  )

  it('rejects keys that are not 32 bytes of hex', () => {
    for (const key of ['', 'abc', 'g'.repeat(64), 'a'.repeat(63), 'a'.repeat(66)]) {
      expect(() => seal(key, 'x', 'y')).toThrow(/32 bytes/)
      expect(() => createSealedBox(key, SEAL_PURPOSE.payload)).toThrow(/32 bytes/)
    }
  })
})
