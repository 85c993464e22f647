/**
 * SMS verification codes: 6 digits, valid 5 minutes, one send per phone per 60 s, at most
 * SMS_SENDS_PER_PHONE sends per phone per window (counted across server processes with Redis),
 * and 5 wrong tries void the code. Codes are stored as an HMAC, never in clear, and the phone only
 * as its blind index (phoneIndex). A newer code voids the older ones. Every outcome is a value: the routes turn refusals into business errors.
 */
import { createHmac } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { VERIFY_CODE_WAIT_S } from '../../src/domain/constants'
import { VERIFY_CODE_LENGTH } from '../../src/domain/verify-code'
import { phoneIndex } from '../crypto/field-cipher'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { smsCodes } from '../db/schema'
import type { CounterStore } from '../limits/counters'
import { sameDigest } from './secrets'
import { SmsRefusedError } from './sms-gateway'
import type { SmsGateway, SmsRefusal as ProviderRefusal } from './sms-gateway'

export const SMS_CODE_TTL_MS = 5 * 60 * 1000
export const SMS_MAX_FAILED_ATTEMPTS = 5
/** Sends per phone per window, on top of the 60 s wait between two sends. */
export const SMS_SENDS_PER_PHONE = { max: 10, windowMs: 60 * 60 * 1000 } as const

export const SMS_MESSAGE = {
  tooSoon: (seconds: number) => `验证码发送过于频繁，请${seconds}秒后重试`,
  tooMany: '该手机号获取验证码次数过多，请稍后再试',
  sendFailed: '短信发送失败，请稍后重试',
  /** The provider will not deliver to the number (unsubscribed, black-listed). */
  blocked: '该手机号暂时无法接收短信，请更换手机号后重试',
  invalidNumber: '请输入正确的手机号',
  invalid: '验证码已失效，请重新获取',
  wrong: (left: number) => `验证码错误，还可尝试${left}次`,
  voided: '验证码错误次数过多，请重新获取',
} as const

/** What the person is told when the provider refuses a code. */
const REFUSAL_MESSAGE: Readonly<Record<ProviderRefusal, string>> = {
  frequency: SMS_MESSAGE.tooMany,
  blocked: SMS_MESSAGE.blocked,
  invalid: SMS_MESSAGE.invalidNumber,
  unavailable: SMS_MESSAGE.sendFailed,
}

export interface SmsCodeContext {
  db: Db
  clock: Clock
  random: RandomSource
  sms: SmsGateway
  counters: CounterStore
  /** Key of the code HMAC (derived from the server's secret). */
  codeKey: Buffer
}

/** `refused`: the SMS provider will not take this number now (too many messages, unsubscribed, not a mobile). */
export type SmsRefusal = 'tooSoon' | 'tooMany' | 'refused' | 'sendFailed' | 'invalid' | 'wrong' | 'voided'
export type SendOutcome = { ok: true; waitSeconds: number } | { ok: false; reason: SmsRefusal; msg: string }
export type VerifyOutcome = { ok: true } | { ok: false; reason: SmsRefusal; msg: string }

export function deriveCodeKey(secretHex: string): Buffer {
  return createHmac('sha256', Buffer.from(secretHex, 'hex')).update('etc-sms-code').digest()
}

function codeHash(key: Buffer, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('hex')
}

function newCode(random: RandomSource): string {
  return String(random.int(10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0')
}

/** Serialises work on one phone (by its blind index) across connections and processes until the transaction ends. */
const lockPhone = (index: string) => sql`select pg_advisory_xact_lock(hashtext(${`sms:${index}`}))`

export async function sendCode(context: SmsCodeContext, phone: string, log: FastifyBaseLogger): Promise<SendOutcome> {
  const { db, clock } = context
  const now = clock.now()
  const index = phoneIndex(phone)
  const created = await db.transaction(async (tx) => {
    await tx.execute(lockPhone(index))
    const [last] = await tx.select({ sentAt: smsCodes.sentAt }).from(smsCodes).where(eq(smsCodes.phoneIndex, index)).orderBy(desc(smsCodes.sentAt)).limit(1)
    const waitMs = last ? last.sentAt.getTime() + VERIFY_CODE_WAIT_S * 1000 - now.getTime() : 0
    if (waitMs > 0) return { ok: false as const, reason: 'tooSoon' as const, msg: SMS_MESSAGE.tooSoon(Math.ceil(waitMs / 1000)) }
    const { count } = await context.counters.hit(`sms-phone:${index}`, SMS_SENDS_PER_PHONE.windowMs)
    if (count > SMS_SENDS_PER_PHONE.max) return { ok: false as const, reason: 'tooMany' as const, msg: SMS_MESSAGE.tooMany }
    const code = newCode(context.random)
    await tx
      .update(smsCodes)
      .set({ voidedAt: now })
      .where(and(eq(smsCodes.phoneIndex, index), isNull(smsCodes.usedAt), isNull(smsCodes.voidedAt)))
    const [row] = await tx
      .insert(smsCodes)
      .values({
        phoneIndex: index,
        codeHash: codeHash(context.codeKey, phone, code),
        sentAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
      })
      .returning({ id: smsCodes.id })
    return { ok: true as const, id: row?.id, code }
  })
  if (!created.ok) return created
  try {
    await context.sms.sender.send({ phone, code: created.code, sentAt: now }, log)
  } catch (error) {
    // A refusal about the number is the person's to mend; anything else is ours or the provider's.
    const refusal = error instanceof SmsRefusedError ? error.refusal : 'unavailable'
    if (refusal === 'unavailable') log.error({ err: error }, 'SMS could not be sent')
    else log.warn({ refusal, providerCode: error instanceof SmsRefusedError ? error.providerCode : undefined }, 'SMS refused by the provider')
    // A code that never left does not count for the 60 s wait: the user may try again at once.
    if (created.id !== undefined) await db.delete(smsCodes).where(eq(smsCodes.id, created.id))
    return { ok: false, reason: refusal === 'unavailable' ? 'sendFailed' : 'refused', msg: REFUSAL_MESSAGE[refusal] }
  }
  return { ok: true, waitSeconds: VERIFY_CODE_WAIT_S }
}

/** Checks (and on success uses up) the phone's current code. Wrong tries count even though
 * the answer is a refusal: the transaction commits them. */
export async function verifyCode(context: SmsCodeContext, phone: string, code: string): Promise<VerifyOutcome> {
  const now = context.clock.now()
  const index = phoneIndex(phone)
  return context.db.transaction(async (tx) => {
    await tx.execute(lockPhone(index))
    const [current] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phoneIndex, index), isNull(smsCodes.usedAt), isNull(smsCodes.voidedAt)))
      .orderBy(desc(smsCodes.sentAt))
      .limit(1)
    if (!current || current.expiresAt <= now) return { ok: false, reason: 'invalid', msg: SMS_MESSAGE.invalid }
    if (sameDigest(current.codeHash, codeHash(context.codeKey, phone, code))) {
      await tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, current.id))
      return { ok: true }
    }
    const failed = current.failedAttempts + 1
    const voided = failed >= SMS_MAX_FAILED_ATTEMPTS
    await tx
      .update(smsCodes)
      .set({ failedAttempts: failed, ...(voided ? { voidedAt: now } : {}) })
      .where(eq(smsCodes.id, current.id))
    return voided
      ? { ok: false, reason: 'voided', msg: SMS_MESSAGE.voided }
      : { ok: false, reason: 'wrong', msg: SMS_MESSAGE.wrong(SMS_MAX_FAILED_ATTEMPTS - failed) }
  })
}
