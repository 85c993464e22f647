/**
 * Cancelling an order while the cashier settles its payment: both lock the order row first, then
 * the payment, so many concurrent pairs never deadlock or answer 500, and each pair ends one of two
 * consistent ways: paid then cancelled with a refund, or cancelled with the payment abandoned and
 * the settle refused (409).
 */
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { TokenGrant } from '../../types/api/auth'
import { API, SIMULATOR_PATHS } from '../../types/api/paths'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { payments } from '../../server/db/schema'
import { BANK, envelope, pathOf, tokenCall } from './support/api'
import { data, orderRow, orderWorld, submittedOrder } from './support/orders'
import { describeDb } from './support/test-database'

const PAIRS = 8
const HTTP = { seeOther: 303, conflict: 409 } as const

describeDb('cancel racing the cashier settle', () => {
  const world = orderWorld()

  const pay = async (grant: TokenGrant, orderId: string) => {
    const answer = data(await world.api.call(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId }, { as: grant }))
    if (!answer.cashierUrl) throw new Error('No cashier URL')
    const url = new URL(answer.cashierUrl)
    return { paymentId: url.pathname.split('/').pop() ?? '', token: url.searchParams.get('token') ?? '' }
  }
  const settle = (paymentId: string, token: string): Promise<LightMyRequestResponse> =>
    world.test.inject({
      method: 'POST',
      url: pathOf(SIMULATOR_PATHS.cashierResult, { paymentId }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, outcome: 'success' }).toString(),
    })
  const cancel = (grant: TokenGrant, orderId: string) => world.api.call(API.cancelOrder, { orderId, reason: '暂时不需要了' }, { as: grant })

  it(`ends ${PAIRS} concurrent pairs consistently, without a deadlock or a 500`, async () => {
    const prepared: { grant: TokenGrant; orderId: string; paymentId: string; token: string }[] = []
    for (let index = 0; index < PAIRS; index++) {
      // One buyer per order: a user holds only a few submitted, unpaid orders at once.
      const grant = data<TokenGrant>(await tokenCall(world.test, { grantType: 'pageToken', token: `sim-buyer-${index}` }))
      const orderId = await submittedOrder(world.test, grant, { plateNumber: `京B${String(20000 + index)}` })
      prepared.push({ grant, orderId, ...(await pay(grant, orderId)) })
    }

    const answers = await Promise.all(
      prepared.map(async (pair) => {
        const [cancelled, settled] = await Promise.all([cancel(pair.grant, pair.orderId), settle(pair.paymentId, pair.token)])
        return { ...pair, cancelled, settled }
      }),
    )

    for (const { orderId, paymentId, cancelled, settled } of answers) {
      expect(cancelled.statusCode).toBe(200)
      expect(envelope(cancelled).data).toEqual({ orderId, cancelState: CANCEL_STATE.SUCCESS })
      expect([HTTP.seeOther, HTTP.conflict]).toContain(settled.statusCode)
      const order = await orderRow(world.database.db, orderId)
      const [payment] = await world.database.db.select().from(payments).where(eq(payments.id, paymentId))
      expect(order.cancelState).toBe(CANCEL_STATE.SUCCESS)
      if (settled.statusCode === HTTP.seeOther) {
        // Paid first: the cancel refunded it.
        expect(order.depositPayState).toBe(PAY_STATE.SUCCESS)
        expect(payment).toMatchObject({ state: PAY_STATE.SUCCESS, refundedAt: expect.any(Date) })
      } else {
        // Cancelled first: the payment was abandoned and nothing was charged.
        expect(settled.body).toContain('订单已取消，本次支付未扣款')
        expect(order.depositPayState).toBe(PAY_STATE.FAILED)
        expect(payment).toMatchObject({ state: PAY_STATE.FAILED, refundedAt: null })
      }
    }
    expect(world.test.logs.lines.filter((line) => line.includes('unexpected error'))).toEqual([])
  })
})
