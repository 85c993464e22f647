/**
 * "Tell me when it frees" (issue 27): the owner of a plate a stranger holds unpaid asks for one
 * SMS; when the hold ends without payment the job sends it to the account's own phone, once. A
 * plate that is not waiting to free, an account without a phone and a fourth plate are refused;
 * a paid hold, or the owner taking the plate meanwhile, drops the request without a message; a
 * failed send is tried again.
 */
import type { PlateReleaseNoticeResponse } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import { CANCEL_STATE, PLATE_COLOR } from '../../src/domain/enums'
import type { SmsGateway, SmsNotice } from '../../server/auth/sms-gateway'
import {
  PLATE_RELEASE_NOTICES_PER_USER,
  PLATE_RELEASE_NOTICE_MESSAGE,
  PLATE_RELEASE_NOTICE_RETENTION_HOURS,
  sendDueReleaseNotices,
} from '../../server/orders/plate-release-notices'
import { plateReleaseNotices } from '../../server/db/schema'
import { UNPAID_MESSAGE } from '../../server/orders/unpaid-orders'
import { BANK, tokenCall } from './support/api'
import { OTHER_PLATE, PHONES, PLATE, cashierOf, cashierResult, createOrder, data, orderRow, orderWorld, submittedOrder } from './support/orders'
import { describeDb } from './support/test-database'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const EXTRA_PLATES = ['粤B10001', '粤B10002', '粤B10003'] as const

describeDb('plate release notices', () => {
  const world = orderWorld()
  const holdMs = () => world.test.config.orderLimits.unpaidHoldMinutes * MINUTE_MS

  const { api } = world
  const askNotice = (grant: TokenGrant, plateNumber: string = PLATE) => api.call(API.plateReleaseNotice, { plateNumber, plateColor: PLATE_COLOR.BLUE }, { as: grant })
  const pay = (grant: TokenGrant, orderId: string) => api.call(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId }, { as: grant })
  /** A person of the bank app (its page token): an account with no phone. */
  const bankUser = async (name: string): Promise<TokenGrant> => data<TokenGrant>(await tokenCall(world.test, { grantType: 'pageToken', token: `sim-${name}` }))
  const context = (sms: SmsGateway = world.test.sms) => ({ db: world.database.db, clock: world.test.clock, sms, log: world.test.app.log })
  const sent = (phone: string = PHONES.owner): readonly SmsNotice[] => world.test.sms.outbox?.notices(phone) ?? []
  const waiting = () => world.database.db.select().from(plateReleaseNotices)
  const refusal = (msg: string) => ({ code: 2003, msg, data: null })

  it('sends one SMS to the owner when a stranger lets the hold lapse, and the stranger’s order is expired', async () => {
    const { test, owner } = world
    const held = await submittedOrder(test, await bankUser('stranger'))
    const asked = data<PlateReleaseNoticeResponse>(await askNotice(owner))
    expect(asked).toEqual({ maskedPhone: '138****8000', releaseAt: '2026-03-01T08:30:00.000Z' })
    // Asking again changes nothing.
    expect(data<PlateReleaseNoticeResponse>(await askNotice(owner))).toEqual(asked)
    expect(await waiting()).toHaveLength(1)

    test.clock.advance(holdMs() - 1)
    expect(await sendDueReleaseNotices(context())).toBe(0)
    expect(sent()).toEqual([])

    test.clock.advance(1)
    expect(await sendDueReleaseNotices(context())).toBe(1)
    expect(sent()).toEqual([{ kind: 'plateReleased', phone: PHONES.owner, plateNumber: PLATE, sentAt: test.clock.now() }])
    expect(await orderRow(world.database.db, held)).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS, cancelReason: UNPAID_MESSAGE.expired(30) })
    // Once: the request is gone.
    expect(await waiting()).toEqual([])
    expect(await sendDueReleaseNotices(context())).toBe(0)
    expect(sent()).toHaveLength(1)
    // The SMS log line names no phone in full.
    expect(test.logs.text()).not.toContain(PHONES.owner)
  })

  it('refuses a plate that is not waiting to free: free, or held by a paid order', async () => {
    const { test, owner } = world
    expect((await askNotice(owner)).json()).toEqual(refusal(PLATE_RELEASE_NOTICE_MESSAGE.notWaiting))
    const payer = await bankUser('payer')
    const paid = await submittedOrder(test, payer)
    const cashier = cashierOf(data(await pay(payer, paid)))
    expect((await cashierResult(test, cashier.paymentId, cashier.token, 'success')).statusCode).toBe(303)
    expect((await askNotice(owner)).json()).toEqual(refusal(PLATE_RELEASE_NOTICE_MESSAGE.notWaiting))
    expect(await waiting()).toEqual([])
  })

  it('refuses an account without a phone, and a plate beyond the cap', async () => {
    const { test, owner } = world
    const stranger = await bankUser('stranger')
    const plates = [PLATE, OTHER_PLATE, ...EXTRA_PLATES].slice(0, PLATE_RELEASE_NOTICES_PER_USER + 1)
    for (const plateNumber of plates) await submittedOrder(test, await bankUser(`holder-${plates.indexOf(plateNumber)}`), { plateNumber })
    expect((await askNotice(stranger)).json()).toEqual(refusal(PLATE_RELEASE_NOTICE_MESSAGE.noPhone))
    for (const plateNumber of plates.slice(0, -1)) expect((await askNotice(owner, plateNumber)).statusCode).toBe(200)
    expect((await askNotice(owner, plates.at(-1))).json()).toEqual(refusal(PLATE_RELEASE_NOTICE_MESSAGE.tooMany))
    expect(await waiting()).toHaveLength(PLATE_RELEASE_NOTICES_PER_USER)
  })

  it('asks for a login, and refuses a plate whose colour does not match', async () => {
    const body = { plateNumber: PLATE, plateColor: PLATE_COLOR.GREEN }
    expect((await api.call(API.plateReleaseNotice, body)).statusCode).toBe(401)
    expect((await api.call(API.plateReleaseNotice, body, { as: world.owner })).statusCode).toBe(400)
  })

  it('drops the request without a message when the stranger pays, or when the owner has taken the plate meanwhile', async () => {
    const { test, owner } = world
    const payer = await bankUser('payer')
    const paid = await submittedOrder(test, payer)
    const lapsing = await submittedOrder(test, await bankUser('lapsing'), { plateNumber: OTHER_PLATE })
    expect((await askNotice(owner)).statusCode).toBe(200)
    expect((await askNotice(owner, OTHER_PLATE)).statusCode).toBe(200)
    const cashier = cashierOf(data(await pay(payer, paid)))
    expect((await cashierResult(test, cashier.paymentId, cashier.token, 'success')).statusCode).toBe(303)
    test.clock.advance(holdMs())
    // The owner checked again and opened their own order before the job came round.
    await createOrder(test, owner, OTHER_PLATE)
    expect((await orderRow(world.database.db, lapsing)).cancelState).toBe(CANCEL_STATE.SUCCESS)
    expect(await sendDueReleaseNotices(context())).toBe(0)
    expect(sent()).toEqual([])
    expect(await waiting()).toEqual([])
  })

  it('keeps a request whose SMS failed for the next round', async () => {
    const { test, owner } = world
    await submittedOrder(test, await bankUser('stranger'))
    expect((await askNotice(owner)).statusCode).toBe(200)
    test.clock.advance(holdMs())
    const down: SmsGateway = {
      sender: { send: () => Promise.reject(new Error('provider down')), notify: () => Promise.reject(new Error('provider down')) },
      outbox: undefined,
    }
    expect(await sendDueReleaseNotices(context(down))).toBe(0)
    expect(await waiting()).toHaveLength(1)
    expect(test.logs.text()).toContain('plate release notice not sent')
    expect(await sendDueReleaseNotices(context())).toBe(1)
    expect(sent()).toHaveLength(1)
    expect(await waiting()).toEqual([])
  })

  it('forgets a request older than its retention', async () => {
    const { test, owner } = world
    await submittedOrder(test, await bankUser('stranger'))
    expect((await askNotice(owner)).statusCode).toBe(200)
    test.clock.advance(PLATE_RELEASE_NOTICE_RETENTION_HOURS * HOUR_MS - 1)
    // The hold lapsed long ago, but the job has not run since: one millisecond more and the request is too old to send.
    await world.database.db.update(plateReleaseNotices).set({ createdAt: new Date(test.clock.now().getTime() - PLATE_RELEASE_NOTICE_RETENTION_HOURS * HOUR_MS) })
    expect(await sendDueReleaseNotices(context())).toBe(0)
    expect(sent()).toEqual([])
    expect(await waiting()).toEqual([])
  })
})
