import { ATTRIBUTION_TAG, addressClickId, addressPromotion, isAttributionTag } from '../../../src/domain/attribution'

describe('attribution tags', () => {
  it.each([
    ['PC_1', true],
    ['a-b_C9', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['has space', false],
    ['中文', false],
    ['a.b', false],
    [42, false],
    [undefined, false],
  ])('%p is a tag: %p', (value, expected) => {
    expect(isAttributionTag(value)).toBe(expected)
  })

  it('is the pattern the server checks identifiers with', () => {
    expect(ATTRIBUTION_TAG.source).toBe('^[A-Za-z0-9_-]{1,64}$')
  })
})

describe('addressPromotion', () => {
  it('takes a well-formed promotion id with its well-formed tags', () => {
    expect(addressPromotion({ promotionChannelId: 'PC', partnerId: 'P', promoterId: 'Q', other: 'x' })).toEqual({ promotionChannelId: 'PC', partnerId: 'P', promoterId: 'Q' })
  })

  it('leaves out tags of the wrong form, and has nothing without a promotion id', () => {
    expect(addressPromotion({ promotionChannelId: 'PC', partnerId: 'a b', promoterId: '' })).toEqual({ promotionChannelId: 'PC' })
    expect(addressPromotion({ partnerId: 'P', promoterId: 'Q' })).toBeUndefined()
    expect(addressPromotion({ promotionChannelId: '../x' })).toBeUndefined()
  })
})

describe('addressClickId', () => {
  it.each([
    [{ bd_vid: '11868497467371235463' }, '11868497467371235463'],
    [{ bd_vid: 'abc.DEF-1_2' }, 'abc.DEF-1_2'],
    [{ bd_vid: 'x'.repeat(129) }, undefined],
    [{ bd_vid: 'a b' }, undefined],
    [{}, undefined],
  ])('%p → %p', (params, expected) => {
    expect(addressClickId(params)).toBe(expected)
  })
})
