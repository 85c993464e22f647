/**
 * zod fields built on the domain's validators, so the server accepts exactly what the app's
 * forms accept, with the same Chinese reasons.
 */
import { z } from 'zod'
import { VOUCHER_CODE_PATTERN } from '../../types/api/apply'
import { ATTRIBUTION_TAG } from '../../src/domain/attribution'
import { validateHandoverCode } from '../../src/domain/handover-code'
import { validateIdNumber } from '../../src/domain/id-number'
import { parsePlate } from '../../src/domain/plate'
import { REGION_UNKNOWN, isKnownRegion } from '../../src/domain/region'
import { normalizeVoucherCode } from '../../src/domain/voucher'
import {
  fail,
  ok,
  validateAddress,
  validateEngineNumber,
  validateMobile,
  validateName,
  validateRegion,
  validateVehicleInfo,
  validateVin,
} from '../../src/domain/validation'
import type { ValidationResult } from '../../src/domain/validation'
import { regionTree } from '../catalogue/regions'
import { domainField, domainValue } from '../http/validation'

/** Longest text any field takes before its own rule looks at it (the framework's input limit). */
export const MAX_FIELD_LENGTH = 140

/** A string checked and normalised by a domain validator; its reason becomes the error message. */
export function ruled(validate: (input: string) => ValidationResult) {
  return domainField(validate, MAX_FIELD_LENGTH)
}

/** A plate parsed once: its normalised text and its colour go on together. */
export const parsedPlate = domainValue(
  (input) => {
    const plate = parsePlate(input)
    return plate.ok ? { ok: true, value: plate } : plate
  },
  (plate) => plate.plate,
  MAX_FIELD_LENGTH,
)

export const plateNumber = parsedPlate.transform((plate) => plate.plate)

const PLATE_COLOUR_MISMATCH = '车牌颜色与车牌号不符'

type ReadPlate = z.output<typeof parsedPlate>

/**
 * For an object holding a plate parsed once (`parsedPlate` at `plateKey`) and its colour code at
 * `colourKey`: `check` refuses a colour the plate does not have (blue 7 characters, green 8), and
 * `asText` hands the plate's normalised text on in its place.
 */
export function plateColourRule<K extends string, C extends string>(plateKey: K, colourKey: C) {
  return {
    check(value: Record<K, ReadPlate> & Record<C, number>, context: z.RefinementCtx): void {
      if (value[plateKey].plateColor !== value[colourKey]) {
        context.addIssue({ code: 'custom', path: [colourKey], message: PLATE_COLOUR_MISMATCH })
      }
    },
    asText<T extends Record<K, ReadPlate>>(value: T): Omit<T, K> & Record<K, string> {
      return { ...value, [plateKey]: value[plateKey].plate }
    },
  }
}

export const mobile = ruled(validateMobile)
export const personName = ruled(validateName)
// Applications need the 18-digit number (section 5); 15-digit numbers are only recognised.
export const idNumber = ruled((input) => validateIdNumber(input))
export const vin = ruled(validateVin)
export const engineNumber = ruled(validateEngineNumber)
export const vehicleInfo = ruled(validateVehicleInfo)
export const address = ruled(validateAddress)
// Chosen from the region list, so it is one of the list's, as the list spells it.
export const region = ruled((input) => {
  const checked = validateRegion(input)
  if (!checked.ok) return checked
  return isKnownRegion(regionTree(), checked.value) ? checked : fail(REGION_UNKNOWN)
})
export const handoverCode = ruled(validateHandoverCode)

export const VOUCHER_CODE_REASON = {
  empty: '请输入核销码',
  invalid: '核销码格式不正确，请核对后重新输入',
} as const

/**
 * A write-off code: the app sends it trimmed and upper-cased; the server does the same, so an
 * older client's lower-case code is the same code.
 */
export const voucherCode = ruled((input) => {
  const value = normalizeVoucherCode(input)
  if (!value) return fail(VOUCHER_CODE_REASON.empty)
  return VOUCHER_CODE_PATTERN.test(value) ? ok(value) : fail(VOUCHER_CODE_REASON.invalid)
})

/** Identifiers the server issued or seeded: letters, digits, _ and -, at most 64. */
export const identifier = z.string().regex(ATTRIBUTION_TAG)

/** The body of a POST whose parameters are all in its path or query: an empty object, or nothing. */
/** An issuer's id: issuers.id is a PostgreSQL integer, so no larger id can name one. */
export const MAX_ISSUER_ID = 2_147_483_647
export const issuerId = z.number().int().min(1).max(MAX_ISSUER_ID)

export const EmptyBody = z.strictObject({}).optional()
