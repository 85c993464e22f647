/**
 * The channels as the seeds need them, from the identifiers app and server share
 * (types/api/channels.ts: placeholders until real ones are issued).
 */
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import type { ChannelKey } from '../../types/api/channels'

export interface SeedChannel {
  key: ChannelKey
  channelId: string
  sourceChannel: string
  promotionChannelId: string
  partnerId: string
  promoterId: string
  promoterAccount: { loginAccount: string; password: string }
}

export const SEED_CHANNELS: readonly SeedChannel[] = (Object.keys(CHANNEL_IDENTIFIERS) as ChannelKey[]).map((key) => {
  const ids = CHANNEL_IDENTIFIERS[key]
  return {
    key,
    channelId: ids.channelId,
    sourceChannel: ids.sourceChannel,
    ...ids.defaultPromotion,
    promoterAccount: { ...ids.promoterAccount },
  }
})
