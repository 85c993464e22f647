/**
 * Sealed request parameters (types/api/sealed.ts): opened with the server's PAYLOAD_KEY_HEX for
 * their field's context, parsed as JSON and validated. Text that does not open is a business
 * error (INVALID_PAYLOAD); content of the wrong shape is a 400 naming the field.
 */
import type { z } from 'zod'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { openSealed } from '../crypto/sealed-box'
import { ApiError } from './envelope'
import { parseInput } from './validation'

/** The longest sealed parameter a login, SMS or hand-over call takes (a few fields, base64). */
export const MAX_SEALED_PARAM_LENGTH = 4096

export const SEALED_MESSAGE = {
  unreadable: '参数解密失败，请刷新页面后重试',
  stale: '请求已过期，请检查手机时间后重试',
} as const

/**
 * A sealed parameter's `timestamp` (milliseconds) is accepted this far either side of the
 * server's clock, so a captured sealed value cannot be replayed later; the margin covers slow
 * networks and phones whose clocks drift a little.
 */
export const SEALED_TIMESTAMP_WINDOW_MS = 5 * 60_000

/** Refuses a sealed timestamp outside the window (business code INVALID_PAYLOAD). */
export function assertFreshTimestamp(timestamp: number, now: Date): void {
  if (!(Math.abs(now.getTime() - timestamp) <= SEALED_TIMESTAMP_WINDOW_MS)) {
    throw ApiError.business(BUSINESS_CODE.INVALID_PAYLOAD, SEALED_MESSAGE.stale)
  }
}

export function openSealedJson<S extends z.ZodType>(keyHex: string, field: string, sealed: string, schema: S): z.output<S> {
  const plain = openSealed(keyHex, field, sealed)
  if (plain === undefined) throw ApiError.business(BUSINESS_CODE.INVALID_PAYLOAD, SEALED_MESSAGE.unreadable)
  let value: unknown
  try {
    value = JSON.parse(plain)
  } catch {
    throw ApiError.business(BUSINESS_CODE.INVALID_PAYLOAD, SEALED_MESSAGE.unreadable)
  }
  return parseInput(schema, value)
}
