/**
 * Field validation shared by the forms and the server. Each validator normalises its input and
 * returns either the normalised value or a Chinese reason fit to show under the field. Length is
 * checked before any pattern, so hostile input (huge, emoji, bidi marks) returns quickly.
 */

export type ValidationResult = { ok: true; value: string } | { ok: false; reason: string }

export const ok = (value: string): ValidationResult => ({ ok: true, value })
export const fail = (reason: string): ValidationResult => ({ ok: false, reason })

/** Counts characters as the user sees them (code points), not UTF-16 units. */
export function charLength(s: string): number {
  let count = 0
  for (const _ of s) count++
  return count
}

/** Chinese characters: CJK unified ideographs, extension A, compatibility and extension B–F. */
/**
 * What a digit field takes of typed or pasted text: its digits only, cut to the field's length
 * (a mobile, an SMS code).
 */
export const digitsOnly = (value: string, length: number): string => value.replace(/\D/g, '').slice(0, length)

export const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u{20000}-\\u{2ebef}'

/** Describes the first character outside `allowed`, for a reason the user can act on. */
function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return '控制字符'
  if (/\p{Cf}/u.test(ch)) return '不可见的格式字符'
  if (/\s/u.test(ch)) return '特殊空白字符'
  return `“${ch}”`
}

function firstOutside(s: string, allowed: RegExp): string | undefined {
  for (const ch of s) if (!allowed.test(ch)) return ch
  return undefined
}

// ---- name -------------------------------------------------------------------------------------

export const NAME_MIN_LENGTH = 2
export const NAME_MAX_LENGTH = 40
/** Middle-dot variants people type between the parts of a name. */
const NAME_DOTS = '.·•・．'
const NAME_DOT = new RegExp(`[${NAME_DOTS}]`)
const LATIN_NAME = new RegExp(`^[A-Za-z]+(?:(?: ?[${NAME_DOTS}] ?| )[A-Za-z]+)*$`)
const CHINESE_NAME = new RegExp(`^[${HAN}()（）]+(?:[${NAME_DOTS}][${HAN}()（）]+)*$`, 'u')

export const NAME_REASON = {
  empty: '请输入姓名',
  tooShort: `姓名至少${NAME_MIN_LENGTH}个字`,
  tooLong: `姓名不能超过${NAME_MAX_LENGTH}个字`,
  edgeDot: '姓名不能以“·”开头或结尾',
  invalid: '姓名只能是中文（可含“·”和括号），或英文字母（可含空格和“·”）',
} as const

export function validateName(input: string): ValidationResult {
  const value = input.trim().replace(/ {2,}/g, ' ')
  if (!value) return fail(NAME_REASON.empty)
  const length = charLength(value)
  if (length > NAME_MAX_LENGTH) return fail(NAME_REASON.tooLong)
  if (length < NAME_MIN_LENGTH) return fail(NAME_REASON.tooShort)
  if (NAME_DOT.test(value[0] ?? '') || NAME_DOT.test(value[value.length - 1] ?? '')) return fail(NAME_REASON.edgeDot)
  return LATIN_NAME.test(value) || CHINESE_NAME.test(value) ? ok(value) : fail(NAME_REASON.invalid)
}

// ---- mobile -----------------------------------------------------------------------------------

export const MOBILE_LENGTH = 11

export const MOBILE_REASON = {
  empty: '请输入手机号',
  countryCode: '请直接输入11位手机号，无需加国家区号',
  innerSpace: '手机号中不能有空格',
  notDigits: '手机号只能包含数字',
  length: `手机号应为${MOBILE_LENGTH}位`,
  prefix: '手机号应以13至19开头',
} as const

export function validateMobile(input: string): ValidationResult {
  const value = input.trim()
  if (!value) return fail(MOBILE_REASON.empty)
  if (value.length > MOBILE_LENGTH * 2) return fail(MOBILE_REASON.length)
  if (/^(\+|00)86/.test(value)) return fail(MOBILE_REASON.countryCode)
  if (/\s/u.test(value)) return fail(MOBILE_REASON.innerSpace)
  if (!/^[0-9]+$/.test(value)) return fail(MOBILE_REASON.notDigits)
  if (value.length !== MOBILE_LENGTH) return fail(MOBILE_REASON.length)
  return /^1[3-9]/.test(value) ? ok(value) : fail(MOBILE_REASON.prefix)
}

// ---- free text: address and vehicle information -------------------------------------------------

interface FreeTextRule {
  readonly label: string
  readonly min: number
  readonly max: number
  /** One allowed character. */
  readonly allowed: RegExp
}

function validateFreeText(input: string, rule: FreeTextRule): ValidationResult {
  const value = input.trim().replace(/ {2,}/g, ' ')
  if (!value) return fail(`请输入${rule.label}`)
  const length = charLength(value)
  if (length > rule.max) return fail(`${rule.label}不能超过${rule.max}个字`)
  if (length < rule.min) return fail(`${rule.label}至少${rule.min}个字`)
  const bad = firstOutside(value, rule.allowed)
  return bad === undefined ? ok(value) : fail(`${rule.label}中不能包含${describeChar(bad)}`)
}

/** Chinese characters, word characters, spaces and the punctuation of a postal address. */
export const ADDRESS_RULE: FreeTextRule = {
  label: '详细地址',
  min: 5,
  max: 100,
  allowed: new RegExp(`^[${HAN}\\w \\-#()（）,，.。、/·:：]$`, 'u'),
}

/** Chinese characters, parentheses, word characters and the symbols of a model name. */
export const VEHICLE_INFO_RULE: FreeTextRule = {
  label: '车辆信息',
  min: 2,
  max: 50,
  allowed: new RegExp(`^[${HAN}\\w \\-()（）.·/+]$`, 'u'),
}

/** Province, city and district fit comfortably in this many characters. */
const REGION_MAX_LENGTH = 30

/** Chinese characters, letters, digits, spaces and the separators between province, city and district. */
export const REGION_RULE: FreeTextRule = {
  label: '所在地区',
  min: 2,
  max: REGION_MAX_LENGTH,
  allowed: new RegExp(`^[${HAN}A-Za-z0-9 \\-/,，、·()（）]$`, 'u'),
}

export function validateAddress(input: string): ValidationResult {
  return validateFreeText(input, ADDRESS_RULE)
}

export function validateRegion(input: string): ValidationResult {
  return validateFreeText(input, REGION_RULE)
}

export function validateVehicleInfo(input: string): ValidationResult {
  return validateFreeText(input, VEHICLE_INFO_RULE)
}

// ---- engine number ----------------------------------------------------------------------------

export const ENGINE_NUMBER_MIN_LENGTH = 4
export const ENGINE_NUMBER_MAX_LENGTH = 20

export const ENGINE_NUMBER_REASON = {
  empty: '请输入发动机号',
  length: `发动机号应为${ENGINE_NUMBER_MIN_LENGTH}至${ENGINE_NUMBER_MAX_LENGTH}位`,
  invalid: '发动机号只能包含大写字母、数字和“-”',
} as const

export function validateEngineNumber(input: string): ValidationResult {
  const value = input.trim().toUpperCase()
  if (!value) return fail(ENGINE_NUMBER_REASON.empty)
  const length = charLength(value)
  if (length < ENGINE_NUMBER_MIN_LENGTH || length > ENGINE_NUMBER_MAX_LENGTH) return fail(ENGINE_NUMBER_REASON.length)
  return /^[A-Z0-9-]+$/.test(value) ? ok(value) : fail(ENGINE_NUMBER_REASON.invalid)
}

// ---- VIN ------------------------------------------------------------------------------------

export const VIN_LENGTH = 17
/** ISO 3779 transliteration of letters to numbers for the check digit (I, O, Q never occur). */
const VIN_VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const
const VIN_CHECK_INDEX = 8
/** VINs of vehicles built in China start with this world-manufacturer letter. */
export const CHINA_VIN_PREFIX = 'L'

export const VIN_REASON = {
  empty: '请输入车辆识别代号（车架号）',
  length: `车辆识别代号应为${VIN_LENGTH}位`,
  forbiddenLetter: '车辆识别代号中不会出现字母I、O、Q，请核对',
  invalid: '车辆识别代号只能包含字母和数字',
  checkDigit: '车辆识别代号校验位不正确，请按行驶证核对',
} as const

/** The ISO 3779 check character of a 17-character VIN (position 9). */
export function vinCheckCharacter(vin: string): string {
  let sum = 0
  for (let i = 0; i < VIN_LENGTH; i++) {
    const ch = vin[i] ?? ''
    const value = /[0-9]/.test(ch) ? Number(ch) : (VIN_VALUES[ch] ?? 0)
    sum += value * (VIN_WEIGHTS[i] ?? 0)
  }
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

export function validateVin(input: string): ValidationResult {
  const value = input.trim().toUpperCase()
  if (!value) return fail(VIN_REASON.empty)
  if (charLength(value) !== VIN_LENGTH) return fail(VIN_REASON.length)
  if (/[IOQ]/.test(value)) return fail(VIN_REASON.forbiddenLetter)
  if (!/^[A-HJ-NPR-Z0-9]+$/.test(value)) return fail(VIN_REASON.invalid)
  if (value.startsWith(CHINA_VIN_PREFIX) && value[VIN_CHECK_INDEX] !== vinCheckCharacter(value)) {
    return fail(VIN_REASON.checkDigit)
  }
  return ok(value)
}
