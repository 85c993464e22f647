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
import type { Clock, RandomSource } from '../deps'
import type { Db } from '../db/database'
import { loginTickets, users } from '../db/schema'
import { hashSecret, newSecret } from './secrets'
import type { UserRow } from './sessions'

export interface TicketContext {
  db: Db
  clock: Clock
  random: RandomSource
}

export async function issueLoginTicket(context: TicketContext, user: UserRow, phone: string): Promise<string> {
  const ticket = newSecret(context.random)
  await context.db.insert(loginTickets).values({
    ticketHash: hashSecret(ticket),
    userId: user.id,
    phoneIndex: phoneIndex(phone),
    channel: user.channel,
    expiresAt: new Date(context.clock.now().getTime() + LOGIN_PHONE_MEMORY_MS),
  })
  return ticket
}

/**
 * Uses up a ticket: the user it remembers if it is unexpired, unused and was issued for this
 * phone and channel. A second redemption of the same ticket finds nothing.
 */
export async function redeemLoginTicket(
  context: TicketContext,
  ticket: string,
  phone: string,
  channel: string,
): Promise<UserRow | undefined> {
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
    .returning({ userId: loginTickets.userId })
  if (!redeemed) return undefined
  const [user] = await context.db.select().from(users).where(eq(users.id, redeemed.userId)).limit(1)
  return user
}
