/**
 * Phone numbers from outside parties, simulated.
 *
 * - Mini-program phone authorisation (getPhoneBycode): the real call exchanges the code with
 *   WeChat/Alipay for the user's phone. The simulation accepts any well-formed code and maps it
 *   to a mobile number deterministically (the same code always gives the same number); codes
 *   starting with `reject-` are refused, like the simulated identity providers.
 * - The Henan supplier's own SMS login: codes are sent and checked by the server's SMS code
 *   service (same 60 s wait, 5-minute validity and 5 tries as the login codes; the simulator
 *   delivers them), and a successful login answers the supplier's user id for that phone, derived
 *   from the phone with a key of the server's secret (an unkeyed hash of a phone number is undone
 *   by trying every number), since no supplier system exists here.
 */
import { createHash, createHmac } from 'node:crypto'
import { CREDENTIAL_PATTERN, SIMULATED_REJECT_PREFIX } from '../auth/identity-providers'

export interface PhoneNumberProvider {
  /** Set on the stand-in only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /** The phone behind an authorisation code, or undefined when the provider refuses the code. */
  phoneForCode(code: string): Promise<string | undefined>
}

/** Second digits of mainland mobile numbers (1[3-9]…). */
const SECOND_DIGITS = '3456789'
const MOBILE_TAIL_DIGITS = 9
export const SUPPLIER_USER_PREFIX = 'HN'
const SUPPLIER_USER_HEX = 24

const digest = (label: string, value: string): Buffer => createHash('sha256').update(`${label}:${value}`).digest()

export function createSimulatedPhoneNumbers(): PhoneNumberProvider {
  return {
    simulated: true,
    async phoneForCode(code) {
      if (!CREDENTIAL_PATTERN.test(code) || code.startsWith(SIMULATED_REJECT_PREFIX)) return undefined
      const bytes = digest('phone', code)
      const second = SECOND_DIGITS[(bytes[0] ?? 0) % SECOND_DIGITS.length]
      const tail = (bytes.readBigUInt64BE(1) % 10n ** BigInt(MOBILE_TAIL_DIGITS)).toString().padStart(MOBILE_TAIL_DIGITS, '0')
      return `1${second}${tail}`
    },
  }
}

/** The simulated Henan supplier's user id of a phone: stable per server secret, not reversible without it. */
export function provinceSupplierUserId(secretHex: string, phone: string): string {
  const mac = createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`henan-supplier:${phone}`).digest('hex')
  return `${SUPPLIER_USER_PREFIX}${mac.slice(0, SUPPLIER_USER_HEX)}`
}
