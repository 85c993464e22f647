/**
 * Secrets handed to clients (access tokens, login tickets, cashier tokens) are 32 random bytes in
 * base64url; only their SHA-256 is stored, so a database dump cannot be replayed as logins.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { RandomSource } from '../runtime/random'

export const SECRET_BYTES = 32

export function newSecret(random: RandomSource): string {
  return random.bytes(SECRET_BYTES).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}

/** A random public id: `prefix` and 24 hex characters (96 bits). */
export function newPublicId(random: RandomSource, prefix: string): string {
  return `${prefix}${random.bytes(12).toString('hex')}`
}
