/**
 * Licence plates: ordinary blue plates (7 characters) and green new-energy plates (8). Special
 * plates (trailer, coach, police, Hong Kong, Macao, consulate, embassy) cannot be handled online.
 */
import { PLATE_COLOR, PLATE_LENGTH } from './enums'
import type { PlateColor } from './enums'
import { charLength } from './validation'
import { chinaClockTime } from './china-time'

/** Province abbreviations, in the order of the plate keyboard. */
export const PROVINCE_ABBREVIATIONS = [
  '京', '津', '沪', '渝', '冀', '豫', '云', '辽', '黑', '湘', '皖', '鲁', '新', '苏', '浙', '赣',
  '鄂', '桂', '甘', '晋', '蒙', '陕', '吉', '闽', '贵', '粤', '青', '藏', '川', '宁', '琼',
] as const

/** Characters of special plates that must be handled at a service outlet. */
export const SPECIAL_PLATE_CHARACTERS = ['挂', '学', '警', '港', '澳', '领', '使'] as const

/** Plate letters never include I or O (they read as 1 and 0). */
export const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
export const PLATE_DIGITS = '0123456789'
/** Energy letters of small new-energy plates: D and F first, the others added later. */
export const ENERGY_LETTERS = 'DFABCEGHJK'
/** Large new-energy plates end with D (pure electric) or F (hybrid). */
export const LARGE_ENERGY_LETTERS = 'DF'

export type PlateKind = 'blue' | 'green'

export type PlateResult =
  | { ok: true; plate: string; kind: PlateKind; plateColor: PlateColor }
  | { ok: false; reason: string }

export const PLATE_REASON = {
  empty: '请输入车牌号',
  special: '挂、学、警、港、澳、领、使等特殊号牌暂不支持线上办理，请到服务网点办理',
  province: '车牌号第一位应为省份简称',
  issuer: '车牌号第二位应为发牌机关字母',
  letterIO: '车牌号中不会出现字母I或O，请核对',
  length: '车牌号应为7位（普通蓝牌）或8位（新能源绿牌）',
  blue: '车牌号格式不正确，后5位应为字母或数字',
  green: '新能源车牌号格式不正确，请核对第3位及以后的字符',
} as const

const ALNUM = `[${PLATE_LETTERS}${PLATE_DIGITS}]`
const PROVINCE = `[${PROVINCE_ABBREVIATIONS.join('')}]`
const ISSUER = `[${PLATE_LETTERS}]`
const BLUE = new RegExp(`^${PROVINCE}${ISSUER}${ALNUM}{5}$`)
const GREEN_SMALL = new RegExp(`^${PROVINCE}${ISSUER}[${ENERGY_LETTERS}]${ALNUM}[0-9]{4}$`)
const GREEN_LARGE = new RegExp(`^${PROVINCE}${ISSUER}[0-9]{5}[${LARGE_ENERGY_LETTERS}]$`)
const PROVINCES = new Set<string>(PROVINCE_ABBREVIATIONS)
const SPECIALS = new Set<string>(SPECIAL_PLATE_CHARACTERS)

export function normalisePlate(input: string): string {
  return input.trim().replace(/[a-z]/g, (letter) => letter.toUpperCase())
}

export function parsePlate(input: string): PlateResult {
  const plate = normalisePlate(input)
  const reject = (reason: string): PlateResult => ({ ok: false, reason })
  if (!plate) return reject(PLATE_REASON.empty)
  const length = charLength(plate)
  if (length > PLATE_LENGTH.GREEN * 2) return reject(PLATE_REASON.length)
  const chars = [...plate]
  if (chars.some((ch) => SPECIALS.has(ch))) return reject(PLATE_REASON.special)
  if (!PROVINCES.has(chars[0] ?? '')) return reject(PLATE_REASON.province)
  if (/[IO]/.test(plate)) return reject(PLATE_REASON.letterIO)
  if (!PLATE_LETTERS.includes(chars[1] ?? '-')) return reject(PLATE_REASON.issuer)
  if (length === PLATE_LENGTH.BLUE) {
    return BLUE.test(plate) ? { ok: true, plate, kind: 'blue', plateColor: PLATE_COLOR.BLUE } : reject(PLATE_REASON.blue)
  }
  if (length === PLATE_LENGTH.GREEN) {
    return GREEN_SMALL.test(plate) || GREEN_LARGE.test(plate)
      ? { ok: true, plate, kind: 'green', plateColor: PLATE_COLOR.GREEN }
      : reject(PLATE_REASON.green)
  }
  return reject(PLATE_REASON.length)
}

/** The interception check may be queried once at least a blue plate's length is typed. */
export function isPlateQueryable(input: string): boolean {
  return charLength(normalisePlate(input)) >= PLATE_LENGTH.BLUE
}

/** Result types of the plate uniqueness check: free, or already handled (ETC device or order). */
export const PLATE_UNIQUE_RESULT = { FREE: 1, HAS_ETC: 2, HAS_ORDER: 3 } as const
export type PlateUniqueResult = (typeof PLATE_UNIQUE_RESULT)[keyof typeof PLATE_UNIQUE_RESULT]

/** Vehicle type the uniqueness check is asked about: passenger cars. */
export const UNIQUE_CHECK_VEHICLE_TYPE = 2

export const PLATE_TAKEN_MESSAGE = '该车辆已办理ETC'


/** A plate another applicant submitted but has not paid for: it frees at `releaseAt` unless they pay. */
export function plateHeldUntilMessage(releaseAt: Date): string {
  return `该车辆已有其他申请人提交办理申请，若对方未支付，车牌将于${chinaClockTime(releaseAt)}释放`
}
/** What an interception says when the issuer gives no reason of its own. */
export const PLATE_INTERCEPTED_MESSAGE = '该车辆暂不支持线上办理'
export const PLATE_TAKEN_HINT = '如需重新办理请联系客服'

/** Result types 2 and 3 mean the plate is already handled. */
export function plateAlreadyHandled(resultType: number | string | null | undefined): boolean {
  const value = Number(resultType)
  return value === PLATE_UNIQUE_RESULT.HAS_ETC || value === PLATE_UNIQUE_RESULT.HAS_ORDER
}

/** How each plate kind is named to the user. */
export const PLATE_KIND_LABEL: Readonly<Record<PlateKind, string>> = { blue: '蓝牌', green: '新能源绿牌' }

/** A plate's kind by its colour code: green for the new-energy code, blue otherwise. */
export function plateKindOf(plateColor: number | string | null | undefined): PlateKind {
  return Number(plateColor) === PLATE_COLOR.GREEN ? 'green' : 'blue'
}
