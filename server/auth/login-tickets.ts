/**
 * The remembered login phone (section 6): after a phone + code login the device gets a ticket
 * that logs the same phone in silently, in the same channel, for LOGIN_PHONE_MEMORY_MS (1 day).
 * A ticket is single-use: redeeming it deletes it (one DELETE, so of two concurrent redemptions
 * only one finds the row) and the login hands out a fresh ticket. Only the ticket's SHA-256 and
 * the phone's blind index are stored.
 */
import { and, eq, gt } from 'drizzle-orm'
import { LOGIN_PHONE_MEMORY_MS } from '../../src/domain/constants'
import { phoneIndex } from '../crypto/field-cipher'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { loginTickets, users } from '../db/schema'
import { hashSecret, newSecret } from './secrets'
import type { UserRow } from './sessions'

export interface TicketContext {
  db: Db
  clock: Clock
  random: RandomSource
}

/**
 * A new ticket for the phone. `expiresAt` is given when it replaces a redeemed one: the phone is
 * remembered for a day from the SMS login, however often the ticket rotates meanwhile.
 */
export async function issueLoginTicket(context: TicketContext, user: UserRow, phone: string, expiresAt?: Date): Promise<string> {
  const ticket = newSecret(context.random)
  await context.db.insert(loginTickets).values({
    ticketHash: hashSecret(ticket),
    userId: user.id,
    phoneIndex: phoneIndex(phone),
    channel: user.channel,
    expiresAt: expiresAt ?? new Date(context.clock.now().getTime() + LOGIN_PHONE_MEMORY_MS),
  })
  return ticket
}

/**
 * Uses up a ticket: the user it remembers, and until when, if it is unexpired, unused and was issued for this
 * phone and channel. A second redemption of the same ticket finds nothing.
 */
export async function redeemLoginTicket(
  context: TicketContext,
  ticket: string,
  phone: string,
  channel: string,
): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  const [redeemed] = await context.db
    .delete(loginTickets)
    .where(
      and(
        eq(loginTickets.ticketHash, hashSecret(ticket)),
        eq(loginTickets.phoneIndex, phoneIndex(phone)),
        eq(loginTickets.channel, channel),
        gt(loginTickets.expiresAt, context.clock.now()),
      ),
    )
    .returning({ userId: loginTickets.userId, expiresAt: loginTickets.expiresAt })
  if (!redeemed) return undefined
  const [user] = await context.db.select().from(users).where(eq(users.id, redeemed.userId)).limit(1)
  return user ? { user, expiresAt: redeemed.expiresAt } : undefined
}
