import { ISSUERS } from '../../../src/domain/enums'
import { PROVINCE_ISSUERS, needsProvinceVerification, provinceIssuerOf } from '../../../src/domain/province'

describe('province flow', () => {
  it('maps a plate starting with 豫 to the Henan issuer (12), blue or green', () => {
    expect(provinceIssuerOf('豫A12345')).toBe(12)
    expect(provinceIssuerOf('豫AD12345')).toBe(12)
    expect(provinceIssuerOf(' 豫A12345 ')).toBe(12)
    expect(ISSUERS.find((issuer) => issuer.id === provinceIssuerOf('豫A12345'))?.name).toBe('河南')
  })

  it('leaves every other plate, and no plate, to the ordinary flow', () => {
    for (const plate of ['京A12345', '冀A12345', '湘A12345', 'A12345豫', '']) {
      expect(provinceIssuerOf(plate)).toBeUndefined()
      expect(needsProvinceVerification(plate)).toBe(false)
    }
    expect(needsProvinceVerification('豫B54321')).toBe(true)
  })

  it('names only issuers of the issuer table', () => {
    const ids = new Set<number>(ISSUERS.map((issuer) => issuer.id))
    expect(Object.values(PROVINCE_ISSUERS).every((id) => ids.has(id))).toBe(true)
  })
})
