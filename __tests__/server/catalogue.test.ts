/**
 * Configuration and catalogue routes on the seeded catalogue: promise configs, notices per
 * channel, goods types, issuers, promotion channels, partners, packages, supplier protocols and
 * the new-apply switch; edits in the database show in the answers. Also the seeding: a first run
 * inserts the whole of server/catalogue/seed-data.ts, a second inserts nothing.
 */
import { count, eq, inArray, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { InjectOptions } from 'fastify'
import { SERVICE_PROMISE_TYPE } from '../../types/api/catalogue'
import type {
  Commodity,
  PromiseConfigRequest,
  PromiseConfigResponse,
  PromoterChannelEffectiveRequest,
  PromotionChannelInfo,
  ServicePromiseContent,
  SupplierProtocolRequest,
  SupplierProtocolResponse,
} from '../../types/api/catalogue'
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import { REGIONS_CACHE_CONTROL, regionTree } from '../../server/catalogue/regions'
import { PUBLIC_CACHE_CONTROL, entityTag } from '../../server/http/public-cache'
import { CATALOGUE_CACHE } from '../../server/routes/catalogue'
import { regionOptions } from '../../src/domain/region'
import type { RegionTree } from '../../src/domain/region'
import { API } from '../../types/api/paths'
import { ACTIVITY_TYPE, BUSINESS_MODE, ISSUERS, SHOW } from '../../src/domain/enums'
import { NEW_APPLY_PAUSED } from '../../src/domain/apply-checks'
import { APP_CONFIG_KEY } from '../../server/catalogue/app-configs'
import {
  SEED_COMMODITIES,
  SEED_GOODS_TYPES,
  SEED_NOTICES,
  SEED_OFFLINE_ORDERS,
  SEED_PARTNER_CHANNELS,
  SEED_PLATE_RULES,
  SEED_PROMISE_CONFIGS,
  SEED_PROMOTION_CHANNELS,
  SEED_REGISTERED_PLATES,
  SEED_SERVICE_PROMISES,
  SEED_SUPPLIER_PROTOCOLS,
  SEED_SUPPLIER_PROTOCOL_VERSION,
  SEED_VOUCHERS,
  SEED_WRITE_OFF_CATALOGUE,
  SEED_WRITE_OFF_PROMOTIONS,
} from '../../server/catalogue/seed-data'
import type { Db } from '../../server/db/database'
import {
  appConfigs,
  commodities,
  issuers,
  offlineOrders,
  partnerChannels,
  plateRules,
  promotionChannels,
  registeredPlates,
  seedHistory,
  voucherCodes,
} from '../../server/db/schema'
import { SEED_STEPS, seed } from '../../server/seed'
import { CATALOGUE_SEED_STEPS, issuerAgreementVersionsSeed, writeOffCodesSeed } from '../../server/seed/catalogue'
import { appWorld } from './support/app-world'
import { SERVICE_PROMISE_MAX_ITEMS } from '../../src/domain/service-promise'
import { MAX_ISSUER_ID } from '../../server/validation/fields'
import { envelope, loginAsPromoter } from './support/api'
import { expectLoginEnforced } from './support/login-checks'
import { TABLE_NAMES, describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'

const BANK_PROMOTION = CHANNEL_IDENTIFIERS.bank.defaultPromotion.promotionChannelId
const MAP_PROMOTION = CHANNEL_IDENTIFIERS.map.defaultPromotion.promotionChannelId
const CLOSED_PROMOTION = 'PLACEHOLDER_CLOSED_PROMOTION_CHANNEL'

const OK = { code: 200, msg: '成功' }

describeDb('catalogue routes', () => {
  const world = appWorld((test) => loginAsPromoter(test))
  const { api } = world
  const call = (request: InjectOptions) => world.call(request)
  const setSwitch = (key: string, on: boolean) =>
    world.database.db.update(appConfigs).set({ switchStatus: on ? SHOW.YES : SHOW.NO }).where(eq(appConfigs.key, key))
  const setContent = (key: string, content: unknown) => world.database.db.update(appConfigs).set({ content }).where(eq(appConfigs.key, key))

  describe('promiseConfig/getByType', () => {
    const promise = (data: PromiseConfigRequest) => api.call(API.promiseConfig, data)

    it('answers a config by type, its content as JSON text, without a login', async () => {
      const response = await promise({ type: 'applyPromise' })
      expect(response.statusCode).toBe(200)
      const body = envelope<PromiseConfigResponse>(response)
      expect(body).toMatchObject(OK)
      expect(body.data.switchStatus).toBe(SHOW.YES)
      expect(typeof body.data.content).toBe('string')
      expect(JSON.parse(body.data.content)).toEqual(SEED_PROMISE_CONFIGS.applyPromise?.content)
    })

    it('answers a switched-off config with its switch status', async () => {
      const body = envelope<PromiseConfigResponse>(await promise({ type: 'activityBanner' }))
      expect(body.data.switchStatus).toBe(SHOW.NO)
      expect(JSON.parse(body.data.content)).toEqual(SEED_PROMISE_CONFIGS.activityBanner?.content)
    })

    it('serves edits made in the world.database', async () => {
      await setContent(APP_CONFIG_KEY.promise('deliveryPromise'), { title: '新承诺', items: [] })
      const body = envelope<PromiseConfigResponse>(await promise({ type: 'deliveryPromise' }))
      expect(JSON.parse(body.data.content)).toEqual({ title: '新承诺', items: [] })
    })

    describe.each(Object.values(SERVICE_PROMISE_TYPE))('the app\'s service promise %s', (type) => {
      it('is seeded switched on, with a title and lines', async () => {
        const body = envelope<PromiseConfigResponse>(await promise({ type }))
        expect(body.data.switchStatus).toBe(SHOW.YES)
        const content = JSON.parse(body.data.content) as ServicePromiseContent
        expect(content).toEqual(SEED_SERVICE_PROMISES[type].content)
        expect(content.title).not.toBe('')
        expect(content.items.length).toBeGreaterThan(0)
      })

      it('answers its switch once an operator turns it off', async () => {
        await setSwitch(APP_CONFIG_KEY.promise(type), false)
        expect(envelope<PromiseConfigResponse>(await promise({ type })).data.switchStatus).toBe(SHOW.NO)
      })

      it('is passed on as the app reads it: lines trimmed, blank ones dropped, at most SERVICE_PROMISE_MAX_ITEMS', async () => {
        const lines = Array.from({ length: SERVICE_PROMISE_MAX_ITEMS + 2 }, (_, index) => `承诺${index + 1}`)
        await setContent(APP_CONFIG_KEY.promise(type), { title: ' 服务承诺 ', items: ['', ...lines.map((line) => ` ${line} `)] })
        const content = JSON.parse(envelope<PromiseConfigResponse>(await promise({ type })).data.content) as ServicePromiseContent
        expect(content).toEqual({ title: '服务承诺', items: lines.slice(0, SERVICE_PROMISE_MAX_ITEMS) })
      })

      it.each([
        ['not an object', ['a', 'list']],
        ['without lines', { title: '服务承诺', items: [] }],
        ['with blank lines only', { title: '服务承诺', items: [' '] }],
        ['with a line that is not text', { title: '服务承诺', items: [1] }],
      ])('is never passed on when edited into a document %s', async (_case, content) => {
        await setContent(APP_CONFIG_KEY.promise(type), content)
        const response = await promise({ type })
        expect(response.statusCode).toBe(500)
        expect(response.json()).toEqual({ code: 500, msg: '服务器繁忙，请稍后重试', data: null })
        expect(world.test.logs.text()).toContain(APP_CONFIG_KEY.promise(type))
      })
    })

    it('answers an unknown type with a business "not found"', async () => {
      const response = await promise({ type: 'noSuchType' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 404, msg: '配置不存在', data: null })
    })

    it.each([
      ['a missing type', {}, '参数 type 不能为空'],
      ['a number', { type: 7 }, '参数 type 应为字符串'],
      ['a path-like type', { type: '../../etc/passwd' }, '参数 type 格式不正确'],
      ['an unknown field', { type: 'applyPromise', admin: true }, '请求参数不支持的字段 admin'],
    ])('answers %s with a 400 and a Chinese message', async (_case, payload, msg) => {
      const response = await api.malformed(API.promiseConfig, payload, { as: world.grant })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ code: 400, msg, data: null })
    })

    it('refuses a prototype-poisoning body with a 400', async () => {
      const response = await api.malformed(API.promiseConfig, '{"type":"applyPromise","__proto__":{"admin":true}}', { headers: { 'content-type': 'application/json' } })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).code).toBe(400)
    })
  })

  describe('notices per channel', () => {
    const notices = (channelKey: string) => api.call(API.notices, undefined, { params: { channelKey } })

    it.each(['bank', 'map'] as const)('answers the %s notices without a login', async (channelKey) => {
      const response = await notices(channelKey)
      expect(response.statusCode).toBe(200)
      expect(envelope(response)).toEqual({ ...OK, data: SEED_NOTICES[channelKey] })
    })

    it('answers the address the app profiles name', async () => {
      const response = await world.test.inject({ method: 'GET', url: '/config/notices/bank.json' })
      expect(envelope(response).data).toEqual(SEED_NOTICES.bank)
    })

    it('answers an unknown channel key with a business "not found"', async () => {
      const response = await notices('bus')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 404, msg: '该渠道暂无公告配置', data: null })
    })

    it('answers a malformed channel key with a 400', async () => {
      const response = await world.test.inject({ method: 'GET', url: '/config/notices/%3Cscript%3E.json' })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('参数 channelKey 格式不正确')
    })

    it('answers no notices while the channel\'s notices are switched off', async () => {
      await setSwitch(APP_CONFIG_KEY.notices('bank'), false)
      expect(envelope(await notices('bank')).data).toEqual([])
    })

    it('never passes on a notices document edited into a shape the app cannot read', async () => {
      await setContent(APP_CONFIG_KEY.notices('map'), { not: 'a list' })
      const response = await notices('map')
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ code: 500, msg: '服务器繁忙，请稍后重试', data: null })
      expect(world.test.logs.text()).toContain('notices:map')
    })
  })

  describe('goods-type config', () => {
    it('answers the goods types without a login and serves edits', async () => {
      const first = await api.call(API.goodsTypeConfig)
      expect(envelope(first)).toEqual({ ...OK, data: SEED_GOODS_TYPES })
      await setContent(APP_CONFIG_KEY.goodsTypes, { obu: { name: '新一代OBU' } })
      const second = await api.call(API.goodsTypeConfig)
      expect(envelope(second).data).toEqual({ obu: { name: '新一代OBU' } })
    })
  })

  describe('issuers', () => {
    it('answers the 13 issuers in id order without a login', async () => {
      const response = await api.call(API.issuers)
      const body = envelope<{ id: number; name: string; miniProgramAppId: string | null }[]>(response)
      expect(body.data.map(({ id, name }) => ({ id, name }))).toEqual(ISSUERS.map(({ id, name }) => ({ id, name })))
      expect(body.data).toHaveLength(13)
      expect(body.data.filter((issuer) => issuer.miniProgramAppId !== null).map((issuer) => issuer.id)).toEqual([1, 3])
    })
  })

  describe('regions', () => {
    it('answers the region list without a login, cacheable by browsers and CDNs', async () => {
      const response = await api.call(API.regions)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe(REGIONS_CACHE_CONTROL)
      const tree = envelope<RegionTree>(response).data
      expect(tree).toEqual(regionTree())
      expect(regionOptions(tree, ['广东省', '深圳市'])).toContain('南山区')
    })
  })

  describe('entropy', () => {
    it('hands out 32 fresh bytes of hex without a login, never cached', async () => {
      const draw = async () => {
        const response = await api.call(API.entropy)
        expect([response.statusCode, response.headers['cache-control']]).toEqual([200, 'no-store'])
        return envelope<{ entropy: string }>(response).data.entropy
      }
      const [first, second] = [await draw(), await draw()]
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(second).toMatch(/^[0-9a-f]{64}$/)
      expect(second).not.toBe(first)
    })
  })

  describe('promoter_channel_effective', () => {
    const effective = (data: PromoterChannelEffectiveRequest) => api.request(API.promoterChannelEffective, data)

    it('answers a running channel with its subject, link and business mode', async () => {
      const bank = envelope<PromotionChannelInfo>(await call(effective({ promotionChannelId: BANK_PROMOTION })))
      const seeded = SEED_PROMOTION_CHANNELS[0]!
      expect(bank).toEqual({
        ...OK,
        data: { effective: true, promotionSubject: seeded.promotionSubject, call_link: '', businessMode: seeded.businessMode, activityType: seeded.activityType },
      })
      const map = envelope<PromotionChannelInfo>(
        await call(effective({ promotionChannelId: MAP_PROMOTION, partnerId: 'PLACEHOLDER_MAP_PARTNER', promoterId: 'PLACEHOLDER_MAP_PROMOTER' })),
      )
      expect(map.data).toEqual({ effective: true, promotionSubject: '地图出行ETC免费办', call_link: 'https://cs.example.cn/etc/hall', businessMode: 1, activityType: ACTIVITY_TYPE.NEW_APPLY })
    })

    it('answers the write-off campaign as a fee promotion of activity type 3', async () => {
      const campaign = envelope<PromotionChannelInfo>(await call(effective({ promotionChannelId: SEED_WRITE_OFF_PROMOTIONS.bank })))
      expect(campaign.data).toEqual({
        effective: true,
        promotionSubject: '核销码专享：ETC服务费立减20元',
        call_link: '',
        businessMode: BUSINESS_MODE.FEE,
        activityType: ACTIVITY_TYPE.WRITE_OFF_CODE,
      })
    })

    it('answers an intercepted channel as not effective, still with its data', async () => {
      const response = await call(effective({ promotionChannelId: CLOSED_PROMOTION }))
      expect(response.statusCode).toBe(200)
      expect(envelope(response)).toEqual({
        ...OK,
        data: { effective: false, promotionSubject: '已结束的推广活动', call_link: '', businessMode: 0, activityType: ACTIVITY_TYPE.PROMO_618 },
      })
    })

    it('answers an unknown channel as not effective with 200', async () => {
      const response = await call(effective({ promotionChannelId: 'NO_SUCH_CHANNEL' }))
      expect(response.statusCode).toBe(200)
      expect(envelope(response)).toEqual({ ...OK, data: { effective: false, promotionSubject: '', call_link: '', businessMode: 0, activityType: ACTIVITY_TYPE.NONE } })
    })

    it('follows the channel switched off in the world.database', async () => {
      await world.database.db.update(promotionChannels).set({ effective: false }).where(eq(promotionChannels.id, BANK_PROMOTION))
      expect(envelope<PromotionChannelInfo>(await call(effective({ promotionChannelId: BANK_PROMOTION }))).data.effective).toBe(false)
    })

    it.each([
      ['a missing channel id', {}, '参数 promotionChannelId 不能为空'],
      ['an object as the id', { promotionChannelId: { $ne: null } }, '参数 promotionChannelId 应为字符串'],
      ['an SQL-like id', { promotionChannelId: "x' or '1'='1" }, '参数 promotionChannelId 格式不正确'],
    ])('answers %s with a 400', async (_case, payload, msg) => {
      const response = await call(api.malformedRequest(API.promoterChannelEffective, payload))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, effective({ promotionChannelId: BANK_PROMOTION }), world.grant)
    })
  })

  describe('partner channels', () => {
    const partners = (promotionChannelId: string) => api.request(API.partnerChannels, { promotionChannelId })

    it('answers the partners of a channel', async () => {
      const response = await call(partners(BANK_PROMOTION))
      expect(envelope(response)).toEqual({
        ...OK,
        data: SEED_PARTNER_CHANNELS.filter((partner) => partner.promotionChannelId === BANK_PROMOTION).map((partner) => ({
          partnerId: partner.partnerId,
          partnerName: partner.partnerName,
          promotionChannelId: partner.promotionChannelId,
        })),
      })
      expect(envelope<unknown[]>(response).data).toHaveLength(2)
    })

    it('answers an unknown channel with an empty list', async () => {
      expect(envelope(await call(partners('NO_SUCH_CHANNEL')))).toEqual({ ...OK, data: [] })
    })

    it('answers a malformed channel id or an unexpected body with a 400', async () => {
      expect((await call(partners('bad id!'))).statusCode).toBe(400)
      const extra = await call(api.malformedRequest(API.partnerChannels, { promotionChannelId: BANK_PROMOTION, partnerId: 'x' }))
      expect(extra.statusCode).toBe(400)
      expect(envelope(extra).msg).toBe('请求参数不支持的字段 partnerId')
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, partners(MAP_PROMOTION), world.grant)
    })
  })

  describe('listCommodity', () => {
    const list = (id: string) => api.request(API.listCommodity, { id })

    it('answers the channel\'s packages shaped as Commodity, in front order', async () => {
      const response = await call(list(BANK_PROMOTION))
      const body = envelope<Commodity[]>(response)
      const expected = SEED_COMMODITIES.filter((commodity) => commodity.promotionChannelId === BANK_PROMOTION)
      expect(body.data).toEqual(
        expected.map((commodity) => ({
          id: commodity.id,
          commodityName: commodity.commodityName,
          commodityPrice: commodity.commodityPrice,
          originalCommodityPrice: commodity.originalCommodityPrice,
          bizType: commodity.bizType,
          goodTypeMap: commodity.goodTypeMap,
          issuerId: commodity.issuerId,
          packageVariant: commodity.packageVariant,
          frontData: { sort: commodity.frontSort, marketingData: commodity.marketingData, isExistUser: commodity.isExistUser },
          description: commodity.description,
        })),
      )
      expect(body.data.map((commodity) => commodity.packageVariant)).toEqual([202401, 202402, 202403])
    })

    it('answers the map channel\'s packages with cent prices', async () => {
      const body = envelope<Commodity[]>(await call(list(MAP_PROMOTION)))
      expect(body.data.map((commodity) => [commodity.id, commodity.commodityPrice])).toEqual([
        ['MAP_FREE', 0],
        ['MAP_VIP', 3990],
      ])
    })

    it('leaves out packages taken off sale', async () => {
      await world.database.db.update(commodities).set({ onSale: false }).where(eq(commodities.id, 'BANK_VIP'))
      const body = envelope<Commodity[]>(await call(list(BANK_PROMOTION)))
      expect(body.data.map((commodity) => commodity.id)).toEqual(['BANK_BASIC', 'BANK_EXISTING'])
    })

    it('answers an unknown channel with an empty list', async () => {
      expect(envelope(await call(list('NO_SUCH_CHANNEL')))).toEqual({ ...OK, data: [] })
    })

    it('answers a hostile id with a 400', async () => {
      const response = await call(list("1;drop table commodities"))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('参数 id 格式不正确')
    })

    it('is public: a visitor reads it before logging in', async () => {
      const response = await world.test.inject(list(BANK_PROMOTION))
      expect(envelope<Commodity[]>(response).data.map((commodity) => commodity.id)).toEqual(['BANK_BASIC', 'BANK_VIP', 'BANK_EXISTING'])
      // The spec's POST is not for caches.
      expect(response.headers['cache-control']).toBe('no-store')
    })
  })

  describe('supplier protocol', () => {
    const protocol = (data: SupplierProtocolRequest) => api.request(API.supplierProtocol, data)

    it('answers the issuer\'s protocol with its version', async () => {
      const seeded = SEED_SUPPLIER_PROTOCOLS.find((entry) => entry.issuerId === 3)!
      expect(envelope(await call(protocol({ issuerId: 3 })))).toEqual({
        ...OK,
        data: { issuerId: 3, title: seeded.title, content: seeded.content, version: SEED_SUPPLIER_PROTOCOL_VERSION },
      })
    })

    it('answers each issuer its own agreement', async () => {
      for (const issuer of ISSUERS) {
        const { data } = envelope<SupplierProtocolResponse>(await call(protocol({ issuerId: issuer.id })))
        expect(data).toMatchObject({ issuerId: issuer.id, title: `${issuer.name}ETC用户服务协议`, version: SEED_SUPPLIER_PROTOCOL_VERSION })
        expect(data.content).toContain(issuer.name)
      }
    })

    it('answers a switched-off agreement like a missing one, and one edited into another shape as a server fault', async () => {
      await setSwitch(APP_CONFIG_KEY.supplierProtocol(3), false)
      expect((await call(protocol({ issuerId: 3 }))).json()).toEqual({ code: 404, msg: '该发行方暂无服务协议', data: null })
      await setSwitch(APP_CONFIG_KEY.supplierProtocol(3), true)
      await setContent(APP_CONFIG_KEY.supplierProtocol(3), { title: '无版本的协议', content: '……' })
      const response = await call(protocol({ issuerId: 3 }))
      expect(response.statusCode).toBe(500)
      expect(envelope(response).msg).toBe('服务器繁忙，请稍后重试')
    })

    it('answers an issuer without a protocol with a business "not found"', async () => {
      expect((await call(protocol({ issuerId: 99 }))).json()).toEqual({ code: 404, msg: '该发行方暂无服务协议', data: null })
      // The same bound as the apply payload's issuer ids: any id an issuer row can have is asked, not refused.
      expect((await call(protocol({ issuerId: MAX_ISSUER_ID }))).json()).toEqual({ code: 404, msg: '该发行方暂无服务协议', data: null })
    })

    it.each([
      ['a text id', { issuerId: '3' }, '参数 issuerId 应为数字'],
      ['a fraction', { issuerId: 1.5 }, '参数 issuerId 应为整数'],
      ['zero', { issuerId: 0 }, '参数 issuerId 不能小于1'],
      ['an id no issuer row can have', { issuerId: MAX_ISSUER_ID + 1 }, `参数 issuerId 不能大于${MAX_ISSUER_ID}`],
    ])('answers %s with a 400', async (_case, payload, msg) => {
      const response = await call(api.malformedRequest(API.supplierProtocol, payload))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
    })

    it('is public: a visitor reads it before logging in', async () => {
      expect(envelope<SupplierProtocolResponse>(await world.test.inject(protocol({ issuerId: 3 }))).data).toMatchObject({ issuerId: 3 })
    })
  })

  describe('the public catalogue GETs', () => {
    const commoditiesGet = (id: string, headers: Record<string, string> = {}) => api.call(API.catalogueCommodities, { id }, { headers })
    const protocolGet = (issuerId: number) => api.call(API.catalogueProtocol, { issuerId })

    it('answer what the POSTs answer, without a login, for browsers and CDNs to keep', async () => {
      const listed = await commoditiesGet(BANK_PROMOTION)
      const posted = await call(api.request(API.listCommodity, { id: BANK_PROMOTION }))
      expect(listed.json()).toEqual(posted.json())
      // The POST keeps the caller's rate-limit counts; the cacheable GET carries none.
      expect(posted.headers['x-ratelimit-limit']).toBeDefined()
      expect(listed.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
      expect(listed.headers.etag).toBe(entityTag(listed.body))
      expect(Object.keys(listed.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([])
      const agreement = await protocolGet(3)
      expect(agreement.json()).toEqual((await call(api.request(API.supplierProtocol, { issuerId: 3 }))).json())
      expect(agreement.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    })

    it('answer 304 without a body while unchanged, and a new ETag once the catalogue changed', async () => {
      const first = await commoditiesGet(BANK_PROMOTION)
      const etag = String(first.headers.etag)
      const again = await commoditiesGet(BANK_PROMOTION, { 'if-none-match': etag })
      expect([again.statusCode, again.body]).toEqual([304, ''])
      expect(again.headers.etag).toBe(etag)
      expect((await commoditiesGet(BANK_PROMOTION, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304)
      await world.database.db.update(commodities).set({ onSale: false }).where(eq(commodities.id, 'BANK_VIP'))
      // Each process keeps the answer a few seconds: the change shows once they are over.
      expect((await commoditiesGet(BANK_PROMOTION, { 'if-none-match': etag })).statusCode).toBe(304)
      world.test.clock.advance(CATALOGUE_CACHE.ttlMs)
      const changed = await commoditiesGet(BANK_PROMOTION, { 'if-none-match': etag })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(etag)
      expect(envelope<Commodity[]>(changed).data.map((commodity) => commodity.id)).toEqual(['BANK_BASIC', 'BANK_EXISTING'])
    })

    it('keep refusals and malformed requests out of caches', async () => {
      const missing = await protocolGet(99)
      expect(missing.json()).toEqual({ code: 404, msg: '该发行方暂无服务协议', data: null })
      expect(missing.headers['cache-control']).toBe('no-store')
      for (const issuerId of ['abc', '0', '1.5', String(MAX_ISSUER_ID + 1)]) {
        const refused = await api.malformed(API.catalogueProtocol, { issuerId })
        expect([refused.statusCode, refused.headers['cache-control']]).toEqual([400, 'no-store'])
      }
      const extra = await api.malformed(API.catalogueCommodities, { id: BANK_PROMOTION, x: '1' })
      expect([extra.statusCode, envelope(extra).msg]).toEqual([400, '请求参数不支持的字段 x'])
    })
  })

  describe('new-apply switch', () => {
    const newApply = api.request(API.newApplySwitch)

    it('answers the switch from app_configs', async () => {
      expect(envelope(await call(newApply))).toEqual({ ...OK, data: { allowNewApply: true, reason: '' } })
      await setSwitch(APP_CONFIG_KEY.newApplySwitch, false)
      expect(envelope(await call(newApply))).toEqual({ ...OK, data: { allowNewApply: false, reason: NEW_APPLY_PAUSED.reason } })
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, newApply, world.grant)
    })
  })
})

describeDb('catalogue seeding', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => database?.dispose())

  const rowCount = async (db: Db, table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0

  const catalogueCounts = async (db: Db) => ({
    issuers: await rowCount(db, issuers),
    promotionChannels: await rowCount(db, promotionChannels),
    partnerChannels: await rowCount(db, partnerChannels),
    commodities: await rowCount(db, commodities),
    appConfigs: await rowCount(db, appConfigs),
    registeredPlates: await rowCount(db, registeredPlates),
    plateRules: await rowCount(db, plateRules),
    offlineOrders: await rowCount(db, offlineOrders),
    voucherCodes: await rowCount(db, voucherCodes),
  })

  /** Every table emptied: the state of a first `npm start`. */
  const emptyDatabase = () =>
    database.db.execute(sql.raw(`truncate ${TABLE_NAMES.map((name) => `"${database.schemaName}"."${name}"`).join(', ')} restart identity cascade`))

  it('inserts the whole catalogue on a first run', async () => {
    await emptyDatabase()
    const applied = await seed(database.db)
    expect(applied).toEqual(SEED_STEPS.map((step) => step.name))
    expect(applied).toEqual(expect.arrayContaining(CATALOGUE_SEED_STEPS.map((step) => step.name)))
    expect(await catalogueCounts(database.db)).toEqual({
      issuers: 13,
      promotionChannels: SEED_PROMOTION_CHANNELS.length,
      partnerChannels: SEED_PARTNER_CHANNELS.length,
      commodities: SEED_COMMODITIES.length,
      // goods types, promise configs, the pages' service promises, notices per channel, protocols, four switches
      appConfigs:
        1 +
        Object.keys(SEED_PROMISE_CONFIGS).length +
        Object.keys(SEED_SERVICE_PROMISES).length +
        Object.keys(SEED_NOTICES).length +
        SEED_SUPPLIER_PROTOCOLS.length +
        4,
      registeredPlates: SEED_REGISTERED_PLATES.length,
      plateRules: SEED_PLATE_RULES.length,
      offlineOrders: SEED_OFFLINE_ORDERS.length,
      voucherCodes: SEED_VOUCHERS.length,
    })
    // The base steps' rows now carry the catalogue's content.
    const [bank] = await database.db.select().from(promotionChannels).where(eq(promotionChannels.id, BANK_PROMOTION))
    expect(bank?.promotionSubject).toBe(SEED_PROMOTION_CHANNELS[0]?.promotionSubject)
    expect(bank?.activityType).toBe(SEED_PROMOTION_CHANNELS[0]?.activityType)
    const [closed] = await database.db.select().from(promotionChannels).where(eq(promotionChannels.id, CLOSED_PROMOTION))
    expect(closed).toMatchObject({ intercepted: true, channelId: CHANNEL_IDENTIFIERS.bank.channelId })
    const [issuer] = await database.db.select().from(issuers).where(eq(issuers.id, 1))
    expect(issuer?.miniProgramAppId).toBe('PLACEHOLDER_ISSUER_1_APPID')
  })

  it('inserts nothing twice on a second start, and keeps edits', async () => {
    await emptyDatabase()
    await seed(database.db)
    const before = await catalogueCounts(database.db)
    await database.db.update(commodities).set({ commodityPrice: 1990 }).where(eq(commodities.id, 'BANK_BASIC'))
    await database.db.delete(registeredPlates).where(eq(registeredPlates.plateNumber, '京A00001'))

    expect(await seed(database.db)).toEqual([])
    const after = await catalogueCounts(database.db)
    expect(after).toEqual({ ...before, registeredPlates: before.registeredPlates - 1 })
    const [basic] = await database.db.select().from(commodities).where(eq(commodities.id, 'BANK_BASIC'))
    expect(basic?.commodityPrice).toBe(1990)
    expect(await database.db.select().from(seedHistory)).toHaveLength(SEED_STEPS.length)
  })

  it('gives the issuer agreements of a database seeded before versions their version, keeping edited texts', async () => {
    await emptyDatabase()
    await seed(database.db)
    // The older database: agreements without a version, one text edited by an operator.
    const stored = (issuerId: number) => database.db.select({ content: appConfigs.content }).from(appConfigs).where(eq(appConfigs.key, APP_CONFIG_KEY.supplierProtocol(issuerId)))
    await database.db.update(appConfigs).set({ content: sql`${appConfigs.content} - 'version'` }).where(sql`${appConfigs.key} like 'supplierProtocol:%'`)
    await database.db.update(appConfigs).set({ content: { title: '北京ETC用户服务协议', content: '运营人员修改过的协议正文' } }).where(eq(appConfigs.key, APP_CONFIG_KEY.supplierProtocol(3)))
    await database.db.delete(seedHistory).where(eq(seedHistory.name, issuerAgreementVersionsSeed.name))

    expect(await seed(database.db)).toEqual([issuerAgreementVersionsSeed.name])
    expect((await stored(3))[0]?.content).toEqual({ title: '北京ETC用户服务协议', content: '运营人员修改过的协议正文', version: SEED_SUPPLIER_PROTOCOL_VERSION })
    expect((await stored(7))[0]?.content).toMatchObject({ version: SEED_SUPPLIER_PROTOCOL_VERSION })
  })

  it('brings the write-off campaigns and their codes to a database seeded before them', async () => {
    await emptyDatabase()
    await seed(database.db)
    const full = await catalogueCounts(database.db)
    const campaigns = Object.values(SEED_WRITE_OFF_PROMOTIONS)
    // The older database: no campaign, package, partner or code of them.
    await database.db.delete(voucherCodes)
    await database.db.delete(commodities).where(inArray(commodities.promotionChannelId, campaigns))
    await database.db.delete(partnerChannels).where(inArray(partnerChannels.promotionChannelId, campaigns))
    await database.db.delete(promotionChannels).where(inArray(promotionChannels.id, campaigns))
    await database.db.delete(seedHistory).where(eq(seedHistory.name, writeOffCodesSeed.name))

    expect(await seed(database.db)).toEqual([writeOffCodesSeed.name])
    expect(await catalogueCounts(database.db)).toEqual(full)
    const packages = await database.db.select({ id: commodities.id }).from(commodities).where(inArray(commodities.promotionChannelId, campaigns))
    expect(packages.map((row) => row.id).sort()).toEqual(SEED_WRITE_OFF_CATALOGUE.commodities.map((commodity) => commodity.id).sort())
    expect(await database.db.select().from(voucherCodes)).toHaveLength(SEED_VOUCHERS.length)
  })

  it('seeds once when two server processes start together', async () => {
    await emptyDatabase()
    const [first, second] = await Promise.all([seed(database.db), seed(database.db)])
    expect([...first, ...second].sort()).toEqual(SEED_STEPS.map((step) => step.name).sort())
    expect((await catalogueCounts(database.db)).commodities).toBe(SEED_COMMODITIES.length)
  })
})
