/**
 * Per-address limits on what costs the server most to take from strangers: opening orders and
 * uploading photos, counted per client IP in an hour's fixed window through the app's counters
 * (limits/counters.ts: Redis when configured, so every process counts together). Over the limit:
 * business 429 with the reason. Many people may share one address (a mobile network), so the
 * configured limits (config.hourlyRateLimit) are generous; per-user limits do the finer work.
 */
import { BUSINESS_CODE } from '../../types/api/envelope'
import { HOUR_MS } from '../../src/domain/constants'
import { DomainError } from '../domain-error'
import type { CounterStore } from './counters'

export const ADDRESS_LIMIT_WINDOW_MS = HOUR_MS

/** Each limit's counter key and what the person is told. */
export const ADDRESS_LIMIT = {
  orderCreate: { key: 'order-create-ip', message: '当前网络新建申请过于频繁，请稍后再试' },
  upload: { key: 'upload-ip', message: '当前网络上传照片过于频繁，请稍后再试' },
  recognize: { key: 'recognize-ip', message: '当前网络识别照片过于频繁，请稍后再试' },
} as const
export type AddressLimit = (typeof ADDRESS_LIMIT)[keyof typeof ADDRESS_LIMIT]

/** Counts one attempt from `ip`; the attempt over `max` in the window is refused. */
export async function countAddressAttempt(counters: CounterStore, limit: AddressLimit, ip: string, max: number): Promise<void> {
  const hit = await counters.hit(`${limit.key}:${ip}`, ADDRESS_LIMIT_WINDOW_MS)
  if (hit.count > max) throw DomainError.business(BUSINESS_CODE.TOO_MANY_REQUESTS, limit.message)
}
