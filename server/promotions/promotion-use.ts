/**
 * Whether a promotion may be used through the channel a call came through: applying, choosing a
 * package and paying all ask, so a promotion (and its free package) never leaves its channel.
 * Its own module (issue 30): the rule is about promotions, not plates.
 */
import type { InterceptionResponse } from '../../types/api/apply'
import type { Db } from '../db/database'
import { CHANNEL_INTERCEPT_REASON, NOT_INTERCEPTED, channelInterception, intercepted } from './channel-interception'
import { channelKeyOfSource, findPromotionChannel } from './promotion-channels'

export interface PromotionUse {
  /** The `{channel}` path id the call came through. */
  channelId: string
  sourceChannel: string
  promotionChannelId: string
}

/**
 * Whether a promotion may be used through this channel: the interception check's rules (unknown,
 * ended or intercepted, or of another channel profile than the source channel), and the
 * promotion must also be one of the `{channel}` the call came through. Apply and choosing a
 * package use it, so a promotion (and its free package) never leaves its channel.
 */
export async function promotionUseVerdict(db: Db, use: PromotionUse): Promise<InterceptionResponse> {
  const verdict = await channelInterception(db, use.sourceChannel, use.promotionChannelId)
  if (verdict.intercept) return verdict
  return (await promotionOfChannel(db, use)) ? NOT_INTERCEPTED : intercepted(CHANNEL_INTERCEPT_REASON.otherSource)
}

/**
 * Whether the promotion belongs to the call's `{channel}` and the source channel's profile,
 * whether or not it still runs: a payment names the promotion of an order admitted while it ran.
 */
export async function promotionOfChannel(db: Db, use: PromotionUse): Promise<boolean> {
  const channel = await findPromotionChannel(db, use.promotionChannelId)
  return channel !== undefined && channel.channelId === use.channelId && channelKeyOfSource(use.sourceChannel) === channel.channelKey
}
