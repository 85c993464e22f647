/** Path parameters shared by the apply, order, upload and payment route groups. */
import { z } from 'zod'
import { isKnownChannel } from '../auth/login'
import type { Db } from '../db/database'
import { ApiError } from '../http/envelope'
import { parseInput } from '../http/validation'
import { identifier } from '../validation/fields'

export const CHANNEL_MESSAGE = { unknown: '渠道不存在' } as const

export const ChannelParams = z.object({ channel: identifier })
export const OrderParams = z.object({ orderId: identifier })

/** The `{channel}` path id, which must be a configured channel (orders are made through it). */
export async function knownChannel(db: Db, params: unknown): Promise<string> {
  const { channel } = parseInput(ChannelParams, params)
  if (!(await isKnownChannel(db, channel))) throw ApiError.notFound(CHANNEL_MESSAGE.unknown)
  return channel
}
