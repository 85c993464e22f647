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

  it("keeps the uploaded ID card sides of the current order only", () => {
    const { storage } = memory()
    const records = createImageRecords(storage, 'p_')
    records.addIdCardSide('order-1', 'idCardFront')
    records.addIdCardSide('order-1', 'idCardFront')
    expect(records.idCardSides('order-1')).toEqual(['idCardFront'])
    records.addIdCardSide('order-1', 'idCardBack')
    expect(records.idCardSides('order-1')).toEqual(['idCardFront', 'idCardBack'])
    expect(records.idCardSides('order-2')).toEqual([])
    expect(records.idCardSides(undefined)).toEqual([])
    records.addIdCardSide('order-2', 'idCardBack')
    expect(records.idCardSides('order-2')).toEqual(['idCardBack'])
    expect(records.idCardSides('order-1')).toEqual([])
  })

  it('reads corrupt or foreign values as absent', () => {
    const { raw, storage } = memory()
    const records = createImageRecords(storage, 'p_')
    raw.set(`p_${IMAGE_RECORD_KEYS.consent}`, '{not json')
    raw.set(`p_${IMAGE_RECORD_KEYS.idCardSides}`, JSON.stringify({ orderId: 'order-1', sides: ['passport'] }))
    expect(records.consentedAt()).toBeUndefined()
    expect(records.idCardSides('order-1')).toEqual([])
    raw.set(`p_${IMAGE_RECORD_KEYS.consent}`, JSON.stringify(-1))
    expect(records.consentedAt()).toBeUndefined()
  })
})
