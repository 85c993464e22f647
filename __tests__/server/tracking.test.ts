/**
 * The tracking sink: public, header fields stored with every event, a batch validated whole and
 * stored with one bulk insert, and a per-IP limit tighter than the global one.
 */
import type { InjectOptions } from 'fastify'
import type { TrackEvent, TrackingHeader } from '../../types/api/tracking'
import { MAX_TRACKING_BATCH } from '../../types/api/tracking'
import { API } from '../../types/api/paths'
import { trackingEvents } from '../../server/db/schema'
import { TRACKING_RATE_LIMIT } from '../../server/routes/tracking'
import { envelope, loginAsPromoter } from './support/api'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'

const HEADER: TrackingHeader = {
  app: 'etc-apply',
  app_id: 'PLACEHOLDER_BANK_TRACKING',
  uid: 'U0123456789abcdef01234567',
  trace_id: 'trace-1',
  device_info: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  app_version: '1.0.0',
}

const EVENTS: TrackEvent[] = [
  { type: 'pageView', page: '/apply/basic', at: 1_772_352_000_000 },
  { type: 'click', page: '/apply/basic', target: 'pay-button', at: 1_772_352_000_500, extra: { price: 2990, vip: false, from: 'banner' } },
  { type: 'exposure', page: '/apply/pay', target: 'issuer-info', at: 1_772_352_001_000, bd_vid: 'bd.1186849746' },
]

describeDb('tracking sink', () => {
  let database: TestDatabase
  let test: TestApp

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => database?.dispose())
  beforeEach(async () => {
    await database.reset()
    test = await createTestApp(database.db)
  })
  afterEach(async () => {
    jest.restoreAllMocks()
    await test.close()
  })

  const send = (payload: unknown, headers: Record<string, string> = { ...HEADER }, extra: Partial<InjectOptions> = {}) =>
    test.inject({ method: 'POST', url: API.trackingEvents.path, payload: payload as object, headers, ...extra })
  const stored = () => database.db.select().from(trackingEvents).orderBy(trackingEvents.id)

  it('stores a batch without a login, the header fields on every event', async () => {
    const response = await send({ events: EVENTS })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 200, msg: '成功', data: null })
    const rows = await stored()
    expect(rows.map((row) => row.event)).toEqual(EVENTS)
    for (const row of rows) {
      expect(row).toMatchObject({
        app: HEADER.app,
        appId: HEADER.app_id,
        uid: HEADER.uid,
        traceId: HEADER.trace_id,
        deviceInfo: HEADER.device_info,
        appVersion: HEADER.app_version,
        receivedAt: test.clock.now(),
      })
    }
  })

  it('refuses a click id of the wrong form, storing nothing', async () => {
    const response = await send({ events: [{ ...EVENTS[0], bd_vid: 'a b<c>' }] })
    expect(response.statusCode).toBe(400)
    expect(response.json().msg).toContain('bd_vid')
    expect(await stored()).toEqual([])
  })

  it('also takes a batch from a logged-in user', async () => {
    const grant = await loginAsPromoter(test)
    const response = await send({ events: EVENTS.slice(0, 1) }, { ...HEADER, authorization: `Bearer ${grant.accessToken}` })
    expect(response.statusCode).toBe(200)
    expect(await stored()).toHaveLength(1)
  })

  it('stores missing header fields as empty text', async () => {
    await send({ events: EVENTS.slice(0, 1) }, {})
    const [row] = await stored()
    expect(row).toMatchObject({ app: '', appId: '', uid: '', traceId: '', deviceInfo: '', appVersion: '' })
  })

  it('stores a full batch with one bulk insert', async () => {
    const insert = jest.spyOn(database.db, 'insert')
    const events = Array.from({ length: MAX_TRACKING_BATCH }, (_unused, index): TrackEvent => ({ type: 'click', page: '/', target: `t${index}`, at: index }))
    expect((await send({ events })).statusCode).toBe(200)
    expect(insert).toHaveBeenCalledTimes(1)
    expect(insert).toHaveBeenCalledWith(trackingEvents)
    expect(await stored()).toHaveLength(MAX_TRACKING_BATCH)
  })

  it.each([
    ['a batch over the limit', { events: Array.from({ length: MAX_TRACKING_BATCH + 1 }, () => EVENTS[0]) }, `参数 events 最多${MAX_TRACKING_BATCH}项`],
    ['an empty batch', { events: [] }, '参数 events 至少1项'],
    ['no events', {}, '参数 events 不能为空'],
    ['one unknown event type among good ones', { events: [...EVENTS, { type: 'purchase', page: '/', at: 1 }] }, '参数 events.3.type 取值无效，可选值：pageView、click、exposure'],
    ['an event without a page', { events: [{ type: 'click', at: 1 }] }, '参数 events.0.page 不能为空'],
    ['a time that is no number', { events: [{ type: 'click', page: '/', at: 'now' }] }, '参数 events.0.at 应为数字'],
    ['an object in extra', { events: [{ type: 'click', page: '/', at: 1, extra: { nested: { a: 1 } } }] }, '参数 events.0.extra.nested 取值无效'],
    ['too many extra entries', { events: [{ type: 'click', page: '/', at: 1, extra: Object.fromEntries(Array.from({ length: 21 }, (_u, i) => [`k${i}`, i])) }] }, '参数 extra 最多20项'],
    ['an unknown event field', { events: [{ type: 'click', page: '/', at: 1, sql: 'drop' }] }, '参数 events.0 不支持的字段 sql'],
  ])('refuses %s with a 400 and stores nothing', async (_case, payload, msg) => {
    const response = await send(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 400, msg, data: null })
    expect(await stored()).toHaveLength(0)
  })

  it('refuses an overlong header field', async () => {
    const response = await send({ events: EVENTS }, { ...HEADER, uid: 'u'.repeat(129) })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('参数 uid 长度不能超过128')
    expect(await stored()).toHaveLength(0)
  })

  it.each([
    ['broken JSON', '{"events": [', '请求体不是有效的JSON'],
    ['a prototype-poisoning body', '{"events":[],"__proto__":{"polluted":true}}', '请求体不是有效的JSON'],
  ])('refuses %s with a 400', async (_case, payload, msg) => {
    const response = await send(payload, { ...HEADER, 'content-type': 'application/json' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe(msg)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('limits batches per IP more tightly than other routes', async () => {
    expect(TRACKING_RATE_LIMIT.max).toBeLessThan(test.config.rateLimitPerMinute)
    const batch = { events: EVENTS.slice(0, 1) }
    for (let index = 0; index < TRACKING_RATE_LIMIT.max; index += 1) {
      expect((await send(batch)).statusCode).toBe(200)
    }
    const limited = await send(batch)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null })
    expect(await stored()).toHaveLength(TRACKING_RATE_LIMIT.max)
    // Other routes and other addresses are not held back.
    expect((await test.inject({ method: 'GET', url: API.issuers.path })).statusCode).toBe(200)
    expect((await send(batch, { ...HEADER }, { remoteAddress: '10.0.0.2' })).statusCode).toBe(200)
  })
})
