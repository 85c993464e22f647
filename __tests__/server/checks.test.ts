/**
 * The plate checks before applying (uniqueness, issuer and channel interception, the reapply
 * plate check; the risk review is pre-checks.test.ts's, the write-off codes vouchers.test.ts's),
 * on the seeded plates and channels.
 */
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import type { TokenGrant } from '../../types/api/auth'
import type { ContractInterceptionRequest, InterceptionResponse, PlateUniqueRequest } from '../../types/api/apply'
import { API } from '../../types/api/paths'
import { PLATE_REASON } from '../../src/domain/plate'
import { APP_CONFIG_KEY } from '../../server/catalogue/app-configs'
import { appConfigs, orders, plateRules, promotionChannels, users } from '../../server/db/schema'
import { BANK, MAP, envelope, loginBySms } from './support/api'
import { expectLoginEnforced } from './support/login-checks'
import { appWorld } from './support/app-world'
import { describeDb } from './support/test-database'

const PHONE = '13800138000'
const OTHER_PHONE = '13912345678'
const CLOSED_PROMOTION = 'PLACEHOLDER_CLOSED_PROMOTION_CHANNEL'
const FREE_PLATE = '京A12345'
const BLUE = 1
const GREEN = 3
const OK = { code: 200, msg: '成功' }
const ORDER_NOT_FOUND = { code: 404, msg: '订单不存在', data: null }

describeDb('plate checks', () => {
  const world = appWorld((test) => loginBySms(test, PHONE))
  const { api, call } = world

  const userId = async (of: TokenGrant): Promise<number> => {
    const [row] = await world.database.db.select({ id: users.id }).from(users).where(eq(users.uid, of.uid))
    if (!row) throw new Error('no such user')
    return row.id
  }

  let orderCounter = 0
  /** An order as the apply route would store it (that route is tested elsewhere). */
  const insertOrder = async (of: TokenGrant, values: Partial<typeof orders.$inferInsert> = {}): Promise<string> => {
    orderCounter += 1
    const orderId = `OTEST${orderCounter}`
    await world.database.db.insert(orders).values({
      orderId,
      userId: await userId(of),
      channel: BANK.channelId,
      channelSource: 'bank',
      sourceChannel: BANK.sourceChannel,
      plateNumber: FREE_PLATE,
      plateColor: BLUE,
      promotionChannelId: BANK.promotionChannelId,
      ...values,
    })
    return orderId
  }

  describe('checkPlateNumberUnique', () => {
    const unique = (plateNumber: string, plateColor: number, extra: Partial<PlateUniqueRequest> = {}) =>
      api.request(API.plateUnique, { plateNumber, plateColor, vehicleType: 2, ...extra })
    const resultOf = async (request: InjectOptions, as: TokenGrant = world.grant) => {
      const response = await call(request, as)
      expect(envelope(response).code).toBe(200)
      return envelope<{ data: { resultType: number } }>(response).data.data.resultType
    }

    it.each([
      ['a plate with no record', FREE_PLATE, BLUE, 1],
      ['a seeded plate with ETC', '京A00001', BLUE, 2],
      ['a seeded plate with an order elsewhere', '沪B12345', BLUE, 3],
      ['a seeded green plate with ETC', '粤BD12345', GREEN, 2],
    ])('answers %s (%s, colour %s) with resultType %s', async (_case, plate, color, expected) => {
      expect(await resultOf(unique(plate, color))).toBe(expected)
    })

    it('answers in the nested shape the app reads (data.data.resultType)', async () => {
      expect(envelope(await call(unique(FREE_PLATE, BLUE)))).toEqual({ ...OK, data: { data: { resultType: 1 } } })
    })

    it('normalises the plate before looking it up', async () => {
      expect(await resultOf(unique(' 京a00001 ', BLUE))).toBe(2)
    })

    it('answers 3 when another user has submitted an open order for the plate, 1 for the caller\'s own', async () => {
      const other = await loginBySms(world.test, OTHER_PHONE)
      await insertOrder(other, { submittedAt: world.test.clock.now() })
      expect(await resultOf(unique(FREE_PLATE, BLUE))).toBe(3)
      expect(await resultOf(unique(FREE_PLATE, BLUE), other)).toBe(1)
    })

    it('does not count another user\'s unsubmitted order: an empty squat blocks nobody', async () => {
      const other = await loginBySms(world.test, OTHER_PHONE)
      await insertOrder(other)
      expect(await resultOf(unique(FREE_PLATE, BLUE))).toBe(1)
    })

    it.each([
      ['cancelled', { cancelState: 2 }],
      ['activated', { obuActivationState: 2 }],
    ])('does not count another user\'s %s order', async (_case, values) => {
      const other = await loginBySms(world.test, OTHER_PHONE)
      await insertOrder(other, values)
      expect(await resultOf(unique(FREE_PLATE, BLUE))).toBe(1)
    })

    it.each([
      ['a plate of the wrong colour', unique(FREE_PLATE, GREEN), '车牌颜色与车牌号不符'],
      ['a special plate', unique('京A1234警', BLUE), PLATE_REASON.special],
      ['an empty plate', unique('', BLUE), PLATE_REASON.empty],
      ['an unknown colour', unique(FREE_PLATE, 9), '参数 plateColor 取值无效'],
      ['another vehicle type', unique(FREE_PLATE, BLUE, { vehicleType: 1 }), '参数 vehicleType 取值无效，可选值：2'],
      ['a huge plate', unique('京'.repeat(100_000), BLUE), '参数 plateNumber 长度不能超过140'],
    ])('answers %s with a 400 and a Chinese message', async (_case, request, msg) => {
      const response = await call(request)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ code: 400, msg, data: null })
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, unique(FREE_PLATE, BLUE), world.grant)
    })
  })

  describe('contractUserInterception', () => {
    const interception = (data: ContractInterceptionRequest) => api.request(API.contractInterception, data)
    const body = (plateNo: string, extra: Partial<ContractInterceptionRequest> = {}) => ({ plateNo, plateColor: BLUE, promotionChannelId: BANK.promotionChannelId, ...extra })

    it('lets a plate with no record through on an open channel', async () => {
      expect(envelope(await call(interception(body(FREE_PLATE))))).toEqual({ ...OK, data: { intercept: false, reason: '' } })
    })

    it('intercepts a seeded intercepted plate with a Chinese reason', async () => {
      const result = envelope<InterceptionResponse>(await call(interception(body('京A99999')))).data
      expect(result.intercept).toBe(true)
      expect(result.reason).toBe('该车辆暂不支持线上办理，请联系客服')
    })

    it('gives the reason stored with the plate rule', async () => {
      await world.database.db.update(plateRules).set({ interceptReason: '该车辆存在未结清通行费' }).where(eq(plateRules.plateNumber, '京A99999'))
      expect(envelope(await call(interception(body('京A99999')))).data).toEqual({ intercept: true, reason: '该车辆存在未结清通行费' })
    })

    it.each([
      ['a closed promotion channel', CLOSED_PROMOTION, '该推广活动已结束，暂不支持办理'],
      ['an unknown promotion channel', 'NO_SUCH_CHANNEL', '推广渠道不存在，暂不支持办理'],
    ])('intercepts %s', async (_case, promotionChannelId, reason) => {
      expect(envelope(await call(interception(body(FREE_PLATE, { promotionChannelId }))))).toEqual({ ...OK, data: { intercept: true, reason } })
    })

    it('intercepts the caller\'s own order stopped by the issuer', async () => {
      const orderId = await insertOrder(world.grant, { stockInterceptionFlag: true })
      expect(envelope(await call(interception(body(FREE_PLATE, { orderId })))).data).toEqual({
        intercept: true,
        reason: '该订单已被发行方拦截，请取消后重新办理',
      })
    })

    it('answers another user\'s order id as not found, revealing nothing', async () => {
      const other = await loginBySms(world.test, OTHER_PHONE)
      const orderId = await insertOrder(other, { stockInterceptionFlag: true })
      const response = await call(interception(body(FREE_PLATE, { orderId })))
      expect(response.json()).toEqual(ORDER_NOT_FOUND)
      expect((await call(interception(body(FREE_PLATE, { orderId: 'ONOSUCH' })))).json()).toEqual(ORDER_NOT_FOUND)
    })

    it.each([
      ['a missing promotion channel', { plateNo: FREE_PLATE, plateColor: BLUE }, '参数 promotionChannelId 不能为空'],
      ['a wrong colour', body(FREE_PLATE, { plateColor: GREEN }), '车牌颜色与车牌号不符'],
      ['a plate with I', body('京A1234I'), PLATE_REASON.letterIO],
      ['an array as the plate', body(['京A12345'] as unknown as string), '参数 plateNo 应为字符串'],
    ])('answers %s with a 400', async (_case, payload, msg) => {
      const response = await call(api.malformedRequest(API.contractInterception, payload))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, interception(body(FREE_PLATE)), world.grant)
    })
  })

  describe('channel interceptCheck', () => {
    const check = (sourceChannel: string, promotionChannelId: string) => api.request(API.channelInterceptCheck, { sourceChannel, promotionChannelId })

    it('lets an open channel of the source\'s profile through', async () => {
      expect(envelope(await call(check(BANK.sourceChannel, BANK.promotionChannelId)))).toEqual({ ...OK, data: { intercept: false, reason: '' } })
      expect(envelope<InterceptionResponse>(await call(check(MAP.sourceChannel, MAP.promotionChannelId))).data.intercept).toBe(false)
    })

    it.each([
      ['an intercepted channel', BANK.sourceChannel, CLOSED_PROMOTION, '该推广活动已结束，暂不支持办理'],
      ['an unknown channel', BANK.sourceChannel, 'NO_SUCH_CHANNEL', '推广渠道不存在，暂不支持办理'],
      ['another profile\'s channel', MAP.sourceChannel, BANK.promotionChannelId, '该推广活动不适用于当前渠道'],
      ['an unknown source channel', 'NO_SUCH_SOURCE', BANK.promotionChannelId, '该推广活动不适用于当前渠道'],
    ])('intercepts %s', async (_case, source, promotion, reason) => {
      expect(envelope(await call(check(source, promotion))).data).toEqual({ intercept: true, reason })
    })

    it('intercepts a channel whose promotion was ended in the world.database', async () => {
      await world.database.db.update(promotionChannels).set({ effective: false }).where(eq(promotionChannels.id, BANK.promotionChannelId))
      expect(envelope<InterceptionResponse>(await call(check(BANK.sourceChannel, BANK.promotionChannelId))).data.intercept).toBe(true)
    })

    it('answers a malformed body with a 400', async () => {
      const response = await call(api.malformedRequest(API.channelInterceptCheck, { sourceChannel: BANK.sourceChannel }))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('参数 promotionChannelId 不能为空')
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, check(BANK.sourceChannel, BANK.promotionChannelId), world.grant)
    })
  })

  describe('checkApplyPlateNumber', () => {
    const checkPlate = (plateNumber: string) => api.request(API.checkApplyPlate, { plateNumber })

    it('answers the white-list flag and the seeded window switches', async () => {
      expect(envelope(await call(checkPlate('京A88888')))).toEqual({
        ...OK,
        data: { isWhiteNo: true, windowSwitchOneZs: true, windowSwitchTwoZs: true },
      })
      expect(envelope(await call(checkPlate(FREE_PLATE))).data).toEqual({ isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: true })
    })

    it('follows the switches and rules edited in the world.database', async () => {
      await world.database.db.update(appConfigs).set({ switchStatus: 0 }).where(eq(appConfigs.key, APP_CONFIG_KEY.windowSwitchTwo))
      await world.database.db.update(plateRules).set({ isWhiteNo: false }).where(eq(plateRules.plateNumber, '京A88888'))
      expect(envelope(await call(checkPlate('京a88888'))).data).toEqual({ isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: false })
    })

    it('answers a missing or repeated plate parameter with a 400', async () => {
      const missing = await call(api.malformedRequest(API.checkApplyPlate, undefined))
      expect(missing.statusCode).toBe(400)
      expect(envelope(missing).msg).toBe('参数 plateNumber 不能为空')
      const repeated = await call({ method: 'GET', url: `${API.checkApplyPlate.path}?plateNumber=${encodeURIComponent(FREE_PLATE)}&plateNumber=x` })
      expect(repeated.statusCode).toBe(400)
      expect(envelope(repeated).msg).toBe('参数 plateNumber 应为字符串')
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, checkPlate(FREE_PLATE), world.grant)
    })
  })
})
