/**
 * The tracking sink: public, a signed visit first and every batch under its token (uid, device
 * and click id bound to the visit), header fields stored with every event, a batch validated
 * whole within its size limits and stored with one bulk insert, per-IP limits tighter than the
 * global one, and events deleted by the maintenance sweep once past their retention.
 */
import { randomBytes } from 'node:crypto'
import type { TrackEvent, TrackingVisit } from '../../types/api/tracking'
import { MAX_TRACKING_BATCH, VISITOR_ID_PATTERN } from '../../types/api/tracking'
import { API } from '../../types/api/paths'
import { DAY_MS } from '../../src/domain/constants'
import { DEFAULTS } from '../../server/config'
import { trackingEvents } from '../../server/db/schema'
import { runMaintenance } from '../../server/maintenance/sweep'
import { TRACKING_BODY_LIMIT, TRACKING_LIMITS, TRACKING_MESSAGE, TRACKING_VISIT_BODY_LIMIT } from '../../server/routes/tracking'
import { createMemoryFileStorage } from '../../server/storage/file-storage'
import { TRACKING_PURGE_BATCH } from '../../server/tracking/retention'
import { VISIT_TOKEN_TTL_MS, deriveVisitKeys, deviceHash, signVisit } from '../../server/tracking/visit-tokens'
import { envelope, loginAsPromoter, loginBySms } from './support/api'
import { appPerTest } from './support/app-world'
import { describeDb } from './support/test-database'
import { CLICK, EVENTS, HEADER, OTHER_TRACK_UID, TRACK_UID, VISIT_REQUEST, openVisit, requestVisit, sendBatch, signedHeader } from './support/tracking'

/** An event as large as the field limits let it be. */
const bulkyEvent = (index: number): TrackEvent => ({
  type: 'click',
  page: '/'.padEnd(TRACKING_LIMITS.page, 'p'),
  target: 't'.repeat(TRACKING_LIMITS.target),
  at: index,
  extra: Object.fromEntries(Array.from({ length: TRACKING_LIMITS.extraEntries }, (_u, key) => [`${key}`.padEnd(TRACKING_LIMITS.extraKey, 'k'), 'x'.repeat(TRACKING_LIMITS.extraText)])),
})

describeDb('tracking sink', () => {
  const { database, test, api } = appPerTest()
  let visit: TrackingVisit

  beforeEach(async () => {
    visit = await openVisit(test)
  })
  afterEach(() => jest.restoreAllMocks())

  const send = (payload: unknown, headers: Record<string, string> = signedHeader(visit)) => sendBatch(test, payload, headers)
  const stored = () => database.db.select().from(trackingEvents).orderBy(trackingEvents.id)
  const refusal = (msg: string) => ({ code: 400, msg, data: null })

  describe('visits', () => {
    it("answer a visitor id of the device's own, never the trackuid, and a token for a day", async () => {
      expect(visit.uid).toMatch(VISITOR_ID_PATTERN)
      expect(JSON.stringify(visit)).not.toContain(TRACK_UID.slice(1))
      expect(visit.expires_at).toBe(test.clock.now().getTime() + VISIT_TOKEN_TTL_MS)
      // The same device is the same visitor on every visit; another device another.
      test.clock.advance(DAY_MS)
      expect((await openVisit(test, { bd_vid: undefined })).uid).toBe(visit.uid)
      expect((await openVisit(test, { trackuid: OTHER_TRACK_UID })).uid).not.toBe(visit.uid)
    })

    it.each([
      ['a trackuid of the wrong form', { ...VISIT_REQUEST, trackuid: 'U0123456789abcdef01234567' }, '参数 trackuid 格式不正确'],
      ['no trackuid', { device_info: 'x' }, '参数 trackuid 不能为空'],
      ['a click id of the wrong form', { ...VISIT_REQUEST, bd_vid: 'a b' }, '参数 bd_vid 格式不正确'],
      ['an overlong device info', { ...VISIT_REQUEST, device_info: 'd'.repeat(TRACKING_LIMITS.deviceInfo + 1) }, `参数 device_info 长度不能超过${TRACKING_LIMITS.deviceInfo}`],
      ['an unknown field', { ...VISIT_REQUEST, uid: 'V0' }, '请求参数不支持的字段 uid'],
    ])('refuse %s with a 400', async (_case, body, msg) => {
      const response = await requestVisit(test, body)
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
    })

    it('refuse a body above their limit with a 413', async () => {
      const response = await requestVisit(test, { ...VISIT_REQUEST, device_info: 'd'.repeat(TRACKING_VISIT_BODY_LIMIT) })
      expect(response.statusCode).toBe(413)
      expect(response.json()).toEqual({ code: 413, msg: '请求内容过大', data: null })
    })

    it('are limited per IP more tightly than other routes', async () => {
      const perMinute = test.config.tracking.visitsPerMinute
      expect(perMinute).toBeLessThan(test.config.rateLimitPerMinute)
      // The visit of beforeEach was the first.
      for (let index = 1; index < perMinute; index += 1) expect((await requestVisit(test)).statusCode).toBe(200)
      expect((await requestVisit(test)).statusCode).toBe(429)
      expect((await requestVisit(test, VISIT_REQUEST, { remoteAddress: '10.0.0.2' })).statusCode).toBe(200)
    })
  })

  it('stores a batch under its visit without a login, the header fields on every event', async () => {
    const response = await send({ events: EVENTS })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 200, msg: '成功', data: null })
    const rows = await stored()
    expect(rows.map((row) => row.event)).toEqual(EVENTS)
    for (const row of rows) {
      expect(row).toMatchObject({
        app: HEADER.app,
        appId: HEADER.app_id,
        uid: visit.uid,
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

  describe('binding to the visit', () => {
    it("takes a logged-in person's uid with the person's session", async () => {
      const grant = await loginAsPromoter(test)
      const response = await send({ events: EVENTS.slice(0, 1) }, { ...signedHeader(visit, { uid: grant.uid }), authorization: `Bearer ${grant.accessToken}` })
      expect(response.statusCode).toBe(200)
      expect(await stored()).toEqual([expect.objectContaining({ uid: grant.uid })])
    })

    it("refuses a person's uid without that person's session", async () => {
      const person = await loginAsPromoter(test)
      const other = await loginBySms(test, '13912345678')
      for (const authorization of [undefined, `Bearer ${other.accessToken}`, 'Bearer not-a-session']) {
        const headers = { ...signedHeader(visit, { uid: person.uid }), ...(authorization ? { authorization } : {}) }
        const response = await send({ events: EVENTS }, headers)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual(refusal(TRACKING_MESSAGE.foreignUid))
      }
      expect(await stored()).toEqual([])
    })

    it("refuses another visitor's uid, another device and another click id", async () => {
      const other = await openVisit(test, { trackuid: OTHER_TRACK_UID })
      const cases: [Record<string, string>, unknown, string][] = [
        [signedHeader(visit, { uid: other.uid }), { events: EVENTS }, TRACKING_MESSAGE.foreignUid],
        [signedHeader(visit, { device_info: 'curl/8.0' }), { events: EVENTS }, TRACKING_MESSAGE.foreignDevice],
        [signedHeader(visit), { events: [EVENTS[0], { ...EVENTS[1], bd_vid: 'bd.forged' }] }, TRACKING_MESSAGE.foreignClickId(1)],
      ]
      for (const [headers, payload, msg] of cases) {
        const response = await send(payload, headers)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual(refusal(msg))
      }
      expect(await stored()).toEqual([])
    })

    it('refuses a click id on a visit that arrived without one, and takes events without one on a visit with one', async () => {
      const organic = await openVisit(test, { bd_vid: undefined })
      expect((await send({ events: [EVENTS[2]] }, signedHeader(organic))).json()).toEqual(refusal(TRACKING_MESSAGE.foreignClickId(0)))
      expect((await send({ events: [EVENTS[0]] }, signedHeader(organic))).statusCode).toBe(200)
      expect((await send({ events: [EVENTS[0]] }, signedHeader(visit))).statusCode).toBe(200)
    })

    it('refuses a missing, altered, foreign or expired token', async () => {
      const foreignKeys = deriveVisitKeys(randomBytes(32))
      const foreign = signVisit(foreignKeys, { uid: visit.uid, issuedAt: test.clock.now().getTime(), deviceHash: deviceHash(HEADER.device_info), clickId: CLICK })
      const cut = visit.visit_token.lastIndexOf('.') + 1
      const signature = visit.visit_token.slice(cut)
      const altered = `${visit.visit_token.slice(0, cut)}${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
      const reclicked = visit.visit_token.replace(`.${Buffer.from(CLICK).toString('base64url')}.`, `.${Buffer.from('bd.forged').toString('base64url')}.`)
      const { visit_token: _dropped, ...unsigned } = signedHeader(visit)
      expect((await send({ events: EVENTS }, unsigned)).json()).toEqual(refusal('参数 visit_token 不能为空'))
      for (const token of [altered, reclicked, foreign, 'v1.x', 'x'.repeat(TRACKING_LIMITS.visitToken)]) {
        expect((await send({ events: EVENTS }, signedHeader(visit, { visit_token: token }))).json()).toEqual(refusal(TRACKING_MESSAGE.invalidVisit))
      }
      test.clock.advance(VISIT_TOKEN_TTL_MS - 1)
      expect((await send({ events: EVENTS })).statusCode).toBe(200)
      test.clock.advance(1)
      expect((await send({ events: EVENTS })).json()).toEqual(refusal(TRACKING_MESSAGE.invalidVisit))
      expect(await stored()).toHaveLength(EVENTS.length)
    })
  })

  it('stores the missing spec fields as empty text, but needs the uid', async () => {
    const { uid: _uid, ...withoutUid } = signedHeader(visit)
    expect((await send({ events: EVENTS.slice(0, 1) }, withoutUid)).json()).toEqual(refusal('参数 uid 不能为空'))
    const bare = await openVisit(test, { device_info: '', bd_vid: undefined })
    expect((await send({ events: EVENTS.slice(0, 1) }, { uid: bare.uid, visit_token: bare.visit_token })).statusCode).toBe(200)
    const [row] = await stored()
    expect(row).toMatchObject({ app: '', appId: '', uid: bare.uid, traceId: '', deviceInfo: '', appVersion: '' })
  })

  it('stores a full batch with one bulk insert', async () => {
    const insert = jest.spyOn(database.db, 'insert')
    const events = Array.from({ length: MAX_TRACKING_BATCH }, (_unused, index): TrackEvent => ({ type: 'click', page: '/', target: `t${index}`, at: index, bd_vid: CLICK }))
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
    [
      'too many extra entries',
      { events: [{ type: 'click', page: '/', at: 1, extra: Object.fromEntries(Array.from({ length: TRACKING_LIMITS.extraEntries + 1 }, (_u, i) => [`k${i}`, i])) }] },
      `参数 extra 最多${TRACKING_LIMITS.extraEntries}项`,
    ],
    ['an unknown event field', { events: [{ type: 'click', page: '/', at: 1, sql: 'drop' }] }, '参数 events.0 不支持的字段 sql'],
    ['an overlong page', { events: [{ type: 'click', page: 'p'.repeat(TRACKING_LIMITS.page + 1), at: 1 }] }, `参数 events.0.page 长度不能超过${TRACKING_LIMITS.page}`],
    ['an overlong target', { events: [{ type: 'click', page: '/', target: 't'.repeat(TRACKING_LIMITS.target + 1), at: 1 }] }, `参数 events.0.target 长度不能超过${TRACKING_LIMITS.target}`],
    ['an overlong extra text', { events: [{ type: 'click', page: '/', at: 1, extra: { k: 'x'.repeat(TRACKING_LIMITS.extraText + 1) } }] }, `参数 events.0.extra.k 长度不能超过${TRACKING_LIMITS.extraText}`],
  ])('refuses %s with a 400 and stores nothing', async (_case, payload, msg) => {
    const response = await send(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(refusal(msg))
    expect(await stored()).toHaveLength(0)
  })

  it.each([
    ['app', TRACKING_LIMITS.app],
    ['app_id', TRACKING_LIMITS.appId],
    ['uid', TRACKING_LIMITS.uid],
    ['trace_id', TRACKING_LIMITS.traceId],
    ['device_info', TRACKING_LIMITS.deviceInfo],
    ['app_version', TRACKING_LIMITS.appVersion],
    ['visit_token', TRACKING_LIMITS.visitToken],
  ])('refuses an overlong header field %s', async (field, max) => {
    const response = await send({ events: EVENTS }, signedHeader(visit, { [field]: 'u'.repeat(max + 1) }))
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe(`参数 ${field} 长度不能超过${max}`)
    expect(await stored()).toHaveLength(0)
  })

  it('refuses a body above its limit with a 413 before reading it, though every field fits', async () => {
    const events = Array.from({ length: MAX_TRACKING_BATCH }, (_unused, index) => bulkyEvent(index))
    expect(JSON.stringify({ events }).length).toBeGreaterThan(TRACKING_BODY_LIMIT)
    const response = await send({ events })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ code: 413, msg: '请求内容过大', data: null })
    expect(await stored()).toHaveLength(0)
    // The same events in batches within the limit are taken.
    expect((await send({ events: events.slice(0, 10) })).statusCode).toBe(200)
  })

  it.each([
    ['broken JSON', '{"events": [', '请求体不是有效的JSON'],
    ['a prototype-poisoning body', '{"events":[],"__proto__":{"polluted":true}}', '请求体不是有效的JSON'],
  ])('refuses %s with a 400', async (_case, payload, msg) => {
    const response = await send(payload, { ...signedHeader(visit), 'content-type': 'application/json' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe(msg)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('limits batches per IP more tightly than other routes', async () => {
    const perMinute = test.config.tracking.batchesPerMinute
    expect(perMinute).toBe(DEFAULTS.trackingRateLimitPerMinute)
    expect(perMinute).toBeLessThan(test.config.rateLimitPerMinute)
    const batch = { events: EVENTS.slice(0, 1) }
    for (let index = 0; index < perMinute; index += 1) {
      expect((await send(batch)).statusCode).toBe(200)
    }
    const limited = await send(batch)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null })
    expect(await stored()).toHaveLength(perMinute)
    // Other routes and other addresses are not held back.
    expect((await api.call(API.issuers)).statusCode).toBe(200)
    expect((await sendBatch(test, batch, signedHeader(visit), { remoteAddress: '10.0.0.2' })).statusCode).toBe(200)
  })

  describe('retention', () => {
    const sweep = (retentionDays?: number) =>
      runMaintenance({
        db: database.db,
        clock: test.clock,
        storage: createMemoryFileStorage(),
        log: test.app.log,
        ...(retentionDays === undefined ? {} : { trackingRetentionDays: retentionDays }),
      })
    /** A batch sent now, under a visit of now. */
    const sendNow = async (events: TrackEvent[]) => {
      const fresh = await openVisit(test)
      expect((await send({ events }, signedHeader(fresh))).statusCode).toBe(200)
    }

    it('deletes events once older than the retention and keeps newer ones', async () => {
      await sendNow(EVENTS.slice(0, 1))
      test.clock.advance(DEFAULTS.trackingRetentionDays * DAY_MS - 30 * DAY_MS)
      await sendNow(EVENTS.slice(1, 3))
      test.clock.advance(30 * DAY_MS)
      // Exactly the retention old: kept a little longer.
      expect(await sweep()).toMatchObject({ trackingEvents: 0 })
      test.clock.advance(1)
      expect(await sweep()).toMatchObject({ trackingEvents: 1 })
      expect((await stored()).map((row) => row.event)).toEqual(EVENTS.slice(1, 3))
      // A shorter configured retention reaches the newer ones too.
      expect(await sweep(29)).toMatchObject({ trackingEvents: 2 })
      expect(await stored()).toEqual([])
    })

    it('deletes a backlog larger than one statement takes', async () => {
      const rows = Array.from({ length: TRACKING_PURGE_BATCH + 1 }, (_unused, index) => ({ uid: visit.uid, event: { index }, receivedAt: test.clock.now() }))
      await database.db.insert(trackingEvents).values(rows)
      test.clock.advance(DEFAULTS.trackingRetentionDays * DAY_MS + 1)
      expect(await sweep()).toMatchObject({ trackingEvents: TRACKING_PURGE_BATCH + 1 })
      expect(await stored()).toEqual([])
    })
  })
})
