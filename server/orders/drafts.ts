/**
 * The apply form's draft, one per user: stored sealed exactly as the app sent it (the route has
 * checked that it opens and holds a JSON object of bounded size), and given back sealed.
 */
import { eq } from 'drizzle-orm'
import type { LoadDraftResponse, SaveDraftResponse } from '../../types/api/apply'
import type { Clock } from '../runtime/clock'
import type { Db } from '../db/database'
import { applyDrafts } from '../db/schema'

/** A draft is a form's worth of short fields; sealing adds about a third. */
export const MAX_SEALED_DRAFT_LENGTH = 16 * 1024

export async function saveDraft(db: Db, clock: Clock, userId: number, sealed: string): Promise<SaveDraftResponse> {
  const now = clock.now()
  await db
    .insert(applyDrafts)
    .values({ userId, sealedPayload: sealed, updatedAt: now })
    .onConflictDoUpdate({ target: applyDrafts.userId, set: { sealedPayload: sealed, updatedAt: now } })
  return { savedAt: now.toISOString() }
}

export async function loadDraft(db: Db, userId: number): Promise<LoadDraftResponse> {
  const [row] = await db.select().from(applyDrafts).where(eq(applyDrafts.userId, userId)).limit(1)
  return { encryptUsersVehicleApplyVoStr: row?.sealedPayload ?? null, savedAt: row?.updatedAt.toISOString() ?? null }
}
