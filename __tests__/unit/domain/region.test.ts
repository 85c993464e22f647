import { REGION_DEPTH, isKnownRegion, regionNames, regionOptions, regionText } from '../../../src/domain/region'
import type { RegionTree } from '../../../src/domain/region'

const TREE: RegionTree = [
  ['北京市', [['北京市', ['东城区', '海淀区']]]],
  [
    '广东省',
    [
      ['广州市', ['天河区']],
      ['深圳市', ['南山区', '福田区']],
    ],
  ],
]

describe('a region of the list', () => {
  it('is its names joined by one space, and splits back into them', () => {
    expect(regionText(['广东省', '深圳市', '南山区'])).toBe('广东省 深圳市 南山区')
    expect(regionNames('广东省 深圳市 南山区')).toEqual(['广东省', '深圳市', '南山区'])
    expect(regionNames('')).toEqual([])
    expect(REGION_DEPTH).toBe(3)
  })

  it('offers provinces, then the cities of the province, then the districts of the city', () => {
    expect(regionOptions(TREE, [])).toEqual(['北京市', '广东省'])
    expect(regionOptions(TREE, ['广东省'])).toEqual(['广州市', '深圳市'])
    expect(regionOptions(TREE, ['广东省', '深圳市'])).toEqual(['南山区', '福田区'])
    expect(regionOptions(TREE, ['北京市', '北京市'])).toEqual(['东城区', '海淀区'])
  })

  it('offers nothing under a name the list does not have', () => {
    expect(regionOptions(TREE, ['江苏省'])).toEqual([])
    expect(regionOptions(TREE, ['广东省', '南京市'])).toEqual([])
    expect(regionOptions(TREE, ['北京市', '深圳市'])).toEqual([])
  })

  it.each([
    ['广东省 深圳市 南山区', true],
    ['北京市 北京市 海淀区', true],
    ['广东省 广州市 南山区', false],
    ['北京市 深圳市 南山区', false],
    ['广东省 深圳市', false],
    ['广东省 深圳市 南山区 南山区', false],
    ['广东省  深圳市 南山区', false],
    [' 广东省 深圳市 南山区', false],
    ['深圳南山', false],
    ['', false],
  ])('%j is known: %s', (text, known) => {
    expect(isKnownRegion(TREE, text)).toBe(known)
  })
})
