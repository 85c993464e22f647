/**
 * Write-off codes (核销码) of the seeded write-off campaigns: checking a code (verifyEligibility)
 * and claiming it for the caller's own order (claimVoucher), each refusal with its reason, a
 * repeated and a concurrent claim, what the order then pays (pay info, the cashier's payment, the
 * refund) and shows (order detail), freeing the code of an order cancelled before payment, the
 * input rules and the limit on attempts.
 */
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { VOUCHER_CODE_MAX_LENGTH, VOUCHER_REFUSAL } from '../../types/api/apply'
import type { ApplyResponse, ClaimVoucherRequest, ClaimVoucherResponse, VerifyEligibilityResponse, VoucherRefusal, VoucherRequest } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import { API, SIMULATOR_PATHS } from '../../types/api/paths'
import { MIN_PAY_CENTS } from '../../types/api/payment'
import type { PayDepositResponse } from '../../types/api/payment'
import { ACTIVITY_TYPE, BUSINESS_MODE, PAY_STATE } from '../../src/domain/enums'
import { formatYuan } from '../../src/domain/money'
import {
  SEED_COMMODITIES,
  SEED_PROMOTION_CHANNELS,
  SEED_VOUCHER_CODES,
  SEED_VOUCHER_DISCOUNT_CENTS,
  SEED_VOUCHER_EXPIRY,
  SEED_WRITE_OFF_PROMOTIONS,
} from '../../server/catalogue/seed-data'
import { VOUCHER_ATTEMPT_LIMIT, VOUCHER_MESSAGE } from '../../server/orders/vouchers'
import { VOUCHER_CODE_REASON } from '../../server/validation/fields'
import { UNSUBMITTED_ORDER_TTL_MS } from '../../server/orders/unsubmitted-orders'
import { queryRows } from '../../server/db/database'
import type { Database } from '../../server/db/database'
import { orderEvents, orders, payments, promotionChannels, users, voucherCodes } from '../../server/db/schema'
import { BANK, MAP, envelope, pathOf } from './support/api'
import { expectLoginEnforced } from './support/login-checks'
import { apply, createOrder, data, login, orderRow, orderWorld, payload, PHONES, PLATE, OTHER_PLATE, submittedOrder } from './support/orders'
import { databaseFromMigrations } from './support/older-schema'
import { databasePerFile, describeDb, testDriver } from './support/test-database'

const WRITE_OFF = SEED_WRITE_OFF_PROMOTIONS.bank
const WRITE_OFF_COMMODITY = 'WRITE_OFF_BASIC'
const PRICE = SEED_COMMODITIES.find((commodity) => commodity.id === WRITE_OFF_COMMODITY)?.commodityPrice ?? 0
const [FIRST, SECOND] = SEED_VOUCHER_CODES.free
const THIRD_PLATE = '粤B54321'
const FOURTH_PLATE = '浙A12345'
const ORDER_NOT_FOUND = { code: 404, msg: '订单不存在', data: null }
const ACTION_NOT_ALLOWED = 2003
const MINUTE = 60_000

const onPostgres = testDriver() === 'pg' ? it : it.skip
const BLOCKED_POLL_MS = 20
const BLOCKED_TIMEOUT_MS = 5_000

describeDb('write-off codes', () => {
  const world = orderWorld()

  /** Until a claim's write of a code waits for another transaction's row lock (PostgreSQL server only). */
  const waitForBlockedClaim = async (): Promise<void> => {
    const deadline = Date.now() + BLOCKED_TIMEOUT_MS
    while (Date.now() < deadline) {
      const [row] = await queryRows<{ waiting: number }>(
        world.database.db,
        sql`select count(*)::int as waiting from pg_stat_activity
            where wait_event_type = 'Lock' and query ilike 'update "voucher_codes"%'`,
      )
      if (Number(row?.waiting) > 0) return
      await new Promise((resolve) => setTimeout(resolve, BLOCKED_POLL_MS))
    }
    throw new Error('The claim never waited for the code')
  }

  const { api } = world
  /** A voucher call's data: the write-off campaign unless another promotion is named. */
  const voucherData = <Body extends object>(body: Body) => ({ promotionChannelId: WRITE_OFF as string, ...body })
  const options = (as: TokenGrant = world.owner, sourceChannel: string = BANK.sourceChannel) => ({ as, params: { sourceChannel } })
  const verifyRaw = (body: Omit<VoucherRequest, 'promotionChannelId'> & { promotionChannelId?: string }, as?: TokenGrant, source?: string) =>
    api.call(API.verifyEligibility, voucherData(body), options(as, source))
  const claimRaw = (body: Omit<ClaimVoucherRequest, 'promotionChannelId'>, as?: TokenGrant) => api.call(API.claimVoucher, voucherData(body), options(as))
  const verify = async (...args: Parameters<typeof verifyRaw>) => data(await verifyRaw(...args))
  const claim = async (...args: Parameters<typeof claimRaw>) => data(await claimRaw(...args))

  /** A submitted order of the bank write-off campaign, awaiting payment of PRICE. */
  const writeOffOrder = (grant: TokenGrant = world.owner, plateNumber: string = PLATE) =>
    submittedOrder(world.test, grant, { plateNumber, promotionChannelId: WRITE_OFF, commodityId: WRITE_OFF_COMMODITY })
  const codeRow = async (code: string) => {
    const [row] = await world.database.db.select().from(voucherCodes).where(eq(voucherCodes.code, code))
    if (!row) throw new Error(`No code ${code}`)
    return row
  }
  const claimedCodes = async () =>
    (await world.database.db.select().from(voucherCodes)).filter((row) => row.claimedOrderId !== null).map((row) => [row.code, row.claimedOrderId])
  const refusal = (refused: VoucherRefusal, reason: string): VerifyEligibilityResponse => ({ eligible: false, reason, refusal: refused })
  const expectClaimRefused = async (body: Omit<ClaimVoucherRequest, 'promotionChannelId'>, reason: string, as?: TokenGrant) => {
    const response = await claimRaw(body, as)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: ACTION_NOT_ALLOWED, msg: reason, data: null })
  }

  const info = async (orderId: string) => data(await api.call(API.payOrderInfo, { orderId }, { as: world.owner }))
  const detail = async (orderId: string) =>
    data(await api.call(API.orderDetail, { orderId }, { as: world.owner }))
  const pay = async (orderId: string) =>
    data(await api.call(API.payDeposit, { orderId, promotionChannelId: WRITE_OFF }, { as: world.owner }))
  /** The cashier page's payment and one-time token. */
  const cashierOf = (answer: PayDepositResponse) => {
    const url = new URL(answer.cashierUrl ?? '')
    return { paymentId: url.pathname.split('/').pop() ?? '', token: url.searchParams.get('token') ?? '' }
  }
  const settle = (cashier: { paymentId: string; token: string }): Promise<LightMyRequestResponse> =>
    world.test.inject({
      method: 'POST',
      url: pathOf(SIMULATOR_PATHS.cashierResult, { paymentId: cashier.paymentId }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: cashier.token, outcome: 'success' }).toString(),
    })
  const cancel = (orderId: string) =>
    api.call(API.cancelOrder, { orderId, reason: '暂时不需要了' }, { as: world.owner })

  describe('verifyEligibility', () => {
    it('answers a free code of the campaign with its discount and expiry, with or without an order', async () => {
      const eligible = { eligible: true, reason: '', discountCents: SEED_VOUCHER_DISCOUNT_CENTS, expiresAt: new Date(SEED_VOUCHER_EXPIRY.valid).toISOString() }
      expect(await verify({ code: FIRST })).toEqual(eligible)
      expect(await verify({ code: FIRST, orderId: await writeOffOrder() })).toEqual(eligible)
      expect(await claimedCodes()).toEqual([])
    })

    // One answer for all four, so that guessing cannot tell which codes exist (abuse.test.ts).
    it.each([
      ['an unknown code', 'ETC-NONE-99'],
      ['a code written off already', SEED_VOUCHER_CODES.used],
      ['an expired code', SEED_VOUCHER_CODES.expired],
      ["another campaign's code", SEED_VOUCHER_CODES.foreign],
    ])('refuses %s as unavailable, not saying which, and a claim of it stores nothing', async (_case, code) => {
      const orderId = await writeOffOrder()
      const reason = '核销码无效或不可用，请核对后重新输入'
      expect(await verify({ code })).toEqual(refusal(VOUCHER_REFUSAL.UNAVAILABLE, reason))
      expect(await verify({ code, orderId })).toEqual(refusal(VOUCHER_REFUSAL.UNAVAILABLE, reason))
      await expectClaimRefused({ code, orderId }, reason)
      expect(await claimedCodes()).toEqual([])
      expect((await orderRow(world.database.db, orderId)).depositPayState).toBe(PAY_STATE.AWAITING_PAYMENT)
    })

    it.each([
      ['an unknown promotion', 'NO_SUCH_PROMOTION', BANK.sourceChannel, '推广渠道不存在，暂不支持办理'],
      ["another channel's promotion", WRITE_OFF, MAP.sourceChannel, '该推广活动不适用于当前渠道'],
      ['a promotion that is no write-off campaign', BANK.promotionChannelId, BANK.sourceChannel, '当前活动不支持核销码'],
    ])('refuses %s as the promotion', async (_case, promotionChannelId, source, reason) => {
      expect(await verify({ promotionChannelId, code: FIRST }, undefined, source)).toEqual(refusal(VOUCHER_REFUSAL.PROMOTION, reason))
    })

    it('refuses the codes of a campaign that was closed', async () => {
      await world.database.db.update(promotionChannels).set({ intercepted: true }).where(eq(promotionChannels.id, WRITE_OFF))
      expect(await verify({ code: FIRST })).toEqual(refusal(VOUCHER_REFUSAL.PROMOTION, '该推广活动已结束，暂不支持办理'))
    })

    it("refuses a code for an order of another promotion than the code's", async () => {
      const orderId = await submittedOrder(world.test, world.owner)
      expect(await verify({ code: FIRST, orderId })).toEqual(refusal(VOUCHER_REFUSAL.PROMOTION, '推广活动与订单不一致'))
      await expectClaimRefused({ code: FIRST, orderId }, '推广活动与订单不一致')
    })

    it('judges expiry by the server clock', async () => {
      const code = 'ETC-SOON-01'
      await world.database.db
        .insert(voucherCodes)
        .values({ code, promotionChannelId: WRITE_OFF, discountCents: SEED_VOUCHER_DISCOUNT_CENTS, expiresAt: new Date(world.test.clock.now().getTime() + MINUTE) })
      expect((await verify({ code })).eligible).toBe(true)
      world.test.clock.advance(MINUTE)
      expect(await verify({ code })).toEqual(refusal(VOUCHER_REFUSAL.UNAVAILABLE, '核销码无效或不可用，请核对后重新输入'))
    })
  })

  describe('claimVoucher', () => {
    it("claims a code for the caller's order; then it is the order's, used for the caller's other orders and unavailable to anyone else", async () => {
      const orderId = await writeOffOrder()
      const claimed = await claim({ code: FIRST, orderId })
      expect(claimed).toEqual({
        voucherId: expect.stringMatching(/^V[0-9a-f]{24}$/),
        code: FIRST,
        orderId,
        discountCents: SEED_VOUCHER_DISCOUNT_CENTS,
        claimedAt: world.test.clock.now().toISOString(),
      })
      expect(await claimedCodes()).toEqual([[FIRST, orderId]])
      expect(await verify({ code: FIRST, orderId })).toMatchObject({ eligible: true })

      const other = await login(world.test, PHONES.other)
      const theirs = await writeOffOrder(other, OTHER_PLATE)
      expect(await verify({ code: FIRST }, other)).toEqual(refusal(VOUCHER_REFUSAL.UNAVAILABLE, '核销码无效或不可用，请核对后重新输入'))
      await expectClaimRefused({ code: FIRST, orderId: theirs }, '核销码无效或不可用，请核对后重新输入', other)
      const mine = await writeOffOrder(world.owner, THIRD_PLATE)
      expect(await verify({ code: FIRST })).toEqual(refusal(VOUCHER_REFUSAL.USED, '该核销码已被您的订单使用'))
      expect(await verify({ code: FIRST, orderId: mine })).toEqual(refusal(VOUCHER_REFUSAL.USED, '该核销码已被您的订单使用'))
      await expectClaimRefused({ code: FIRST, orderId: mine }, '该核销码已被您的订单使用')
    })

    it('answers a repeated claim of the same code for the same order with the same voucher', async () => {
      const orderId = await writeOffOrder()
      const first = await claim({ code: FIRST, orderId })
      world.test.clock.advance(MINUTE)
      expect(await claim({ code: FIRST, orderId })).toEqual(first)
      expect((await codeRow(FIRST)).claimedAt?.toISOString()).toBe(first.claimedAt)
    })

    it('keeps an order to one code, whatever the other code is', async () => {
      const orderId = await writeOffOrder()
      await claim({ code: FIRST, orderId })
      expect(await verify({ code: SECOND, orderId })).toEqual(refusal(VOUCHER_REFUSAL.ORDER_HAS_VOUCHER, '该订单已使用核销码'))
      expect(await verify({ code: 'ETC-NONE-99', orderId })).toEqual(refusal(VOUCHER_REFUSAL.ORDER_HAS_VOUCHER, '该订单已使用核销码'))
      await expectClaimRefused({ code: SECOND, orderId }, '该订单已使用核销码')
      expect(await claimedCodes()).toEqual([[FIRST, orderId]])
    })

    it('lets exactly one of several orders racing for one code have it; the others are refused', async () => {
      const other = await login(world.test, PHONES.other)
      const racers = [
        { grant: world.owner, orderId: await writeOffOrder() },
        { grant: world.owner, orderId: await writeOffOrder(world.owner, THIRD_PLATE) },
        { grant: other, orderId: await writeOffOrder(other, OTHER_PLATE) },
        { grant: other, orderId: await writeOffOrder(other, FOURTH_PLATE) },
      ]
      const answers = await Promise.all(racers.map(({ grant, orderId }) => claimRaw({ code: FIRST, orderId }, grant)))
      expect(answers.map((answer) => answer.statusCode)).toEqual(racers.map(() => 200))
      const bodies = answers.map((answer) => envelope<ClaimVoucherResponse | null>(answer))
      const won = bodies.filter((body) => body.code === 200)
      expect(won).toHaveLength(1)
      // The winner's user hears that their own order has it; the other user learns nothing.
      const winner = racers.find(({ orderId }) => orderId === won[0]?.data?.orderId)?.grant
      const expected = racers.map(({ grant, orderId }) =>
        orderId === won[0]?.data?.orderId ? 200 : grant === winner ? '该核销码已被您的订单使用' : '核销码无效或不可用，请核对后重新输入',
      )
      expect(bodies.map((body) => (body.code === 200 ? 200 : body.msg))).toEqual(expected)
      expect(bodies.filter((body) => body.code !== 200).map((body) => body.code)).toEqual([ACTION_NOT_ALLOWED, ACTION_NOT_ALLOWED, ACTION_NOT_ALLOWED])
      expect(await claimedCodes()).toEqual([[FIRST, won[0]?.data?.orderId]])
    })

    // Deterministic on a PostgreSQL server: another claim holds the code's row while this one reads it
    // free, so only the conditional write can tell. (PGlite has one connection: nothing overlaps.)
    onPostgres('refuses a claim that read the code free while another user\'s claim was taking it', async () => {
      const mine = await writeOffOrder()
      const other = await login(world.test, PHONES.other)
      const theirs = await orderRow(world.database.db, await writeOffOrder(other, OTHER_PLATE))
      let answer: Promise<LightMyRequestResponse> | undefined
      await world.database.db.transaction(async (tx) => {
        await tx
          .update(voucherCodes)
          .set({ claimId: 'VRACE', claimedUserId: theirs.userId, claimedOrderId: theirs.orderId, claimedAt: world.test.clock.now() })
          .where(eq(voucherCodes.code, FIRST))
        answer = claimRaw({ code: FIRST, orderId: mine })
        await waitForBlockedClaim()
      })
      expect((await answer)?.json()).toEqual({ code: ACTION_NOT_ALLOWED, msg: '核销码无效或不可用，请核对后重新输入', data: null })
      expect(await claimedCodes()).toEqual([[FIRST, theirs.orderId]])
    })

    it('answers every one of concurrent repeats of a claim with the one voucher', async () => {
      const orderId = await writeOffOrder()
      const answers = await Promise.all(Array.from({ length: 4 }, () => claimRaw({ code: FIRST, orderId })))
      const ids = new Set(answers.map((answer) => data<ClaimVoucherResponse>(answer).voucherId))
      expect(ids.size).toBe(1)
      expect(await claimedCodes()).toEqual([[FIRST, orderId]])
    })

    it("answers another user's order id like an unknown one, claiming nothing", async () => {
      const other = await login(world.test, PHONES.other)
      const theirs = await writeOffOrder(other, OTHER_PLATE)
      for (const orderId of [theirs, 'O000000000000000000000000']) {
        expect((await verifyRaw({ code: FIRST, orderId })).json()).toEqual(ORDER_NOT_FOUND)
        expect((await claimRaw({ code: FIRST, orderId })).json()).toEqual(ORDER_NOT_FOUND)
      }
      expect(await claimedCodes()).toEqual([])
    })

    it('takes a code as the app normalises it: trimmed and upper-cased', async () => {
      const orderId = await writeOffOrder()
      expect((await claim({ code: ` ${FIRST.toLowerCase()} `, orderId })).code).toBe(FIRST)
    })

    it('refuses orders whose price is settled: paid, cancelled, or with nothing to pay', async () => {
      const paid = await writeOffOrder()
      expect((await settle(cashierOf(await pay(paid)))).statusCode).toBe(303)
      expect(await verify({ code: FIRST, orderId: paid })).toEqual(refusal(VOUCHER_REFUSAL.ORDER_CLOSED, '订单当前状态不能使用核销码'))
      await expectClaimRefused({ code: FIRST, orderId: paid }, '订单当前状态不能使用核销码')

      const cancelled = await writeOffOrder(world.owner, OTHER_PLATE)
      data(await cancel(cancelled))
      await expectClaimRefused({ code: FIRST, orderId: cancelled }, '订单当前状态不能使用核销码')

      // A free package of the campaign (none is seeded): nothing for a code to take off.
      const free = await createOrder(world.test, world.owner, THIRD_PLATE, WRITE_OFF)
      await world.database.db.update(orders).set({ amountCents: 0 }).where(eq(orders.orderId, free))
      await expectClaimRefused({ code: FIRST, orderId: free }, '订单当前状态不能使用核销码')
      expect(await claimedCodes()).toEqual([])
    })

    it('refuses a code while a payment is in progress (it may be paid on the platform) and leaves the payment alone', async () => {
      const orderId = await writeOffOrder()
      const started = cashierOf(await pay(orderId))
      await expectClaimRefused({ code: FIRST, orderId }, VOUCHER_MESSAGE.paying)
      expect(await claimedCodes()).toEqual([])
      expect(await orderRow(world.database.db, orderId)).toMatchObject({ depositPayState: PAY_STATE.PAYING })
      // The payment goes on at the full price.
      expect((await settle(started)).statusCode).toBe(303)
      const rows = await world.database.db.select().from(payments).where(eq(payments.orderId, orderId))
      expect(rows.map((row) => [row.id, row.amountCents, row.state])).toEqual([[started.paymentId, PRICE, PAY_STATE.SUCCESS]])
    })
  })

  describe('what the order pays and shows', () => {
    it('lowers the pay info, the payment and the timeline by the discount, and the detail shows the code', async () => {
      const orderId = await writeOffOrder()
      expect(await info(orderId)).toMatchObject({ amountCents: PRICE, priceCents: PRICE, voucher: null })
      expect(await detail(orderId)).toMatchObject({ amountCents: PRICE, amountDueCents: PRICE, voucher: null })

      await claim({ code: FIRST, orderId })
      const voucher = { code: FIRST, discountCents: SEED_VOUCHER_DISCOUNT_CENTS }
      const due = PRICE - SEED_VOUCHER_DISCOUNT_CENTS
      expect(await info(orderId)).toMatchObject({ amountCents: due, priceCents: PRICE, voucher })
      expect(await detail(orderId)).toMatchObject({ amountCents: PRICE, amountDueCents: due, voucher })

      const cashier = cashierOf(await pay(orderId))
      const page = await world.test.inject({ method: 'GET', url: `${pathOf(SIMULATOR_PATHS.cashier, { paymentId: cashier.paymentId })}?token=${cashier.token}` })
      expect(page.body).toContain(formatYuan(due))
      expect((await settle(cashier)).statusCode).toBe(303)
      expect(await info(orderId)).toMatchObject({ amountCents: due, priceCents: PRICE, voucher, depositPayState: PAY_STATE.SUCCESS })
      // Paid, then handed to its issuer at once by the cashier's settlement.
      expect((await detail(orderId)).timeline.slice(-2)).toMatchObject([{ kind: 'paid', note: `已支付${formatYuan(due)}元` }, { kind: 'issuerReceived' }])
    })

    /** The activity of the bank channel's default promotion, the one `payload()` names. */
    const BANK_PROMOTION_ACTIVITY = SEED_PROMOTION_CHANNELS.find((promotion) => promotion.id === BANK.promotionChannelId)?.activityType

    it("says in the detail the activity of the order's promotion, whatever the client sent, which decides whether it takes a code", async () => {
      // The client's belief is not what the order records: the promotion's activity is.
      const writeOff = data<ApplyResponse>(await apply(world.test, world.owner, payload({ promotionChannelId: WRITE_OFF, activitySource: ACTIVITY_TYPE.NONE })))
      expect((await detail(writeOff.orderId)).activitySource).toBe(ACTIVITY_TYPE.WRITE_OFF_CODE)
      const other = data<ApplyResponse>(
        await apply(world.test, world.owner, payload({ plateNumber: OTHER_PLATE, activitySource: ACTIVITY_TYPE.WRITE_OFF_CODE })),
      )
      expect(await detail(other.orderId)).toMatchObject({ activitySource: BANK_PROMOTION_ACTIVITY, amountCents: null, amountDueCents: null })
      expect(BANK_PROMOTION_ACTIVITY).not.toBe(ACTIVITY_TYPE.WRITE_OFF_CODE)
    })

    it('never asks less than the minimum payment of a discount larger than the price', async () => {
      const code = 'ETC-BIG-01'
      await world.database.db
        .insert(voucherCodes)
        .values({ code, promotionChannelId: WRITE_OFF, discountCents: PRICE * 2, expiresAt: new Date(SEED_VOUCHER_EXPIRY.valid) })
      const orderId = await writeOffOrder()
      await claim({ code, orderId })
      expect(await info(orderId)).toMatchObject({ amountCents: MIN_PAY_CENTS, priceCents: PRICE })
      expect(await detail(orderId)).toMatchObject({ amountCents: PRICE, amountDueCents: MIN_PAY_CENTS })
      await pay(orderId)
      const [payment] = await world.database.db.select().from(payments).where(eq(payments.orderId, orderId))
      expect(payment?.amountCents).toBe(MIN_PAY_CENTS)
    })

    it('refunds what was paid after the discount, and the paid order keeps its code', async () => {
      const orderId = await writeOffOrder()
      await claim({ code: FIRST, orderId })
      expect((await settle(cashierOf(await pay(orderId)))).statusCode).toBe(303)
      data(await cancel(orderId))
      const [refunded] = await world.database.db.select().from(payments).where(eq(payments.orderId, orderId))
      expect(refunded?.refundedAt).not.toBeNull()
      const [cancelled] = await world.database.db.select().from(orderEvents).where(eq(orderEvents.kind, 'cancelled'))
      expect(cancelled?.note).toBe(`已支付的${formatYuan(PRICE - SEED_VOUCHER_DISCOUNT_CENTS)}元将原路退还`)
      expect(await claimedCodes()).toEqual([[FIRST, orderId]])
    })
  })

  describe('freeing the code of an order cancelled before payment', () => {
    it('frees it when the caller cancels the unpaid order, and another order may claim it', async () => {
      const orderId = await writeOffOrder()
      await claim({ code: FIRST, orderId })
      data(await cancel(orderId))
      expect(await claimedCodes()).toEqual([])
      expect((await detail(orderId)).voucher).toBeNull()

      const other = await login(world.test, PHONES.other)
      const theirs = await writeOffOrder(other, OTHER_PLATE)
      const claimed = await claim({ code: FIRST, orderId: theirs }, other)
      expect(claimed.orderId).toBe(theirs)
    })

    it('frees it when the order expires unsubmitted', async () => {
      const orderId = await createOrder(world.test, world.owner, PLATE, WRITE_OFF)
      await claim({ code: FIRST, orderId })
      world.test.clock.advance(UNSUBMITTED_ORDER_TTL_MS)
      // A day later the session has ended too.
      const again = await login(world.test, PHONES.owner)
      expect(await claimedCodes()).toEqual([[FIRST, orderId]])
      expect(await verify({ code: FIRST, orderId }, again)).toEqual(refusal(VOUCHER_REFUSAL.ORDER_CLOSED, '订单当前状态不能使用核销码'))
      expect(await claimedCodes()).toEqual([])
      expect(await verify({ code: FIRST }, again)).toMatchObject({ eligible: true })
    })
  })

  describe('input', () => {
    it.each([
      ['a missing code', { orderId: 'O1' }, '参数 code 不能为空'],
      ['an empty code', { code: '  ', orderId: 'O1' }, VOUCHER_CODE_REASON.empty],
      ['a code with other characters', { code: 'ETC_DEMO_01', orderId: 'O1' }, VOUCHER_CODE_REASON.invalid],
      ['a code too short', { code: 'ETC', orderId: 'O1' }, VOUCHER_CODE_REASON.invalid],
      ['a code too long', { code: 'E'.repeat(VOUCHER_CODE_MAX_LENGTH + 1), orderId: 'O1' }, '核销码格式不正确，请核对后重新输入'],
      ['a number as the code', { code: 1234, orderId: 'O1' }, '参数 code 应为字符串'],
      ['an unknown field', { code: FIRST, orderId: 'O1', amount: 100 }, '请求参数不支持的字段 amount'],
    ])('answers %s with a 400', async (_case, body, msg) => {
      for (const request of [api.malformed(API.verifyEligibility, voucherData(body), options()), api.malformed(API.claimVoucher, voucherData(body), options())]) {
        const response = await request
        expect(response.statusCode).toBe(400)
        expect(envelope(response).msg).toBe(msg)
      }
    })

    it('needs the order to claim for', async () => {
      const response = await api.malformed(API.claimVoucher, voucherData({ code: FIRST }), options())
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('参数 orderId 不能为空')
    })

    it('answers an unknown source channel in the path with a 404', async () => {
      const response = await verifyRaw({ code: FIRST }, undefined, 'NO_SUCH_SOURCE')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ code: 404, msg: '渠道不存在', data: null })
    })

    it(`allows ${VOUCHER_ATTEMPT_LIMIT.max} checks and claims per user in its window, then refuses`, async () => {
      // Good codes count too (failed guesses also count per address: abuse.test.ts).
      for (let attempt = 0; attempt < VOUCHER_ATTEMPT_LIMIT.max; attempt++) expect((await verify({ code: FIRST })).eligible).toBe(true)
      expect((await verifyRaw({ code: FIRST })).json()).toEqual({ code: 429, msg: VOUCHER_MESSAGE.tooMany, data: null })
      const other = await login(world.test, PHONES.other)
      expect((await verify({ code: FIRST }, other)).eligible).toBe(true)
      world.test.clock.advance(VOUCHER_ATTEMPT_LIMIT.windowMs)
      expect((await verify({ code: FIRST })).eligible).toBe(true)
    })

    it('needs a login to verify', async () => {
      await expectLoginEnforced(world.test, api.request(API.verifyEligibility, voucherData({ code: FIRST }), { params: { sourceChannel: BANK.sourceChannel } }), world.grant)
    })

    it('needs a login to claim', async () => {
      const orderId = await writeOffOrder()
      await expectLoginEnforced(world.test, api.request(API.claimVoucher, voucherData({ code: FIRST, orderId }), { params: { sourceChannel: BANK.sourceChannel } }), world.grant)
    })
  })
})

describeDb('the write-off codes in the database', () => {
  const database = databasePerFile()

  const insertOrder = async (orderId: string, plateNumber: string) => {
    const [user] = await database.db.insert(users).values({ uid: `U${orderId}`, channel: BANK.channelId }).returning({ id: users.id })
    if (!user) throw new Error('no user')
    await database.db.insert(orders).values({
      orderId,
      userId: user.id,
      channel: BANK.channelId,
      channelSource: 'bank',
      sourceChannel: BANK.sourceChannel,
      plateNumber,
      plateColor: 1,
      promotionChannelId: WRITE_OFF,
    })
    return user.id
  }
  const code = (value: string, values: Partial<typeof voucherCodes.$inferInsert> = {}) => ({
    code: value,
    promotionChannelId: WRITE_OFF,
    discountCents: SEED_VOUCHER_DISCOUNT_CENTS,
    expiresAt: new Date(SEED_VOUCHER_EXPIRY.valid),
    ...values,
  })

  it('seeds the demo codes: the free ones, the used, the expired and the foreign one', async () => {
    const rows = await database.db.select().from(voucherCodes)
    const byCode = new Map(rows.map((row) => [row.code, row]))
    expect(rows).toHaveLength(SEED_VOUCHER_CODES.free.length + 3)
    for (const free of SEED_VOUCHER_CODES.free) expect(byCode.get(free)).toMatchObject({ promotionChannelId: WRITE_OFF, claimedAt: null })
    expect(byCode.get(SEED_VOUCHER_CODES.used)).toMatchObject({ claimedAt: expect.any(Date), claimedOrderId: null })
    expect(byCode.get(SEED_VOUCHER_CODES.expired)?.expiresAt).toEqual(new Date(SEED_VOUCHER_EXPIRY.expired))
    expect(byCode.get(SEED_VOUCHER_CODES.foreign)?.promotionChannelId).toBe(SEED_WRITE_OFF_PROMOTIONS.map)
  })

  /** The constraint that refused the insert (the driver's error, wrapped by Drizzle). */
  const refusedBy = async (values: typeof voucherCodes.$inferInsert): Promise<unknown> => {
    try {
      await database.db.insert(voucherCodes).values(values)
    } catch (error) {
      for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
        const { constraint } = current as { constraint?: unknown }
        if (constraint !== undefined) return constraint
      }
      throw error
    }
    throw new Error(`${values.code} was stored`)
  }

  it('keeps an order to one code, discounts positive and a claim whole', async () => {
    const userId = await insertOrder('OCODE1', '京A11111')
    const claim = { claimedUserId: userId, claimedOrderId: 'OCODE1', claimedAt: new Date() }
    await database.db.insert(voucherCodes).values(code('TEST-01', { ...claim, claimId: 'V1' }))
    expect(await refusedBy(code('TEST-02', { ...claim, claimId: 'V2' }))).toBe('voucher_codes_one_per_order_key')
    expect(await refusedBy(code('TEST-03', { discountCents: 0 }))).toBe('voucher_codes_discount_check')
    expect(await refusedBy(code('TEST-04', { claimedOrderId: 'OCODE1', claimedAt: new Date() }))).toBe('voucher_codes_claim_check')
    expect(await refusedBy(code('TEST-05', { ...claim, claimId: 'V5', claimedAt: null }))).toBe('voucher_codes_claim_check')
    expect(await refusedBy(code('TEST-06', { promotionChannelId: 'NO_SUCH_PROMOTION' }))).toBe('voucher_codes_promotion_channel_id_promotion_channels_id_fk')
  })
})

describeDb('the write-off codes migration', () => {
  /** The migrations before the write-off codes (0000 to 0004). */
  const MIGRATIONS_BEFORE_CODES = 5

  /** A database of before: the per-user voucher table holding a claimed voucher. */
  async function databaseBeforeCodes(target: Database): Promise<void> {
    const [user] = await queryRows<{ id: number }>(target.db, sql`insert into users (uid, channel) values ('U00000000000000000000VOUCHER', ${BANK.channelId}) returning id`)
    await target.db.execute(sql`insert into vouchers (id, user_id, source_channel) values ('VLEGACY', ${user!.id}, ${BANK.sourceChannel})`)
  }

  const database = databaseFromMigrations(MIGRATIONS_BEFORE_CODES, 'etc-voucher-migrations-', databaseBeforeCodes)

  it('drops the per-user vouchers, keeps their users, and the seed brings the write-off campaigns and codes', async () => {
    const db = database().db
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = ${database().schemaName} and table_name in ('vouchers', 'voucher_codes')`,
    )
    expect(tables.map((table) => table.name)).toEqual(['voucher_codes'])
    expect(await db.select({ uid: users.uid }).from(users)).toEqual([{ uid: 'U00000000000000000000VOUCHER' }])
    expect(await db.select().from(voucherCodes)).toHaveLength(SEED_VOUCHER_CODES.free.length + 3)
    const [campaign] = await db.select().from(promotionChannels).where(eq(promotionChannels.id, WRITE_OFF))
    expect(campaign).toMatchObject({ activityType: ACTIVITY_TYPE.WRITE_OFF_CODE, businessMode: BUSINESS_MODE.FEE, channelId: BANK.channelId })
  })
})
