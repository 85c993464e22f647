/**
 * Resident identity card numbers. `validateIdNumber` is the form rule (18 characters, province,
 * a real birth date, the ISO 7064 MOD 11-2 check character); `checkIdNumber` is the looser ID
 * check that also accepts the legacy 15-digit format.
 */
import { fail, ok } from './validation'
import type { ValidationResult } from './validation'

export const ID_LENGTH = 18
export const LEGACY_ID_LENGTH = 15
export const EARLIEST_BIRTH_YEAR = 1800
/** Legacy numbers carry a two-digit year of the 1900s. */
const LEGACY_CENTURY = 1900

const PROVINCE_RANGES: readonly (readonly [number, number])[] = [
  [11, 15], [21, 23], [31, 37], [41, 46], [50, 54], [61, 65], [71, 71], [81, 83],
]
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const
const CHECK_CHARACTERS = '10X98765432'

export const ID_REASON = {
  empty: '请输入身份证号',
  length: `身份证号应为${ID_LENGTH}位`,
  legacyLength: `身份证号应为${LEGACY_ID_LENGTH}位或${ID_LENGTH}位`,
  format: '身份证号前17位应为数字，最后一位为数字或X',
  legacyFormat: `${LEGACY_ID_LENGTH}位身份证号应全部为数字`,
  province: '身份证号的地区码不正确',
  birthDate: '身份证号中的出生日期不正确',
  checksum: '身份证号校验位不正确，请核对',
} as const

export function isProvinceCode(code: number): boolean {
  return PROVINCE_RANGES.some(([from, to]) => code >= from && code <= to)
}

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function idCheckCharacter(first17: string): string {
  let sum = 0
  for (let i = 0; i < ID_WEIGHTS.length; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0)
  return CHECK_CHARACTERS[sum % 11] ?? ''
}

/** A real calendar date from EARLIEST_BIRTH_YEAR up to and including `today`. */
function isBirthDate(year: number, month: number, day: number, today: Date): boolean {
  if (year < EARLIEST_BIRTH_YEAR || month < 1 || month > 12 || day < 1) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false
  const limit = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())
  return date.getTime() <= limit
}

function normalise(input: string): string {
  return input.trim().replace(/x$/, 'X')
}

function validate18(value: string, today: Date): ValidationResult {
  if (!/^[0-9]{17}[0-9X]$/.test(value)) return fail(ID_REASON.format)
  if (!isProvinceCode(Number(value.slice(0, 2)))) return fail(ID_REASON.province)
  const [year, month, day] = [value.slice(6, 10), value.slice(10, 12), value.slice(12, 14)].map(Number)
  if (!isBirthDate(year ?? 0, month ?? 0, day ?? 0, today)) return fail(ID_REASON.birthDate)
  return value[17] === idCheckCharacter(value) ? ok(value) : fail(ID_REASON.checksum)
}

export function validateIdNumber(input: string, today: Date = new Date()): ValidationResult {
  const value = normalise(input)
  if (!value) return fail(ID_REASON.empty)
  if (value.length !== ID_LENGTH) return fail(ID_REASON.length)
  return validate18(value, today)
}

export function checkIdNumber(input: string, today: Date = new Date()): ValidationResult {
  const value = normalise(input)
  if (!value) return fail(ID_REASON.empty)
  if (value.length === ID_LENGTH) return validate18(value, today)
  if (value.length !== LEGACY_ID_LENGTH) return fail(ID_REASON.legacyLength)
  if (!/^[0-9]+$/.test(value)) return fail(ID_REASON.legacyFormat)
  if (!isProvinceCode(Number(value.slice(0, 2)))) return fail(ID_REASON.province)
  const [yy, month, day] = [value.slice(6, 8), value.slice(8, 10), value.slice(10, 12)].map(Number)
  return isBirthDate(LEGACY_CENTURY + (yy ?? 0), month ?? 0, day ?? 0, today) ? ok(value) : fail(ID_REASON.birthDate)
}
