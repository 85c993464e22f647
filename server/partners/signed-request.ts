/**
 * Messages signed with a shared secret, for partners whose wire protocol is ours to define (the
 * issuer now; the risk reviewer's HTTP adapter later). One scheme, both ways (requests, answers,
 * callbacks):
 *
 *   signature = base64(HMAC-SHA256(secret, METHOD \n path \n timestamp \n nonce \n body))
 *   an answer's: base64(HMAC-SHA256(secret, ANSWER \n METHOD \n path \n timestamp \n nonce \n body))
 *
 * METHOD in upper case; path the request target as sent (path and query); timestamp in Unix
 * seconds; nonce 16 to 64 characters of [A-Za-z0-9_-]; body the exact text sent, empty when none.
 * An answer is signed over its request's method and path, marked as an answer, and echoes the
 * request's nonce: it cannot be passed off as the answer to another request, and a request (both
 * sides hold one secret) cannot be sent back as its own answer. The receiver refuses a timestamp more
 * than SIGNATURE_TOLERANCE_MS from its own clock (a captured message cannot be replayed after
 * that; within it, nonces are not remembered: each receiver's handling is idempotent) and
 * compares signatures in constant time. Each partner names its four headers (signatureHeaders).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { MINUTE_MS, SECOND_MS } from '../../src/domain/constants'
import type { RandomSource } from '../runtime/random'

/** The first line of an answer's signed text. */
const ANSWER_MARK = 'ANSWER'

/** How far a message's timestamp may be from the receiver's clock, either side. */
export const SIGNATURE_TOLERANCE_MS = 5 * MINUTE_MS

const NONCE = /^[A-Za-z0-9_-]{16,64}$/
/** Unix seconds: digits only, far beyond the year 9999 already at 12. */
const TIMESTAMP = /^\d{1,12}$/
const NONCE_BYTES = 16
/** An HMAC-SHA256 is 32 bytes. */
const SIGNATURE_BYTES = 32

/** What a signature covers. */
export interface SignedParts {
  readonly method: string
  readonly path: string
  readonly timestamp: string
  readonly nonce: string
  readonly body: string
  /** Set on an answer: its signature differs from any request's. */
  readonly answer?: true
}

/** The request a message is, or answers (`answer`): method, path and exact body. */
export type SignedMessage = Pick<SignedParts, 'method' | 'path' | 'body' | 'answer'>

/** The names of a partner's four headers, lower case (as node:http reads them). */
export interface SignatureHeaders {
  readonly appId: string
  readonly timestamp: string
  readonly nonce: string
  readonly signature: string
}

export interface SigningCredentials {
  /** Who we are at the partner (or who the partner says it signs for). */
  readonly appId: string
  readonly secret: string
}

/** Why a message was refused: its headers missing or malformed, another app id or nonce than expected, a stale timestamp, a wrong signature. */
export type VerificationProblem = 'missing' | 'foreign' | 'stale' | 'signature'
/** A message that verified carries its nonce (an answer to it echoes it). */
export type Verification = { readonly ok: true; readonly nonce: string } | { readonly ok: false; readonly problem: VerificationProblem }

export function signatureHeaders(prefix: string): SignatureHeaders {
  return { appId: `x-${prefix}-app-id`, timestamp: `x-${prefix}-timestamp`, nonce: `x-${prefix}-nonce`, signature: `x-${prefix}-signature` }
}

export function canonicalString(parts: SignedParts): string {
  return [...(parts.answer ? [ANSWER_MARK] : []), parts.method.toUpperCase(), parts.path, parts.timestamp, parts.nonce, parts.body].join('\n')
}

export function sign(secret: string, parts: SignedParts): string {
  return createHmac('sha256', secret).update(canonicalString(parts), 'utf8').digest('base64')
}

export function timestampOf(now: Date): string {
  return String(Math.floor(now.getTime() / SECOND_MS))
}

export function newNonce(random: RandomSource): string {
  return random.bytes(NONCE_BYTES).toString('hex')
}

/** The headers that sign `message` as sent now with `nonce`. */
export function signedHeaders(names: SignatureHeaders, credentials: SigningCredentials, message: SignedMessage, now: Date, nonce: string): Record<string, string> {
  const timestamp = timestampOf(now)
  return {
    [names.appId]: credentials.appId,
    [names.timestamp]: timestamp,
    [names.nonce]: nonce,
    [names.signature]: sign(credentials.secret, { ...message, timestamp, nonce }),
  }
}

/** A header's one value; a repeated header is no value (a signature is never sent twice). */
function single(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const value = headers[name]
  return typeof value === 'string' ? value : undefined
}

function sameSignature(expected: string, given: string): boolean {
  const left = Buffer.from(expected, 'base64')
  const right = Buffer.from(given, 'base64')
  return right.length === SIGNATURE_BYTES && left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Checks the signing headers of `message` against `secret` at `now`; `expect` names the app id
 * the message must carry and, for an answer, the nonce of its request.
 */
export function verifyHeaders(
  names: SignatureHeaders,
  secret: string,
  message: SignedMessage,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: Date,
  expect: { readonly appId?: string; readonly nonce?: string } = {},
): Verification {
  const timestamp = single(headers, names.timestamp)
  const nonce = single(headers, names.nonce)
  const signature = single(headers, names.signature)
  if (!timestamp || !TIMESTAMP.test(timestamp) || !nonce || !NONCE.test(nonce) || !signature) return { ok: false, problem: 'missing' }
  if (expect.appId !== undefined && single(headers, names.appId) !== expect.appId) return { ok: false, problem: 'foreign' }
  if (expect.nonce !== undefined && nonce !== expect.nonce) return { ok: false, problem: 'foreign' }
  if (Math.abs(now.getTime() - Number(timestamp) * SECOND_MS) > SIGNATURE_TOLERANCE_MS) return { ok: false, problem: 'stale' }
  if (!sameSignature(sign(secret, { ...message, timestamp, nonce }), signature)) return { ok: false, problem: 'signature' }
  return { ok: true, nonce }
}
