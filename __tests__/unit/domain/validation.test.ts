import {
  ADDRESS_RULE,
  ENGINE_NUMBER_REASON,
  MOBILE_REASON,
  NAME_MAX_LENGTH,
  NAME_REASON,
  REGION_RULE,
  VEHICLE_INFO_RULE,
  VIN_REASON,
  charLength,
  digitsOnly,
  validateAddress,
  validateEngineNumber,
  validateMobile,
  validateName,
  validateRegion,
  validateVehicleInfo,
  validateVin,
  vinCheckCharacter,
  validateHandoverCode,
  HANDOVER_CODE_REASON,
} from '../../../src/domain'
import type { ValidationResult } from '../../../src/domain'
import { itAccepts, itRefuses } from '../../support/outcome-table'
import { HOSTILE_INPUTS } from './hostile'

const valid = (value: string): ValidationResult => ({ ok: true, value })
const invalid = (reason: string): ValidationResult => ({ ok: false, reason })

describe('validateName', () => {
  itAccepts(validateName, [
    ['张三', '张三'],
    ['  欧阳娜娜 ', '欧阳娜娜'],
    ['迪丽热巴·迪力木拉提', '迪丽热巴·迪力木拉提'],
    ['阿卜杜勒·克里木（小）', '阿卜杜勒·克里木（小）'],
    ['王(二)', '王(二)'],
    ['𠀋𠀌', '𠀋𠀌'],
    ['John Smith', 'John Smith'],
    ['John  Smith', 'John Smith'],
    ['Mary·Ann', 'Mary·Ann'],
    ['J.R Tolkien', 'J.R Tolkien'],
    ['Anna . Maria', 'Anna . Maria'],
    ['Li', 'Li'],
  ])

  itRefuses(validateName, [
    [NAME_REASON.empty, ['', '   ']],
    [NAME_REASON.tooShort, ['张', 'A']],
    [NAME_REASON.tooLong, ['张'.repeat(NAME_MAX_LENGTH + 1)]],
    [NAME_REASON.edgeDot, ['·张三', '张三·', '.John']],
    [NAME_REASON.invalid, ['张三John', '张 三', '张三3', '张··三', 'John (Jr)', 'John_Smith', '<b>张三</b>']],
  ])

  it('accepts exactly the maximum length', () => {
    expect(validateName('张'.repeat(NAME_MAX_LENGTH)).ok).toBe(true)
  })
})

describe('digitsOnly', () => {
  it.each([
    ['138-0013-8000', 11, '13800138000'],
    ['+86 138 0013 8000 99', 11, '86138001380'],
    ['12 34 56 78', 6, '123456'],
    ['验证码', 6, ''],
  ])('takes %j, at most %i digits, as %j', (value, length, digits) => {
    expect(digitsOnly(value, length)).toBe(digits)
  })
})

describe('validateMobile', () => {
  it.each(['13800138000', '19912345678', ' 15012345678 ', '16600000000'])('accepts %p', (input) => {
    expect(validateMobile(input)).toEqual(valid(input.trim()))
  })

  itRefuses(validateMobile, [
    [MOBILE_REASON.empty, ['']],
    [MOBILE_REASON.countryCode, ['+8613800138000', '008613800138000']],
    [MOBILE_REASON.innerSpace, ['138 0013 8000']],
    [MOBILE_REASON.notDigits, ['1380013800a', '１３８００１３８０００']],
    [MOBILE_REASON.length, ['1380013800', '138001380001']],
    [MOBILE_REASON.prefix, ['12800138000', '10000000000', '23800138000']],
  ])

  it.each(['3', '4', '5', '6', '7', '8', '9'])('accepts the 1%s prefix', (second) => {
    expect(validateMobile(`1${second}012345678`).ok).toBe(true)
  })
})

describe.each([
  ['validateAddress', validateAddress, ADDRESS_RULE, '北京市朝阳区建国路88号SOHO现代城A座-1201室（东门）'],
  ['validateVehicleInfo', validateVehicleInfo, VEHICLE_INFO_RULE, '大众牌FV7152FCDWG(高尔夫) 1.4T/自动'],
  ['validateRegion', validateRegion, REGION_RULE, '广东省 深圳市 南山区'],
] as const)('%s', (_name, validate, rule, example) => {
  it('accepts a realistic value and normalises spaces', () => {
    expect(validate(`  ${example}  `)).toEqual(valid(example))
    expect(validate(example.replace(' ', '   '))).toEqual(valid(example))
  })

  it('requires a value', () => {
    expect(validate('  ')).toEqual(invalid(`请输入${rule.label}`))
  })

  it('enforces its length limits exactly', () => {
    expect(validate('路'.repeat(rule.min)).ok).toBe(true)
    expect(validate('路'.repeat(rule.min - 1))).toEqual(invalid(`${rule.label}至少${rule.min}个字`))
    expect(validate('路'.repeat(rule.max)).ok).toBe(true)
    expect(validate('路'.repeat(rule.max + 1))).toEqual(invalid(`${rule.label}不能超过${rule.max}个字`))
  })

  it.each([
    ['<', '“<”'],
    ['>', '“>”'],
    ['"', '“"”'],
    ['😀', '“😀”'],
    ['\u0007', '控制字符'],
    ['\u202e', '不可见的格式字符'],
    ['\u3000', '特殊空白字符'],
  ])('rejects %p and names it', (bad, described) => {
    expect(validate(`北京市朝阳区${bad}建国路`)).toEqual(invalid(`${rule.label}中不能包含${described}`))
  })
})

describe('validateEngineNumber', () => {
  itAccepts(
    validateEngineNumber,
    [
      ['ab12345', 'AB12345'],
      [' 4G15-A1234 ', '4G15-A1234'],
      ['1234', '1234'],
    ],
    'accepts %p as %p',
  )

  itRefuses(validateEngineNumber, [
    [ENGINE_NUMBER_REASON.empty, ['']],
    [ENGINE_NUMBER_REASON.length, ['123', 'A'.repeat(21)]],
    [ENGINE_NUMBER_REASON.invalid, ['AB 123', 'AB_123', '发动机1234', 'ＡＢ１２３']],
  ])
})

describe('validateVin', () => {
  // Check digits computed independently of the code under test.
  const CHINA_VINS = ['LSVAU218XN2183294', 'LFV2A21K573123456', 'LGBH52E03JY123456', 'LHGCR2654E8012345']

  it.each(CHINA_VINS)('accepts the China-built VIN %p', (vin) => {
    expect(validateVin(` ${vin.toLowerCase()} `)).toEqual(valid(vin))
    expect(vinCheckCharacter(vin)).toBe(vin[8])
  })

  it('checks position 9 only for China-built vehicles', () => {
    expect(validateVin('1M8GDM9AXKP042788')).toEqual(valid('1M8GDM9AXKP042788'))
    expect(validateVin('1M8GDM9A1KP042788')).toEqual(valid('1M8GDM9A1KP042788'))
  })

  it.each(CHINA_VINS)('rejects every other check character for %p', (vin) => {
    for (const ch of '0123456789X') {
      if (ch === vin[8]) continue
      expect(validateVin(`${vin.slice(0, 8)}${ch}${vin.slice(9)}`)).toEqual(invalid(VIN_REASON.checkDigit))
    }
  })

  itRefuses(validateVin, [
    [VIN_REASON.empty, ['']],
    [VIN_REASON.length, ['LSVAU218XN218329', 'LSVAU218XN21832944']],
    [VIN_REASON.forbiddenLetter, ['LSVAU218XN218329I', 'LSVAO218XN2183294', 'QSVAU218XN2183294']],
    [VIN_REASON.invalid, ['LSVAU218XN218329-', 'LSVAU218XN218329车']],
  ])
})

describe('hostile input', () => {
  const validators = { validateName, validateMobile, validateAddress, validateRegion, validateVehicleInfo, validateEngineNumber, validateVin, validateHandoverCode }

  it.each(Object.entries(validators).flatMap(([name, fn]) => HOSTILE_INPUTS.map(([label, input]) => [name, label, fn, input] as const)))(
    '%s returns a reason for %s',
    (_name, _label, validate, input) => {
      const result = validate(input)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.reason.length).toBeGreaterThan(0)
    },
  )

  it('counts characters, not UTF-16 units', () => {
    expect(charLength('𠀋a')).toBe(2)
  })
})

describe('validateRegion', () => {
  it.each(['北京市 海淀区', '广东省/深圳市/南山区', '新疆维吾尔自治区·乌鲁木齐市', 'Hong Kong, 九龙'])('accepts %p', (region) => {
    expect(validateRegion(region)).toEqual(valid(region))
  })

  it.each([
    ['#', '“#”'],
    [':', '“:”'],
    ['\u0000', '控制字符'],
  ])('keeps %p out of the region', (bad, described) => {
    expect(validateRegion(`广东省${bad}深圳市`)).toEqual(invalid(`所在地区中不能包含${described}`))
  })
})

describe('validateHandoverCode', () => {
  it('accepts eight digits, ignoring spaces', () => {
    expect(validateHandoverCode(' 2026 1121 ')).toEqual(valid('20261121'))
  })

  itRefuses(
    validateHandoverCode,
    [
      [HANDOVER_CODE_REASON.empty, ['']],
      [HANDOVER_CODE_REASON.invalid, ['1234567', '123456789', '1234567a', '１２３４５６７８']],
    ],
    'refuses %p',
  )
})
