/**
 * The follow-up phone (followUp/savePhone): a person leaving the information form may be called
 * back to help them finish, on the mobile they typed, only when they ticked the consent. The
 * server keeps the phone until they submit an order, at most FOLLOW_UP_RETENTION_DAYS after the
 * latest consent.
 */
import { validateMobile } from './validation'

/** How long a phone left for a call back is kept after the latest consent. */
export const FOLLOW_UP_RETENTION_DAYS = 7

/**
 * The phone to leave for a call back as the person leaves the form: the mobile they typed, when it
 * is a valid mobile and they consented; otherwise none (nothing is sent).
 */
export function followUpPhoneToLeave(consented: boolean, mobile: string): string | undefined {
  if (!consented) return undefined
  const checked = validateMobile(mobile)
  return checked.ok ? checked.value : undefined
}
