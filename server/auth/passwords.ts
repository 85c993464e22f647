/**
 * Password hashes with node's scrypt: `scrypt$N$r$p$<salt base64>$<hash base64>`. The parameters
 * travel with the hash, so they can be raised later without invalidating stored accounts.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { ScryptOptions } from 'node:crypto'

const PARAMS = { N: 16384, r: 8, p: 1 } as const
const SALT_BYTES = 16
const KEY_BYTES = 32
/** Enough for N = 2^17 with r = 8 (node's default limit is 32 MiB). */
const MAX_MEMORY = 256 * 1024 * 1024
const PREFIX = 'scrypt'

function derive(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, KEY_BYTES, PARAMS)
  return [PREFIX, PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** False for a wrong password and for a hash this module did not write. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, saltText, keyText, ...rest] = stored.split('$')
  if (prefix !== PREFIX || rest.length || !saltText || !keyText) return false
  const [N, blockSize, parallel] = [n, r, p].map(Number)
  if (!Number.isInteger(N) || !Number.isInteger(blockSize) || !Number.isInteger(parallel)) return false
  const expected = Buffer.from(keyText, 'base64')
  if (expected.length === 0) return false
  const actual = await derive(password, Buffer.from(saltText, 'base64'), expected.length, { N, r: blockSize, p: parallel })
  return timingSafeEqual(actual, expected)
}

/** A valid hash of no known password: checked against when an account does not exist, so a
 * wrong account name costs as long as a wrong password. */
export const DECOY_PASSWORD_HASH = `${PREFIX}$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`
