import { createSecureStorage } from '../../src/platform/secure-storage'
import { memoryBackend } from '../support/memory-storage'
import { TRACK_UID_PATTERN, TRACK_UID_STORAGE, createTrackUid } from '../../src/platform/tracking-uid'

const KEY_HEX = 'a'.repeat(64)
const PREFIX = 'prod_test_'

function device() {
  const backend = memoryBackend()
  const { raw } = backend
  let calls = 0
  // Distinct, predictable bytes per call, so two ids made in one test differ.
  const randomBytes = (count: number) => {
    calls += 1
    return Uint8Array.from({ length: count }, (_, index) => (calls * 31 + index) & 0xff)
  }
  const storage = () => createSecureStorage({ backend, keyHex: KEY_HEX, prefix: PREFIX, randomBytes })
  return { raw, storage, trackUid: () => createTrackUid(storage(), randomBytes) }
}

describe('the trackuid', () => {
  it('is random hex apart from the server uids, made once and then the same', () => {
    const { trackUid } = device()
    const read = trackUid()
    const first = read()
    expect(first).toMatch(TRACK_UID_PATTERN)
    expect(first.startsWith('U')).toBe(false)
    expect(read()).toBe(first)
  })

  it('stays the same across a reload (a new storage over the same device)', () => {
    const dev = device()
    const first = dev.trackUid()()
    expect(dev.trackUid()()).toBe(first)
  })

  it('is kept encrypted under the storage prefix, never in the clear', () => {
    const dev = device()
    const id = dev.trackUid()()
    expect([...dev.raw.keys()]).toEqual([`${PREFIX}${TRACK_UID_STORAGE.trackUid}`])
    expect([...dev.raw.values()].join('')).not.toContain(id)
    expect(dev.storage().get(TRACK_UID_STORAGE.trackUid, (value) => (typeof value === 'string' ? value : undefined))).toBe(id)
  })

  it('is made anew when the stored one is gone, tampered with or of another shape', () => {
    const dev = device()
    const read = dev.trackUid()
    const first = read()
    dev.raw.clear()
    const second = read()
    expect(second).toMatch(TRACK_UID_PATTERN)
    expect(second).not.toBe(first)

    const key = `${PREFIX}${TRACK_UID_STORAGE.trackUid}`
    dev.raw.set(key, `${dev.raw.get(key)?.slice(0, -2)}00`)
    const third = read()
    expect(third).not.toBe(second)

    dev.storage().set(TRACK_UID_STORAGE.trackUid, '13800138000')
    const fourth = read()
    expect(fourth).toMatch(TRACK_UID_PATTERN)
  })
})
