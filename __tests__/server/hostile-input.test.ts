/**
 * Hostile input never gives a 500: every string the server takes passes the one text rule
 * (server/http/text.ts: no control characters, lone surrogates or bidi controls, NFC, length
 * caps; an allow-list for the delivery region), and a malformed multipart body is a 400. Each
 * hostile body answers 4xx with a Chinese message and writes nothing.
 */
import { count, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { APPLY_STEP } from '../../src/domain/enums'
import { applyDrafts, orders, trackingEvents, uploads } from '../../server/db/schema'
import { envelope, sealFor } from './support/api'
import { apply, createOrder, JPEG_BYTES, MAIL_DELIVERY, orderRow, orderWorld, payload } from './support/orders'
import { describeDb } from './support/test-database'
import { openVisit } from './support/tracking'

const NUL = '\u0000'
/** Every hostile kind of text the rule refuses, by name. */
const HOSTILE: readonly (readonly [string, string])[] = [
  ['NUL', `a${NUL}b`],
  ['a C1 control', 'a\u0085b'],
  ['a bidi override', 'a\u202Eb'],
  ['a lone surrogate', 'a\uD800b'],
  ['100k characters', 'x'.repeat(100_000)],
]
const CHINESE = /[\u4e00-\u9fff]/
/** The spec's fields of a batch; uid and visit token come from a visit of this device. */
const TRACKING_HEADERS = { app: 'etc-apply', app_id: 'h5', trace_id: 't-1', device_info: 'jest', app_version: '1.0.0' }
const event = (overrides: Record<string, unknown> = {}) => ({ type: 'pageView', page: 'home', at: 1, ...overrides })

describeDb('hostile input', () => {
  const world = orderWorld()

  const track = async (body: unknown, headers: Record<string, string> = TRACKING_HEADERS) => {
    const visit = await openVisit(world.test, { device_info: TRACKING_HEADERS.device_info, bd_vid: undefined })
    // Hostile batches: sent as they are, the contract's type or not.
    return world.api.malformed(API.trackingEvents, body, { headers: { uid: visit.uid, visit_token: visit.visit_token, ...headers } })
  }
  const cancel = (orderId: string, reason: string) => world.api.call(API.cancelOrder, { orderId, reason }, { as: world.owner })
  const trackedRows = async () => (await world.database.db.select({ n: count() }).from(trackingEvents))[0]?.n
  const draftRows = async () => (await world.database.db.select({ n: count() }).from(applyDrafts))[0]?.n

  const expectRefused = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expect(envelope(response).msg).toMatch(CHINESE)
  }
  const expectNoServerError = () => expect(world.test.logs.lines.filter((line) => line.includes('unexpected error'))).toEqual([])

  describe('the bodies of the issue', () => {
    it('refuses NUL anywhere in a tracking event and stores nothing', async () => {
      const bodies = [
        { events: [event({ page: `home${NUL}` })] },
        { events: [event({ target: `btn${NUL}` })] },
        { events: [event({ extra: { note: `x${NUL}` } })] },
        { events: [event({ extra: { [`k${NUL}`]: 1 } })] },
        { events: [event(), event({ page: NUL })] },
      ]
      for (const body of bodies) {
        const response = await track(body)
        expectRefused(response)
        expect(envelope(response).msg).toMatch(/^参数 events\.\d+\.\S+ 含有不允许的字符$/)
      }
      expect(await trackedRows()).toBe(0)
      expectNoServerError()
    })

    it('refuses control characters in the tracking header fields and stores nothing', async () => {
      for (const [name, value] of [
        ['app', 'a\u0085b'],
        ['device_info', 'a\u009Bb'],
        ['trace_id', 'x'.repeat(100_000)],
      ] as const) {
        expectRefused(await track({ events: [event()] }, { ...TRACKING_HEADERS, [name]: value }))
      }
      expect(envelope(await track({ events: [event()] }, { ...TRACKING_HEADERS, app: 'a\u0085b' })).msg).toBe('参数 app 含有不允许的字符')
      expect(await trackedRows()).toBe(0)
      expectNoServerError()
    })

    it('refuses NUL (and anything outside the allow-list) in the delivery region and writes nothing', async () => {
      const orderId = await createOrder(world.test, world.owner)
      for (const region of [`广东省${NUL}深圳市`, '广东省<script>', '广东省\u202E深圳市']) {
        const response = await apply(world.test, world.owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, delivery: { ...MAIL_DELIVERY, region } }))
        expectRefused(response)
      }
      const refused = await apply(world.test, world.owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, delivery: { ...MAIL_DELIVERY, region: '广东省<script>' } }))
      expect(envelope(refused).msg).toBe('所在地区中不能包含“<”')
      expect((await orderRow(world.database.db, orderId)).region).toBeNull()
      expectNoServerError()
    })

    it('refuses NUL in a cancel reason and leaves the order alone', async () => {
      const orderId = await createOrder(world.test, world.owner)
      const response = await cancel(orderId, `不想办了${NUL}`)
      expectRefused(response)
      expect(envelope(response).msg).toBe('参数 reason 含有不允许的字符')
      expect(await orderRow(world.database.db, orderId)).toMatchObject({ cancelState: null, cancelReason: null })
      expectNoServerError()
    })

    it('answers a multipart body without a boundary, or with a malformed part, with a 400', async () => {
      const orderId = await createOrder(world.test, world.owner)
      const rawUpload = (body: Buffer, contentType: string) => world.api.malformed(API.uploadDrivingLicenseH5, body, { as: world.owner, headers: { 'content-type': contentType } })
      const noBoundary = await rawUpload(Buffer.from('--x\r\n\r\n'), 'multipart/form-data')
      expect(noBoundary.statusCode).toBe(400)
      expect(envelope(noBoundary).msg).toBe('上传的表单格式不正确')
      const boundary = 'b0und'
      const malformed = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${orderId}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        JPEG_BYTES,
      ])
      const cut = await rawUpload(malformed, `multipart/form-data; boundary=${boundary}`)
      expectRefused(cut)
      expect((await world.database.db.select({ n: count() }).from(uploads))[0]?.n).toBe(0)
      expectNoServerError()
    })
  })

  describe('the text rule on representative routes', () => {
    const ROUTES: readonly (readonly [string, (text: string) => Promise<LightMyRequestResponse>])[] = [
      ['a tracking event (public)', (text) => track({ events: [event({ page: text })] })],
      ['a tracking extra value', (text) => track({ events: [event({ extra: { note: text } })] })],
      ['the promoter login', (text) => world.api.call(API.promoterLogin, { loginAccount: text, password: 'x' })],
      ['a cancel reason', async (text) => cancel(await createOrder(world.test, world.owner), text)],
      [
        'a draft (nested)',
        (text) => world.api.call(API.saveDraft, { encryptUsersVehicleApplyVoStr: sealFor(world.test, SEALED_FIELD.apply, { delivery: { region: text } }) }, { as: world.owner }),
      ],
      ['a phone lookup code', (text) => world.api.call(API.phoneByCode, { code: text }, { as: world.owner })],
      ['an owner name', async (text) => apply(world.test, world.owner, payload({ stepId: APPLY_STEP.UPDATE, orderId: await createOrder(world.test, world.owner), owner: { ownerName: text, idNumber: '11010519491231002X', mobile: '13800138000' } }))],
    ]

    describe.each(HOSTILE)('%s', (_kind, hostile) => {
      it.each(ROUTES)('is refused by %s with a 4xx', async (_route, call) => {
        expectRefused(await call(hostile))
        expect(await trackedRows()).toBe(0)
        expect(await draftRows()).toBe(0)
        expect((await world.database.db.select({ n: count() }).from(orders).where(eq(orders.cancelState, 2)))[0]?.n).toBe(0)
        expectNoServerError()
      })
    })
  })

  describe('NFC', () => {
    it('stores decomposed text composed', async () => {
      expect(envelope(await track({ events: [event({ page: 'cafe\u0301' })] })).code).toBe(200)
      const [row] = await world.database.db.select({ event: trackingEvents.event }).from(trackingEvents)
      expect(row?.event).toMatchObject({ page: 'caf\u00e9' })
    })

    it('stores a name written with a compatibility ideograph in its canonical form', async () => {
      const orderId = await createOrder(world.test, world.owner)
      const owner = { ownerName: '\uF900三', idNumber: '11010519491231002X', mobile: '13800138000' }
      expect(envelope(await apply(world.test, world.owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, owner }))).code).toBe(200)
      expect((await orderRow(world.database.db, orderId)).ownerName).toBe('\u8C48三')
    })
  })
})
