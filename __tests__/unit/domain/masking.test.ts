import { maskIdNumber, maskMobile, maskName, maskPersonalData } from '../../../src/domain/masking'

describe('masking personal data', () => {
  it.each([
    ['13800138000', '138****8000'],
    ['1380013', '***0013'],
    ['', ''],
  ])('mobile %j → %j', (input, expected) => expect(maskMobile(input)).toBe(expected))

  it.each([
    ['11010519491231002X', '1101**********002X'],
    ['110105491231002', '1101*******1002'],
    ['1234', '****'],
  ])('ID %j → %j', (input, expected) => expect(maskIdNumber(input)).toBe(expected))

  it.each([
    ['张三', '张*'],
    ['欧阳娜娜', '欧***'],
    ['Li', 'L*'],
    ['王', '王'],
    ['𠀀𠀁', '𠀀*'],
  ])('name %j → %j', (input, expected) => expect(maskName(input)).toBe(expected))

  it('masks every mobile and ID number inside text, and nothing else', () => {
    const line = 'login 13800138000 id 11010519491231002X and 110105491231002 order E20261121000123456 at 1700000000000'
    const masked = maskPersonalData(line)
    expect(masked).toContain('138****8000')
    expect(masked).toContain('1101**********002X')
    expect(masked).toContain('1101*******1002')
    expect(masked).not.toMatch(/13800138000|11010519491231002X|110105491231002\b/)
    expect(masked).toContain('order E20261121000123456 at 1700000000000')
    expect(maskPersonalData('plate 京A12345, amount 2990, order ETC2026112112345678, 17 digits 12345678901234567')).toBe(
      'plate 京A12345, amount 2990, order ETC2026112112345678, 17 digits 12345678901234567',
    )
  })
})
