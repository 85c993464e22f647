/**
 * The checks before a new order, as the server keeps them: the operator's new-apply switch
 * (restNewApplySwitch, the app_configs row, the local operator's switch call) and the risk review
 * (requiredRisk through the RiskReviewer, the simulator's demo plate). Both also stop the create
 * step of a client that skips them; neither stops an order already open (continued, paid, read).
 */
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import type { ApplyResponse, RequiredRiskResponse } from '../../types/api/apply'
import type { NewApplySwitchResponse } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { NEW_APPLY_PAUSED, RISK_REFUSED } from '../../src/domain/apply-checks'
import { APPLY_STEP, PAY_STATE, SHOW } from '../../src/domain/enums'
import { PLATE_REASON } from '../../src/domain/plate'
import { APP_CONFIG_KEY } from '../../server/catalogue/app-configs'
import { RISK_DEMO_REFUSED_PLATES, createSimulatedRiskReviewer } from '../../server/catalogue/risk-review'
import type { RiskReviewRequest, RiskReviewer } from '../../server/catalogue/risk-review'
import { appConfigs, orders, users } from '../../server/db/schema'
import { NEW_APPLY_SWITCH_SIM_PATH } from '../../server/simulators/new-apply-switch-sim'
import { SIM_OPERATOR_HEADER } from '../../server/simulators/operator-secret'
import { BANK, bearer, envelope } from './support/api'
import { apiClient } from './support/api-client'
import { expectLoginEnforced } from './support/login-checks'
import { apply, createOrder, data, fillOrder, orderWorld, payload, PLATE, submittedOrder } from './support/orders'
import { createTestApp, TEST_SIM_OPERATOR_SECRET } from './support/test-app'
import { describeDb } from './support/test-database'

const DEMO_REFUSED_PLATE = '京A77777'
const NEW_PLATE = '沪C67890'
const OK = { code: 200, msg: '成功' }
/** How long the reviewer waits for the user's row before it counts as locked. */
const LOCK_WAIT_MS = 1_000

describeDb('checks before a new order', () => {
  const world = orderWorld()
  const call = (request: InjectOptions) => world.test.inject({ ...request, headers: { ...request.headers, ...bearer(world.owner) } })

  const { api } = world
  const newApply = api.request(API.newApplySwitch)
  const switchRow = () => world.database.db.select().from(appConfigs).where(eq(appConfigs.key, APP_CONFIG_KEY.newApplySwitch))
  /** What an operator's SQL does: `update app_configs set switch_status = …, content = … where key = 'switch:allowNewApply'`. */
  const operatorSets = (switchStatus: number, content: unknown = {}) =>
    world.database.db.update(appConfigs).set({ switchStatus, content }).where(eq(appConfigs.key, APP_CONFIG_KEY.newApplySwitch))
  const orderCount = async (plateNumber: string) => (await world.database.db.select().from(orders).where(eq(orders.plateNumber, plateNumber))).length

  describe('restNewApplySwitch', () => {
    it('is seeded open, as the row an operator edits', async () => {
      expect(await switchRow()).toEqual([expect.objectContaining({ switchStatus: SHOW.YES })])
      expect(envelope(await call(newApply))).toEqual({ ...OK, data: { allowNewApply: true, reason: '' } })
    })

    it('answers paused with the operator\'s reason, the default without one, and open again', async () => {
      await operatorSets(SHOW.NO, { reason: '系统升级维护中，预计3月1日恢复受理' })
      expect(envelope(await call(newApply)).data).toEqual({ allowNewApply: false, reason: '系统升级维护中，预计3月1日恢复受理' })
      for (const content of [{}, { reason: '  ' }, { reason: 42 }, 'text', []]) {
        await operatorSets(SHOW.NO, content)
        expect(envelope<NewApplySwitchResponse>(await call(newApply)).data).toEqual({ allowNewApply: false, reason: NEW_APPLY_PAUSED.reason })
      }
      await operatorSets(SHOW.YES, { reason: '系统升级维护中' })
      expect(envelope(await call(newApply)).data).toEqual({ allowNewApply: true, reason: '' })
    })

    it('reads a missing row as open', async () => {
      await world.database.db.delete(appConfigs).where(eq(appConfigs.key, APP_CONFIG_KEY.newApplySwitch))
      expect(envelope(await call(newApply)).data).toEqual({ allowNewApply: true, reason: '' })
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, newApply, world.grant)
    })
  })

  describe('paused: the create step', () => {
    it('opens no new order (business 5003 with the reason), and opens one again once switched on', async () => {
      await operatorSets(SHOW.NO, { reason: '系统升级维护中' })
      const refused = await apply(world.test, world.owner, payload({ plateNumber: NEW_PLATE }))
      expect(refused.statusCode).toBe(200)
      expect(envelope(refused)).toEqual({ code: BUSINESS_CODE.UNAVAILABLE, msg: '系统升级维护中', data: null })
      expect(await orderCount(NEW_PLATE)).toBe(0)

      await operatorSets(SHOW.YES)
      expect(data<ApplyResponse>(await apply(world.test, world.owner, payload({ plateNumber: NEW_PLATE }))).stepId).toBe(APPLY_STEP.CREATE)
      expect(await orderCount(NEW_PLATE)).toBe(1)
    })

    it('lets an order already open go on: its create answers it, it is filled, submitted, paid and read', async () => {
      const orderId = await createOrder(world.test, world.owner)
      await operatorSets(SHOW.NO)
      expect(data<ApplyResponse>(await apply(world.test, world.owner, payload())).orderId).toBe(orderId)
      expect((await fillOrder(world.test, world.owner, orderId)).orderId).toBe(orderId)
      expect(await orderCount(PLATE)).toBe(1)

      const submitted = await submittedOrder(world.test, world.owner, { plateNumber: '粤B12345' }).catch((error: Error) => error)
      // A second plate is a new application: refused while paused.
      expect(submitted).toBeInstanceOf(Error)

      await operatorSets(SHOW.YES)
      const paidLater = await submittedOrder(world.test, world.owner, { plateNumber: '粤B54321' })
      await operatorSets(SHOW.NO)
      const paying = await api.call(API.payDeposit, { orderId: paidLater, promotionChannelId: BANK.promotionChannelId }, { as: world.owner })
      expect(data(paying).depositPayState).toBe(PAY_STATE.PAYING)
      const detail = await api.call(API.orderDetail, { orderId: paidLater }, { as: world.owner })
      expect(envelope(detail).code).toBe(200)
    })
  })

  describe('the local operator\'s switch call', () => {
    const operatorCall = (body: object, headers: Record<string, string> = { [SIM_OPERATOR_HEADER]: TEST_SIM_OPERATOR_SECRET }, remoteAddress = '127.0.0.1') =>
      world.test.inject({ method: 'POST', url: NEW_APPLY_SWITCH_SIM_PATH, payload: body, headers, remoteAddress })

    it('pauses new applications with a reason and opens them again, as the SQL would', async () => {
      expect(envelope(await operatorCall({ open: false, reason: '演示：暂停受理' }))).toEqual({ ...OK, data: { allowNewApply: false, reason: '演示：暂停受理' } })
      expect(await switchRow()).toEqual([expect.objectContaining({ switchStatus: SHOW.NO, content: { reason: '演示：暂停受理' } })])
      expect(envelope(await call(newApply)).data).toEqual({ allowNewApply: false, reason: '演示：暂停受理' })
      expect(envelope(await operatorCall({ open: true })).data).toEqual({ allowNewApply: true, reason: '' })
      expect(await switchRow()).toEqual([expect.objectContaining({ switchStatus: SHOW.YES, content: {} })])
    })

    it('answers only this machine\'s operator, and a malformed body with a 400', async () => {
      expect((await operatorCall({ open: false }, {})).statusCode).toBe(404)
      expect((await operatorCall({ open: false }, { [SIM_OPERATOR_HEADER]: 'wrong' })).statusCode).toBe(404)
      expect((await operatorCall({ open: false }, undefined, '203.0.113.9')).statusCode).toBe(404)
      expect((await operatorCall({ open: 'no' })).statusCode).toBe(400)
      expect(envelope(await call(newApply)).data).toEqual({ allowNewApply: true, reason: '' })
    })
  })

  describe('requiredRisk', () => {
    const risk = (plateNumber: string, promotionChannelId: string = BANK.promotionChannelId) => api.request(API.requiredRisk, { plateNumber, promotionChannelId })

    it('refuses the simulator\'s demo plate with its reason', async () => {
      expect(RISK_DEMO_REFUSED_PLATES.get(DEMO_REFUSED_PLATE)).toBe(RISK_REFUSED.reason)
      expect(envelope(await call(risk(DEMO_REFUSED_PLATE)))).toEqual({ ...OK, data: { required: true, reason: RISK_REFUSED.reason } })
      expect(envelope(await call(risk('京a77777'))).data).toEqual({ required: true, reason: RISK_REFUSED.reason })
    })

    it.each([
      ['a plate on no list', PLATE],
      ['a white-listed plate', '京A88888'],
      ['a green plate', '粤BD12346'],
    ])('lets %s (%s) through', async (_case, plate) => {
      expect(envelope(await call(risk(plate))).data).toEqual({ required: false, reason: '' })
    })

    it('asks the reviewer of the app\'s deps with the caller and the request', async () => {
      const asked: RiskReviewRequest[] = []
      const reviewer: RiskReviewer = { review: async (request) => (asked.push(request), { required: true, reason: '多头申请' }) }
      const test = await createTestApp(world.database.db, { risk: reviewer })
      try {
        const response = await apiClient(test).call(API.requiredRisk, { plateNumber: PLATE, promotionChannelId: BANK.promotionChannelId }, { as: world.owner })
        expect(envelope<RequiredRiskResponse>(response).data).toEqual({ required: true, reason: '多头申请' })
        expect(asked).toEqual([{ userId: expect.any(Number), plateNumber: PLATE, promotionChannelId: BANK.promotionChannelId }])
      } finally {
        await test.close()
      }
    })

    it('answers a malformed plate with a 400', async () => {
      const response = await call(risk('ABC'))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(PLATE_REASON.province)
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, risk(PLATE), world.grant)
    })
  })

  describe('refused by the risk review: the create step', () => {
    it('opens no order for the demo plate (business 2002 with the reason)', async () => {
      const refused = await apply(world.test, world.owner, payload({ plateNumber: DEMO_REFUSED_PLATE }))
      expect(envelope(refused)).toEqual({ code: BUSINESS_CODE.INTERCEPTED, msg: RISK_REFUSED.reason, data: null })
      expect(await orderCount(DEMO_REFUSED_PLATE)).toBe(0)
    })

    it('is asked before the create locks anything: the user\'s row is free while the reviewer answers', async () => {
      let lockFree: boolean | undefined
      const reviewer: RiskReviewer = {
        review: async () => {
          // Inside the create's transaction this would wait for (PGlite) or fail on (PostgreSQL) its row lock.
          const lock = world.database.db.select({ id: users.id }).from(users).for('update', { noWait: true }).then(() => true, () => false)
          let timer: NodeJS.Timeout | undefined
          const waited = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), LOCK_WAIT_MS) })
          lockFree = await Promise.race([lock, waited])
          clearTimeout(timer)
          return { required: true, reason: '多头申请' }
        },
      }
      const test = await createTestApp(world.database.db, { risk: reviewer })
      try {
        const refused = await apply(test, world.owner, payload({ plateNumber: NEW_PLATE }))
        expect(envelope(refused)).toEqual({ code: BUSINESS_CODE.INTERCEPTED, msg: '多头申请', data: null })
        expect(lockFree).toBe(true)
        expect(await orderCount(NEW_PLATE)).toBe(0)
      } finally {
        await test.close()
      }
    })

    it('writes nothing when the reviewer cannot answer, and does not ask it about an order already open', async () => {
      const orderId = await createOrder(world.test, world.owner)
      let reviews = 0
      const failing: RiskReviewer = {
        review: async () => {
          reviews += 1
          throw new Error('risk service unreachable')
        },
      }
      const test = await createTestApp(world.database.db, { risk: failing })
      try {
        const refused = await apply(test, world.owner, payload({ plateNumber: NEW_PLATE }))
        expect(refused.statusCode).toBe(500)
        expect(await orderCount(NEW_PLATE)).toBe(0)
        expect(reviews).toBe(1)
        expect(data<ApplyResponse>(await apply(test, world.owner, payload())).orderId).toBe(orderId)
        expect(reviews).toBe(1)
      } finally {
        await test.close()
      }
    })
  })

  it('the simulated reviewer says it is one, so production refuses it', () => {
    expect(createSimulatedRiskReviewer().simulated).toBe(true)
  })
})
