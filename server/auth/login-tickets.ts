/**
 * The remembered login phone (section 6): after a phone + code login the device gets a ticket
 * that logs the same phone in silently, in the same channel, for LOGIN_PHONE_MEMORY_MS (1 day).
 * Only the ticket's SHA-256 is stored.
 */
import { and, eq, gt } from 'drizzle-orm'
import { LOGIN_PHONE_MEMORY_MS } from '../../src/domain/constants'
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
    phone,
    channel: user.channel,
    expiresAt: new Date(context.clock.now().getTime() + LOGIN_PHONE_MEMORY_MS),
  })
  return ticket
}

/** The user a ticket remembers, if it is unexpired and was issued for this phone and channel. */
export async function redeemLoginTicket(
  context: TicketContext,
  ticket: string,
  phone: string,
  channel: string,
): Promise<UserRow | undefined> {
  const [row] = await context.db
    .select({ user: users })
    .from(loginTickets)
    .innerJoin(users, eq(users.id, loginTickets.userId))
    .where(
      and(
        eq(loginTickets.ticketHash, hashSecret(ticket)),
        eq(loginTickets.phone, phone),
        eq(loginTickets.channel, channel),
        gt(loginTickets.expiresAt, context.clock.now()),
      ),
    )
    .limit(1)
  return row?.user
}
