/**
 * The operator's new-apply switch (restNewApplySwitch): the app_configs row `switch:allowNewApply`
 * (APP_CONFIG_KEY.newApplySwitch), seeded open. switch_status 0 pauses new applications, 1 opens
 * them again; the row's content may carry the reason people are shown, `{"reason":"…"}` (any other
 * content gives the default reason). Paused, no new order is opened (orders/admission.ts: business
 * 5003 with that reason); orders already open go on.
 */
import { sql } from 'drizzle-orm'
import type { NewApplySwitchResponse } from '../../types/api/catalogue'
import { pausedReason } from '../../src/domain/apply-checks'
import { SHOW } from '../../src/domain/enums'
import type { Db } from '../db/database'
import { appConfigs } from '../db/schema'
import { APP_CONFIG_KEY, readAppConfig, readSwitch } from './app-configs'

/** The reason text in a switch row's content, when it is one; the domain's rule picks what is shown. */
function storedReason(content: unknown): string | undefined {
  if (typeof content !== 'object' || content === null || !('reason' in content)) return undefined
  return typeof content.reason === 'string' ? content.reason : undefined
}

export async function newApplyState(db: Db): Promise<NewApplySwitchResponse> {
  if (await readSwitch(db, APP_CONFIG_KEY.newApplySwitch)) return { allowNewApply: true, reason: '' }
  const row = await readAppConfig(db, APP_CONFIG_KEY.newApplySwitch)
  return { allowNewApply: false, reason: pausedReason({ reason: storedReason(row?.content) }) }
}

/** Sets the switch as an operator's SQL would (the local operator's simulator call uses it). */
export async function setNewApplySwitch(db: Db, open: boolean, reason?: string): Promise<void> {
  const row = { switchStatus: open ? SHOW.YES : SHOW.NO, content: reason ? { reason } : {} }
  await db
    .insert(appConfigs)
    .values({ key: APP_CONFIG_KEY.newApplySwitch, ...row })
    .onConflictDoUpdate({ target: appConfigs.key, set: { ...row, updatedAt: sql`now()` } })
}
