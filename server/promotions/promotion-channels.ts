/**
 * The promotion channels (promotion_channels): a promoter's campaign under one channel profile,
 * found by its id, and whether it takes new applications. Their own folder (issue 30): the plate
 * checks, the apply steps, the vouchers and the catalogue's routes all read them, and none of
 * those owns them.
 */
import { eq } from 'drizzle-orm'
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import type { ChannelKey } from '../../types/api/channels'
import type { Db } from '../db/database'
import { promotionChannels } from '../db/schema'

export type PromotionChannelRow = typeof promotionChannels.$inferSelect

export async function findPromotionChannel(db: Db, promotionChannelId: string): Promise<PromotionChannelRow | undefined> {
  const [row] = await db.select().from(promotionChannels).where(eq(promotionChannels.id, promotionChannelId)).limit(1)
  return row
}

/** Whether a promotion channel takes new applications: known, running and not intercepted. */
export function channelOpen(channel: PromotionChannelRow | undefined): channel is PromotionChannelRow {
  return channel !== undefined && channel.effective && !channel.intercepted
}

/** The channel profile whose source channel this is. */
export function channelKeyOfSource(sourceChannel: string): ChannelKey | undefined {
  return (Object.keys(CHANNEL_IDENTIFIERS) as ChannelKey[]).find((key) => CHANNEL_IDENTIFIERS[key].sourceChannel === sourceChannel)
}
