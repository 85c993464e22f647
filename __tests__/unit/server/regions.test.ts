import { regionTree } from '../../../server/catalogue/regions'
import { isKnownRegion, regionText } from '../../../src/domain/region'
import { validateRegion } from '../../../src/domain/validation'

describe('the region list', () => {
  const tree = regionTree()
  const regions = tree.flatMap(([province, cities]) => cities.flatMap(([city, districts]) => districts.map((district) => regionText([province, city, district]))))

  it("covers the mainland's 31 provinces, each with cities and each city with districts", () => {
    expect(tree).toHaveLength(31)
    expect(tree.map(([name]) => name)).toEqual(expect.arrayContaining(['北京市', '广东省', '新疆维吾尔自治区']))
    for (const [province, cities] of tree) {
      expect([province, cities.length > 0]).toEqual([province, true])
      for (const [city, districts] of cities) expect([city, districts.length > 0]).toEqual([city, true])
    }
    expect(regions.length).toBeGreaterThan(2800)
  })

  it('leaves out the places the devices are not mailed to', () => {
    expect(tree.map(([name]) => name)).not.toEqual(expect.arrayContaining(['台湾省']))
    expect(tree.some(([name]) => name.includes('香港') || name.includes('澳门'))).toBe(false)
  })

  it("gives regions the form's own rule takes as they are, and that are known", () => {
    const refused = regions.filter((text) => {
      const checked = validateRegion(text)
      return !checked.ok || checked.value !== text || !isKnownRegion(tree, text)
    })
    expect(refused).toEqual([])
    expect(regions).toContain('广东省 深圳市 南山区')
  })

  it('is built once', () => {
    expect(regionTree()).toBe(tree)
  })
})
