/** Path parameters shared by the route groups, and the check of the `{channel}` every such path has. */
import { z } from 'zod'
import { isKnownChannel } from '../auth/login'
import type { Db } from '../db/database'
import { ApiError } from '../http/envelope'
import { parseInput } from '../http/validation'
import { identifier } from '../validation/fields'

export const CHANNEL_MESSAGE = { unknown: '渠道不存在' } as const

export const ChannelParams = z.object({ channel: identifier })
export const OrderParams = z.object({ orderId: identifier })
export const ChannelOrderParams = ChannelParams.extend(OrderParams.shape)

/** The `{channel}` path id must be a configured channel (logins and orders are made through it): else 404. */
export async function knownChannel(db: Db, params: unknown): Promise<void> {
  const { channel } = parseInput(ChannelParams, params)
  if (!(await isKnownChannel(db, channel))) throw ApiError.notFound(CHANNEL_MESSAGE.unknown)
}
