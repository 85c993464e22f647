/**
 * Whether a promotion channel is closed for new applications (the interceptCheck call, and the
 * promotion part of the plate's interception): unknown, ended or intercepted, or of another
 * channel profile than the source channel. Kept apart from the plate checks (issue 30) so the
 * promotion rules have one home that every caller imports.
 */
import type { InterceptionResponse } from '../../types/api/apply'
import type { Db } from '../db/database'
import { channelKeyOfSource, channelOpen, findPromotionChannel } from './promotion-channels'
import type { PromotionChannelRow } from './promotion-channels'

/** Why a promotion channel refuses an application (the plate's own reasons: orders/plate-checks.ts). */
export const CHANNEL_INTERCEPT_REASON = {
  unknownChannel: '推广渠道不存在，暂不支持办理',
  closedChannel: '该推广活动已结束，暂不支持办理',
  otherSource: '该推广活动不适用于当前渠道',
} as const

export const NOT_INTERCEPTED: InterceptionResponse = { intercept: false, reason: '' }
export const intercepted = (reason: string): InterceptionResponse => ({ intercept: true, reason })

/** The channel's own verdict: unknown, or ended or intercepted, refuses. */
export function channelVerdict(channel: PromotionChannelRow | undefined): InterceptionResponse {
  if (channel === undefined) return intercepted(CHANNEL_INTERCEPT_REASON.unknownChannel)
  return channelOpen(channel) ? NOT_INTERCEPTED : intercepted(CHANNEL_INTERCEPT_REASON.closedChannel)
}

/**
 * interceptCheck: the channel is closed for new applications when the promotion channel is
 * unknown, ended or intercepted, or belongs to another channel profile than the source channel.
 */
export async function channelInterception(db: Db, sourceChannel: string, promotionChannelId: string): Promise<InterceptionResponse> {
  const channel = await findPromotionChannel(db, promotionChannelId)
  const verdict = channelVerdict(channel)
  if (verdict.intercept || channel === undefined) return verdict
  return channelKeyOfSource(sourceChannel) === channel.channelKey ? NOT_INTERCEPTED : intercepted(CHANNEL_INTERCEPT_REASON.otherSource)
}
