/**
 * The demo catalogue of server/catalogue/seed-data.ts, in seed steps that each run once. The base
 * steps already created the issuers and the bank and map channels with their default partner;
 * these steps bring those rows to the catalogue's content (names, app ids, subjects, links) and
 * add everything else: the closed channel, partners, packages, configuration documents, plates
 * and the offline order; and, for databases seeded before them, the landing pages' promotions and
 * the write-off campaigns with their codes.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { SHOW } from '../../src/domain/enums'
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import { hashSecret } from '../auth/secrets'
import { APP_CONFIG_KEY, SWITCH_DEFAULTS } from '../catalogue/app-configs'
import {
  SEED_COMMODITIES,
  SEED_GOODS_TYPES,
  SEED_ISSUERS,
  SEED_LANDING_CATALOGUE,
  SEED_NOTICES,
  SEED_OFFLINE_ORDERS,
  SEED_OFFLINE_ORDER_PROOFS,
  SEED_PARTNER_CHANNELS,
  SEED_PLATE_RULES,
  SEED_PROMISE_CONFIGS,
  SEED_PROMOTION_CHANNELS,
  SEED_REGISTERED_PLATES,
  SEED_SERVICE_PROMISES,
  SEED_SUPPLIER_PROTOCOLS,
  SEED_SUPPLIER_PROTOCOL_VERSION,
  SEED_SWITCHES,
  SEED_VOUCHERS,
  SEED_WRITE_OFF_CATALOGUE,
} from '../catalogue/seed-data'
import type { SeedCatalogue } from '../catalogue/seed-data'
import { phoneIndex } from '../crypto/field-cipher'
import {
  appConfigs,
  commodities,
  issuers,
  offlineOrders,
  partnerChannels,
  plateRules,
  promotionChannels,
  registeredPlates,
  voucherCodes,
} from '../db/schema'
import type { Tx } from '../db/database'
import type { SeedStep } from './steps'

/** The value a conflicting row is updated to: the one this insert proposed. */
const proposed = (column: string) => sql.raw(`excluded.${column}`)

const switchStatus = (on: boolean): number => (on ? SHOW.YES : SHOW.NO)

export const catalogueChannelsSeed: SeedStep = {
  name: '0004-catalogue-channels',
  run: async (tx) => {
    await tx
      .insert(issuers)
      .values(SEED_ISSUERS)
      .onConflictDoUpdate({ target: issuers.id, set: { name: proposed('name'), miniProgramAppId: proposed('mini_program_app_id') } })
    await tx
      .insert(promotionChannels)
      .values(SEED_PROMOTION_CHANNELS.map((channel) => ({ ...channel, channelId: CHANNEL_IDENTIFIERS[channel.channelKey].channelId })))
      .onConflictDoUpdate({
        target: promotionChannels.id,
        set: {
          promotionSubject: proposed('promotion_subject'),
          callLink: proposed('call_link'),
          businessMode: proposed('business_mode'),
          activityType: proposed('activity_type'),
          intercepted: proposed('intercepted'),
          updatedAt: sql`now()`,
        },
      })
    await tx
      .insert(partnerChannels)
      .values([...SEED_PARTNER_CHANNELS])
      .onConflictDoUpdate({
        target: [partnerChannels.promotionChannelId, partnerChannels.partnerId],
        set: { partnerName: proposed('partner_name') },
      })
  },
}

export const catalogueCommoditiesSeed: SeedStep = {
  name: '0005-catalogue-commodities',
  run: async (tx) => {
    await tx
      .insert(commodities)
      // The catalogue speaks the API's commodityName; the table's column is `name`.
      .values(SEED_COMMODITIES.map(({ commodityName, ...commodity }) => ({ ...commodity, name: commodityName })))
      .onConflictDoNothing()
  },
}

export const catalogueConfigsSeed: SeedStep = {
  name: '0006-catalogue-configs',
  run: async (tx) => {
    const documents = [
      { key: APP_CONFIG_KEY.goodsTypes, switchStatus: SHOW.YES, content: SEED_GOODS_TYPES },
      ...Object.entries(SEED_PROMISE_CONFIGS).map(([type, config]) => ({ key: APP_CONFIG_KEY.promise(type), ...config })),
      ...Object.entries(SEED_NOTICES).map(([channelKey, notices]) => ({
        key: APP_CONFIG_KEY.notices(channelKey),
        switchStatus: SHOW.YES,
        content: notices,
      })),
      ...SEED_SUPPLIER_PROTOCOLS.map((protocol) => ({
        key: APP_CONFIG_KEY.supplierProtocol(protocol.issuerId),
        switchStatus: SHOW.YES,
        content: { title: protocol.title, content: protocol.content, version: protocol.version },
      })),
      { key: APP_CONFIG_KEY.newApplySwitch, switchStatus: switchStatus(SEED_SWITCHES.allowNewApply), content: {} },
      { key: APP_CONFIG_KEY.windowSwitchOne, switchStatus: switchStatus(SEED_SWITCHES.windowSwitchOneZs), content: {} },
      { key: APP_CONFIG_KEY.windowSwitchTwo, switchStatus: switchStatus(SEED_SWITCHES.windowSwitchTwoZs), content: {} },
      {
        key: APP_CONFIG_KEY.provinceMsgOpen,
        switchStatus: switchStatus(SWITCH_DEFAULTS[APP_CONFIG_KEY.provinceMsgOpen]),
        content: {},
      },
    ]
    await tx.insert(appConfigs).values(documents).onConflictDoNothing()
  },
}

export const cataloguePlatesSeed: SeedStep = {
  name: '0007-catalogue-plates',
  run: async (tx) => {
    await tx.insert(registeredPlates).values([...SEED_REGISTERED_PLATES]).onConflictDoNothing()
    await tx.insert(plateRules).values([...SEED_PLATE_RULES]).onConflictDoNothing()
  },
}

export const offlineOrdersSeed: SeedStep = {
  name: '0008-offline-orders',
  run: async (tx) => {
    await tx.insert(offlineOrders).values([...SEED_OFFLINE_ORDERS]).onConflictDoNothing()
  },
}

/**
 * The hand-over proofs of the seeded offline orders (a step of its own, so databases seeded before
 * proofs existed get them too); an order converted or edited meanwhile keeps what it has.
 */
export const offlineOrderProofsSeed: SeedStep = {
  name: '0009-offline-order-proofs',
  run: async (tx) => {
    for (const proof of SEED_OFFLINE_ORDER_PROOFS) {
      await tx
        .update(offlineOrders)
        .set({ phone: proof.phone, phoneIndex: phoneIndex(proof.phone), handoverCodeHash: hashSecret(proof.handoverCode) })
        .where(and(eq(offlineOrders.offlineNo, proof.offlineNo), isNull(offlineOrders.convertedOrderId), isNull(offlineOrders.phoneIndex)))
    }
  },
}

/** A catalogue's promotions, partners and packages, keeping the rows already there. */
async function insertCatalogue(tx: Tx, catalogue: SeedCatalogue): Promise<void> {
  const { promotionChannels: channels, partnerChannels: partners, commodities: packages } = catalogue
  await tx
    .insert(promotionChannels)
    .values(channels.map((channel) => ({ ...channel, channelId: CHANNEL_IDENTIFIERS[channel.channelKey].channelId })))
    .onConflictDoNothing()
  await tx.insert(partnerChannels).values([...partners]).onConflictDoNothing()
  await tx
    .insert(commodities)
    .values(packages.map(({ commodityName, ...commodity }) => ({ ...commodity, name: commodityName })))
    .onConflictDoNothing()
}

/**
 * The landing pages' promotions, partners and packages, for databases seeded before them (a fresh
 * database has them from the steps above, and this step adds nothing). Ids are the shared
 * placeholders of types/api/channels.ts (LANDING_PROMOTIONS).
 */
export const landingCatalogueSeed: SeedStep = {
  name: '0010-landing-promotions',
  run: (tx) => insertCatalogue(tx, SEED_LANDING_CATALOGUE),
}

/** The service promises the pages show (a step of its own, so databases seeded before them get them). */
export const servicePromisesSeed: SeedStep = {
  name: '0011-service-promises',
  run: async (tx) => {
    await tx
      .insert(appConfigs)
      .values(Object.entries(SEED_SERVICE_PROMISES).map(([type, promise]) => ({ key: APP_CONFIG_KEY.promise(type), ...promise })))
      .onConflictDoNothing()
  },
}

/**
 * The version label the issuer agreements carry since their acceptance is recorded, for databases
 * seeded before: a document without one gets the seed's label (a text edited meanwhile keeps its
 * text); a fresh database has it from the configs step and this step changes nothing.
 */
export const issuerAgreementVersionsSeed: SeedStep = {
  name: '0012-issuer-agreement-versions',
  run: async (tx) => {
    await tx
      .update(appConfigs)
      .set({ content: sql`${appConfigs.content} || ${JSON.stringify({ version: SEED_SUPPLIER_PROTOCOL_VERSION })}::jsonb`, updatedAt: sql`now()` })
      .where(
        and(
          inArray(appConfigs.key, SEED_SUPPLIER_PROTOCOLS.map((protocol) => APP_CONFIG_KEY.supplierProtocol(protocol.issuerId))),
          sql`not (${appConfigs.content} ? 'version')`,
        ),
      )
  },
}

/**
 * The write-off campaigns with their partners and packages (a fresh database has those from the
 * steps above), and their demo codes (SEED_VOUCHERS), for every database. A code already there
 * keeps what it has: a claim is never undone by a seed.
 */
export const writeOffCodesSeed: SeedStep = {
  name: '0013-write-off-codes',
  run: async (tx) => {
    await insertCatalogue(tx, SEED_WRITE_OFF_CATALOGUE)
    await tx.insert(voucherCodes).values([...SEED_VOUCHERS]).onConflictDoNothing()
  },
}

export const CATALOGUE_SEED_STEPS: readonly SeedStep[] = [
  catalogueChannelsSeed,
  catalogueCommoditiesSeed,
  catalogueConfigsSeed,
  cataloguePlatesSeed,
  offlineOrdersSeed,
  offlineOrderProofsSeed,
  landingCatalogueSeed,
  servicePromisesSeed,
  issuerAgreementVersionsSeed,
  writeOffCodesSeed,
]
