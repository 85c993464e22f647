/**
 * The province flow: plates registered in a province whose issuer runs its own SMS login (Henan,
 * issuer 12, plates starting with 豫) pass that issuer's verification before the final commit.
 * The app asks for it before submitting; the server refuses a final commit without it. While the
 * issuer's switch (isOpenMsg) is off, neither side asks: the step is skipped.
 */
import type { IssuerId } from './enums'

/** The issuers that verify a plate's owner by their own SMS login, by the plate's first character. */
export const PROVINCE_ISSUERS: Readonly<Record<string, IssuerId>> = { 豫: 12 }

/** The province issuer of a plate, or undefined when the plate goes the ordinary way. */
export function provinceIssuerOf(plateNumber: string): IssuerId | undefined {
  return PROVINCE_ISSUERS[plateNumber.trim().charAt(0)]
}

/** Whether a plate's order must pass its issuer's SMS verification before the final commit. */
export function needsProvinceVerification(plateNumber: string): boolean {
  return provinceIssuerOf(plateNumber) !== undefined
}

export const PROVINCE_MESSAGE = {
  /** The server's refusal of a final commit without the issuer's verification. */
  unverified: '该车牌需先完成河南ETC发行方短信验证，请验证后再提交',
} as const
