/**
 * Limits on guessing write-off codes where guessing is cheap to spread out: per client address (a
 * guesser with many fresh logins still comes from one address, or one IPv6 /64) and per code
 * prefix over all callers (a sweep over one batch of codes from many addresses). Only failed
 * guesses count, a code refused as unavailable, so a person entering their own valid code is
 * never slowed; past the allowance the address or the prefix is locked out with a growing
 * back-off (server/limits/lockouts.ts). Every attempt also counts towards the per-user limit
 * (VOUCHER_ATTEMPT_LIMIT, vouchers.ts).
 *
 * A prefix's lock-out holds up everyone entering a code of that prefix, so its allowance is set
 * well above the typing mistakes of a campaign's customers.
 */
import { isIPv6 } from 'node:net'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/domain/constants'
import type { CounterStore } from '../limits/counters'
import { lockedForMs, recordFailure } from '../limits/lockouts'
import type { LockoutPolicy } from '../limits/lockouts'

export interface VoucherGuessLimits {
  /** Failed guesses from one client address (IPv6: its /64). */
  readonly perAddress: LockoutPolicy
  /** Failed guesses of codes sharing their first VOUCHER_PREFIX_LENGTH characters, from anyone. */
  readonly perPrefix: LockoutPolicy
}


/**
 * The defaults (the allowances can be set with VOUCHER_GUESSES_PER_ADDRESS_PER_HOUR and
 * VOUCHER_GUESSES_PER_PREFIX_PER_HOUR, server/config.ts). Lock-outs start at a minute and double
 * up to an hour, remembered for a day: past its allowance an address or a prefix gets about one
 * failed guess an hour.
 */
export const VOUCHER_GUESS_LIMITS = {
  perAddress: { max: 20, windowMs: HOUR_MS, firstLockMs: MINUTE_MS, maxLockMs: HOUR_MS, memoryMs: DAY_MS },
  perPrefix: { max: 100, windowMs: HOUR_MS, firstLockMs: MINUTE_MS, maxLockMs: HOUR_MS, memoryMs: DAY_MS },
} as const satisfies VoucherGuessLimits

/**
 * Codes sharing this many leading characters share a prefix limit: a batch's codes share their
 * head and a sweep varies the tail.
 */
export const VOUCHER_PREFIX_LENGTH = 6
/** A shorter code leaves at least this many characters out of its prefix, so the tail a sweep varies is not a prefix of its own. */
const VOUCHER_SWEPT_TAIL = 2

/** An IPv6 client counts by its first four groups (the /64 one subscriber gets: rotating inside it costs nothing). */
const IPV6_NETWORK_GROUPS = 4
const IPV6_GROUPS = 8
/** An IPv4 address written inside an IPv6 one takes the place of two groups. */
const IPV4_TAIL_GROUPS = 2
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i

/** The groups of an IPv6 address, zeros written out, without its zone. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::')
  const groupsOf = (part: string | undefined): string[] =>
    (part ?? '')
      .split(':')
      .filter(Boolean)
      .flatMap((group) => (group.includes('.') ? Array<string>(IPV4_TAIL_GROUPS).fill('0') : [group]))
  const before = groupsOf(head)
  const after = groupsOf(tail)
  const zeros = Array<string>(Math.max(IPV6_GROUPS - before.length - after.length, 0)).fill('0')
  return [...before, ...zeros, ...after].map((group) => Number.parseInt(group, 16).toString(16))
}

/** What a client address counts as: an IPv4 address (also IPv4-mapped), or an IPv6 address's /64. */
export function addressKey(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip)
  if (mapped) return mapped[1]!
  if (!isIPv6(ip.split('%')[0]!)) return ip
  return `${ipv6Groups(ip).slice(0, IPV6_NETWORK_GROUPS).join(':')}::/64`
}

/** The prefix a normalised code counts under. */
export function voucherPrefix(code: string): string {
  return code.slice(0, Math.max(Math.min(VOUCHER_PREFIX_LENGTH, code.length - VOUCHER_SWEPT_TAIL), 1))
}

export interface VoucherGuess {
  /** The request's client address (Fastify's request.ip: TRUST_PROXY decides). */
  clientAddress: string
  /** Normalised: trimmed and upper-cased. */
  code: string
}

function scopes(limits: VoucherGuessLimits, guess: VoucherGuess): { key: string; policy: LockoutPolicy }[] {
  return [
    { key: `voucher-guess:address:${addressKey(guess.clientAddress)}`, policy: limits.perAddress },
    { key: `voucher-guess:prefix:${voucherPrefix(guess.code)}`, policy: limits.perPrefix },
  ]
}

/** Whether the guess's address or prefix is locked out now. */
export async function guessLockedOut(counters: CounterStore, limits: VoucherGuessLimits, guess: VoucherGuess): Promise<boolean> {
  const left = await Promise.all(scopes(limits, guess).map(({ key }) => lockedForMs(counters, key)))
  return left.some((ms) => ms > 0)
}

/** Counts a failed guess against its address and its prefix (either may be locked out by it). */
export async function countFailedGuess(counters: CounterStore, limits: VoucherGuessLimits, guess: VoucherGuess): Promise<void> {
  await Promise.all(scopes(limits, guess).map(({ key, policy }) => recordFailure(counters, key, policy)))
}
