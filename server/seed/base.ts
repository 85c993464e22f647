/**
 * The base seed: the 13 issuers, the bank and map promotion channels with their partner, and the
 * channels' promoter accounts (section 6's silent login). The catalogue (commodities, configs,
 * registered plates) comes in later steps.
 */
import { ACTIVITY_TYPE, BUSINESS_MODE, ISSUERS } from '../../src/domain/enums'
import { hashPassword } from '../auth/passwords'
import { issuers, partnerChannels, promoterAccounts, promotionChannels } from '../db/schema'
import { SEED_CHANNELS } from './placeholder-ids'
import type { SeedStep } from './steps'

const CHANNEL_DETAILS = {
  bank: { promotionSubject: '银行ETC线上申办', businessMode: BUSINESS_MODE.DEPOSIT, activityType: ACTIVITY_TYPE.BANK_H5, partnerName: '银行合作网点' },
  map: { promotionSubject: '地图ETC线上申办', businessMode: BUSINESS_MODE.FEE, activityType: ACTIVITY_TYPE.NONE, partnerName: '地图出行服务' },
} as const

export const issuersSeed: SeedStep = {
  name: '0001-issuers',
  run: async (tx) => {
    await tx.insert(issuers).values(ISSUERS.map((issuer) => ({ id: issuer.id, name: issuer.name, miniProgramAppId: null })))
  },
}

export const promotionChannelsSeed: SeedStep = {
  name: '0002-promotion-channels',
  run: async (tx) => {
    for (const channel of SEED_CHANNELS) {
      const details = CHANNEL_DETAILS[channel.key]
      await tx.insert(promotionChannels).values({
        id: channel.promotionChannelId,
        channelKey: channel.key,
        channelId: channel.channelId,
        promotionSubject: details.promotionSubject,
        businessMode: details.businessMode,
        activityType: details.activityType,
      })
      await tx.insert(partnerChannels).values({
        promotionChannelId: channel.promotionChannelId,
        partnerId: channel.partnerId,
        partnerName: details.partnerName,
      })
    }
  },
}

export const promoterAccountsSeed: SeedStep = {
  name: '0003-promoter-accounts',
  run: async (tx) => {
    for (const channel of SEED_CHANNELS) {
      await tx.insert(promoterAccounts).values({
        loginAccount: channel.promoterAccount.loginAccount,
        passwordHash: await hashPassword(channel.promoterAccount.password),
        promotionChannelId: channel.promotionChannelId,
        partnerId: channel.partnerId,
        promoterId: channel.promoterId,
      })
    }
  },
}
