import { IMAGE_RECORD_KEYS, createImageRecords } from '../../src/platform/image-records'

// The bound instance reads Taro's storage; these tests build their own over memory.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }))

function memory() {
  const raw = new Map<string, string>()
  return {
    raw,
    storage: { getString: (k: string) => raw.get(k), setString: (k: string, v: string) => void raw.set(k, v), remove: (k: string) => void raw.delete(k) },
  }
}

describe('image records', () => {
  it('remembers camera and album consent under the channel prefix', () => {
    const { raw, storage } = memory()
    const records = createImageRecords(storage, 'etc_bank_')
    expect(records.consentedAt()).toBeUndefined()
    records.rememberConsent(1234)
    expect(records.consentedAt()).toBe(1234)
    expect([...raw.keys()]).toEqual([`etc_bank_${IMAGE_RECORD_KEYS.consent}`])
  })

  it('reads corrupt or foreign values as absent', () => {
    const { raw, storage } = memory()
    const records = createImageRecords(storage, 'p_')
    raw.set(`p_${IMAGE_RECORD_KEYS.consent}`, '{not json')
    expect(records.consentedAt()).toBeUndefined()
    raw.set(`p_${IMAGE_RECORD_KEYS.consent}`, JSON.stringify(-1))
    expect(records.consentedAt()).toBeUndefined()
  })
})
