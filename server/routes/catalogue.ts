/**
 * Configuration and catalogue: promise configs, notices per channel, the goods-type config,
 * issuers, the region list, the mini-programs' entropy, promotion channels and their partners, packages, supplier protocols and the new-apply
 * switch. Everything is read from the seeded, editable tables (app_configs holds the JSON
 * documents, server/catalogue/app-configs.ts names their keys). A document edited into a shape
 * the app cannot read is a server fault (logged, "server busy"), never passed on.
 */
import { randomBytes } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { SERVICE_PROMISE_TYPE } from '../../types/api/catalogue'
import type { Commodity, PromotionChannelInfo, ServicePromiseContent, SupplierProtocolResponse } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { ENTROPY_BYTES } from '../../types/api/sealed'
import { API } from '../../types/api/paths'
import { ACTIVITY_TYPE, BUSINESS_MODE, SHOW } from '../../src/domain/enums'
import type { Notice } from '../../src/domain/notice'
import { readServicePromiseContent } from '../../src/domain/service-promise'
import { APP_CONFIG_KEY, readAppConfig } from '../catalogue/app-configs'
import { newApplyState } from '../catalogue/new-apply-switch'
import { channelOpen, findPromotionChannel } from '../promotions/promotion-channels'
import { REGIONS_CACHE_CONTROL, regionTree } from '../catalogue/regions'
import { readSupplierProtocol } from '../catalogue/supplier-protocols'
import { createTimedCache } from '../catalogue/timed-cache'
import type { Db } from '../db/database'
import { commodities, issuers, partnerChannels } from '../db/schema'
import type { Reply } from '../http/endpoint'
import { fail, ok } from '../http/envelope'
import { EmptyBody, identifier, issuerId } from '../validation/fields'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'

export const CATALOGUE_MESSAGE = {
  unknownConfig: '配置不存在',
  unknownNotices: '该渠道暂无公告配置',
  unknownProtocol: '该发行方暂无服务协议',
} as const

/** What an unknown promotion channel answers: not running, nothing to show. */
const UNKNOWN_CHANNEL_INFO: PromotionChannelInfo = {
  effective: false,
  promotionSubject: '',
  call_link: '',
  businessMode: BUSINESS_MODE.DEPOSIT,
  activityType: ACTIVITY_TYPE.NONE,
}

const PromiseConfigBody = z.strictObject({ type: identifier })
const NoticesParams = z.strictObject({ channelKey: z.string().regex(/^[a-z0-9_-]{1,32}$/) })
const PromoterChannelBody = z.strictObject({
  promotionChannelId: identifier,
  partnerId: identifier.optional(),
  promoterId: identifier.optional(),
})
const PromotionChannelParams = z.strictObject({ promotionChannelId: identifier })
const CommodityParams = z.strictObject({ id: identifier })
const SupplierProtocolBody = z.strictObject({ issuerId })
/** The GET's issuer id arrives as text: digits only, then the body's rule. */
const SupplierProtocolQuery = z.strictObject({ issuerId: z.string().regex(/^\d{1,9}$/).pipe(z.coerce.number()).pipe(issuerId) })
/** A catalogue GET takes nothing else in its query: another field would split caches' keys for nothing. */
const EmptyQuery = z.strictObject({})
const PUBLIC_CACHE_ROUTE = { publicCache: true } as const
/**
 * The public GETs' answers are kept 5 s in each process: an operator's change to the catalogue
 * reaches the servers' answers within that, and browsers and CDNs within their cache's time on top
 * (server/http/public-cache.ts); at most 500 answers (promotions and issuers), empty lists and
 * refusals not kept, so made-up ids cannot push the real ones out.
 */
export const CATALOGUE_CACHE = { ttlMs: 5_000, maxEntries: 500 } as const

// The shapes stored documents must have to be served.
const noticeTime = z.union([z.string(), z.number()]).nullable().optional()
const noticeSchema: z.ZodType<Notice> = z.object({
  id: z.union([z.string(), z.number()]),
  noticeType: z.number(),
  noticeTitle: z.string(),
  noticeContent: z.string(),
  redirectPath: z.string().nullable().optional(),
  startTime: noticeTime,
  endTime: noticeTime,
  noticeScene: z.object({ effectRange: z.string().nullable().optional() }).nullable().optional(),
})
const noticesSchema = z.array(noticeSchema)
const goodsTypesSchema = z.record(z.string(), z.looseObject({ name: z.string(), description: z.string().optional() }))
const SERVICE_PROMISE_TYPES: readonly string[] = Object.values(SERVICE_PROMISE_TYPE)
const isServicePromiseType = (type: string): boolean => SERVICE_PROMISE_TYPES.includes(type)

/** A stored promise as the app reads it (the domain's rule: blank lines dropped, capped), or a server fault naming the key. */
function servicePromiseDocument(key: string, content: unknown): ServicePromiseContent {
  const promise = readServicePromiseContent(content)
  if (!promise) throw new Error(`app_configs "${key}" does not have the shape its call answers with`)
  return promise
}

/** A stored document in the shape the call promises, or a server fault naming the key. */
function storedDocument<S extends z.ZodType>(key: string, schema: S, content: unknown): z.output<S> {
  const result = schema.safeParse(content)
  if (!result.success) throw new Error(`app_configs "${key}" does not have the shape its call answers with`)
  return result.data
}

type CommodityRow = typeof commodities.$inferSelect

export function toCommodity(row: CommodityRow): Commodity {
  return {
    id: row.id,
    commodityName: row.name,
    commodityPrice: row.commodityPrice,
    originalCommodityPrice: row.originalCommodityPrice,
    bizType: row.bizType,
    goodTypeMap: row.goodTypeMap,
    issuerId: row.issuerId,
    packageVariant: row.packageVariant,
    frontData: { sort: row.frontSort, marketingData: row.marketingData ?? null, isExistUser: row.isExistUser },
    description: row.description,
  }
}

async function channelCommodities(db: Db, promotionChannelId: string): Promise<Commodity[]> {
  const rows = await db
    .select()
    .from(commodities)
    .where(and(eq(commodities.promotionChannelId, promotionChannelId), eq(commodities.onSale, true)))
    .orderBy(sql`${commodities.frontSort} asc nulls last`, asc(commodities.id))
  return rows.map(toCommodity)
}

export const catalogueRoutes: RouteGroup = async (app, { context }) => {
  const { db } = context
  const route = contractRoutes(app, context)

  route(API.promiseConfig, {
    body: PromiseConfigBody,
    handler: async ({ body }) => {
      const key = APP_CONFIG_KEY.promise(body.type)
      const document = await readAppConfig(db, key)
      if (!document) return fail(BUSINESS_CODE.NOT_FOUND, CATALOGUE_MESSAGE.unknownConfig)
      // The app's own promise types have a documented shape; other types are passed on as stored.
      const content = isServicePromiseType(body.type) ? servicePromiseDocument(key, document.content) : document.content
      return ok({ switchStatus: document.switchStatus, content: JSON.stringify(content) })
    },
  })

  route(API.notices, {
    params: NoticesParams,
    handler: async ({ params }) => {
      const key = APP_CONFIG_KEY.notices(params.channelKey)
      const document = await readAppConfig(db, key)
      if (!document) return fail(BUSINESS_CODE.NOT_FOUND, CATALOGUE_MESSAGE.unknownNotices)
      if (document.switchStatus !== SHOW.YES) return ok([])
      return ok(storedDocument(key, noticesSchema, document.content))
    },
  })

  route(API.goodsTypeConfig, {
    handler: async () => {
      const document = await readAppConfig(db, APP_CONFIG_KEY.goodsTypes)
      if (!document) return fail(BUSINESS_CODE.NOT_FOUND, CATALOGUE_MESSAGE.unknownConfig)
      return ok(storedDocument(APP_CONFIG_KEY.goodsTypes, goodsTypesSchema, document.content))
    },
  })

  route(API.issuers, {
    handler: async () => {
      const rows = await db
        .select({ id: issuers.id, name: issuers.name, miniProgramAppId: issuers.miniProgramAppId })
        .from(issuers)
        .orderBy(asc(issuers.id))
      return ok(rows)
    },
  })

  route(API.regions, {
    handler: async ({ reply }) => {
      reply.header('cache-control', REGIONS_CACHE_CONTROL)
      return ok(regionTree())
    },
  })

  route(API.entropy, {
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-store')
      return ok({ entropy: randomBytes(ENTROPY_BYTES).toString('hex') })
    },
  })

  route(API.promoterChannelEffective, {
    // Partner and promoter do not change whether the promotion runs; they are checked for form.
    body: PromoterChannelBody,
    handler: async ({ body }) => {
      const channel = await findPromotionChannel(db, body.promotionChannelId)
      if (!channel) return ok(UNKNOWN_CHANNEL_INFO)
      return ok({
        effective: channelOpen(channel),
        promotionSubject: channel.promotionSubject,
        call_link: channel.callLink,
        businessMode: channel.businessMode,
        activityType: channel.activityType,
      })
    },
  })

  route(API.partnerChannels, {
    params: PromotionChannelParams,
    body: EmptyBody,
    handler: async ({ params }) => {
      const rows = await db
        .select({
          partnerId: partnerChannels.partnerId,
          partnerName: partnerChannels.partnerName,
          promotionChannelId: partnerChannels.promotionChannelId,
        })
        .from(partnerChannels)
        .where(eq(partnerChannels.promotionChannelId, params.promotionChannelId))
        .orderBy(asc(partnerChannels.id))
      return ok(rows)
    },
  })

  // The public catalogue: the spec's POSTs, and GETs at the same paths that caches may keep
  // (server/http/public-cache.ts), answered from this process's short-lived cache.
  const commoditiesOf = async (id: string) => ok(await channelCommodities(db, id))
  const protocolOf = async (issuerId: number) => {
    const protocol = await readSupplierProtocol(db, issuerId)
    return protocol ? ok(protocol) : fail(BUSINESS_CODE.NOT_FOUND, CATALOGUE_MESSAGE.unknownProtocol)
  }
  const keptCommodities = createTimedCache<Reply<Commodity[]>>(context.clock, CATALOGUE_CACHE.ttlMs, CATALOGUE_CACHE.maxEntries)
  const keptProtocols = createTimedCache<Reply<SupplierProtocolResponse>>(context.clock, CATALOGUE_CACHE.ttlMs, CATALOGUE_CACHE.maxEntries)

  route(API.listCommodity, {
    params: CommodityParams,
    body: EmptyBody,
    handler: async ({ params }) => commoditiesOf(params.id),
  })

  route(API.catalogueCommodities, {
    config: PUBLIC_CACHE_ROUTE,
    params: CommodityParams,
    query: EmptyQuery,
    handler: async ({ params }) => keptCommodities.get(params.id, () => commoditiesOf(params.id), (answer) => answer.data !== null && answer.data.length > 0),
  })

  route(API.supplierProtocol, {
    body: SupplierProtocolBody,
    handler: async ({ body: { issuerId } }) => protocolOf(issuerId),
  })

  route(API.catalogueProtocol, {
    config: PUBLIC_CACHE_ROUTE,
    query: SupplierProtocolQuery,
    handler: async ({ query: { issuerId } }) => keptProtocols.get(String(issuerId), () => protocolOf(issuerId), (answer) => answer.data !== null),
  })

  route(API.newApplySwitch, {
    handler: async () => ok(await newApplyState(db)),
  })
}
