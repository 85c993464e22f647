/**
 * Logout: the calling session ends, and so do the user's remembered-phone tickets, so a device
 * that is cleared or handed to someone else cannot log the phone in silently again. Other
 * sessions of the user (another device) stay.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/database'
import { loginTickets, sessions } from '../db/schema'
import type { SessionUser } from './sessions'

export async function logout(db: Db, user: Pick<SessionUser, 'id' | 'sessionId'>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, user.sessionId))
    await tx.delete(loginTickets).where(eq(loginTickets.userId, user.id))
  })
}
