import { CHANNELS } from '../../../src/config/channel'
import { NEW_APPLY_PAUSED, RISK_REFUSED } from '../../../src/domain/apply-checks'
import { parsePlate } from '../../../src/domain/plate'
import { checkPlate } from '../../../src/stores/plate-decision'
import type { PlateChecks, PlateQuestion } from '../../../src/stores/plate-decision'
import { detail } from '../../support/order-fixtures'

const CHANNEL_ID = CHANNELS.bank.defaultPromotion.promotionChannelId
const SUBMITTED = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true } as const

function fakeChecks(overrides: Partial<PlateChecks> = {}) {
  const asked: string[] = []
  const checks: PlateChecks = {
    plateUnique: async () => (asked.push('unique'), { data: { resultType: 1 } }),
    contractInterception: async () => (asked.push('interception'), { intercept: false, reason: '' }),
    checkApplyPlate: async () => (asked.push('apply plate'), { isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: false }),
    currentProcessByPlate: async () => (asked.push('open order'), null),
    newApplySwitch: async () => (asked.push('new apply'), { allowNewApply: true, reason: '' }),
    requiredRisk: async () => (asked.push('risk'), { required: false, reason: '' }),
    ...overrides,
  }
  return { checks, asked }
}

const question = (plateNumber: string, orderId?: string): PlateQuestion => ({ plate: parsePlate(plateNumber), promotionChannelId: CHANNEL_ID, orderId })

describe('checkPlate', () => {
  it('refuses an invalid plate with the domain reason, without a call', async () => {
    const { checks, asked } = fakeChecks()
    await expect(checkPlate(checks, question('京A12'))).resolves.toMatchObject({ kind: 'invalid' })
    expect(asked).toEqual([])
  })

  it.each([2, 3])('says a plate with uniqueness result %i already has ETC', async (resultType) => {
    const { checks } = fakeChecks({ plateUnique: async () => ({ data: { resultType: resultType as 2 | 3 } }) })
    await expect(checkPlate(checks, question('京A12345'))).resolves.toEqual({ kind: 'taken', message: '该车辆已办理ETC' })
  })

  it("says when another applicant's unpaid hold frees the plate, and the plain message for an unreadable time", async () => {
    const held = fakeChecks({ plateUnique: async () => ({ data: { resultType: 3, releaseAt: '2026-03-01T08:30:00.000Z' } }) })
    await expect(checkPlate(held.checks, question('京A12345'))).resolves.toEqual({
      kind: 'taken',
      message: '该车辆已有其他申请人提交办理申请，若对方未支付，车牌将于16:30释放',
      releaseAt: '2026-03-01T08:30:00.000Z',
    })
    const garbled = fakeChecks({ plateUnique: async () => ({ data: { resultType: 3, releaseAt: 'soon' } }) })
    await expect(checkPlate(garbled.checks, question('京A12345'))).resolves.toEqual({ kind: 'taken', message: '该车辆已办理ETC' })
  })

  it('stops an intercepted plate with its reason', async () => {
    const { checks } = fakeChecks({ contractInterception: async () => ({ intercept: true, reason: '' }) })
    await expect(checkPlate(checks, question('京A12345'))).resolves.toEqual({ kind: 'intercepted', reason: '该车辆暂不支持线上办理' })
  })

  it('asks the interception check about the plate, the promotion and the order held', async () => {
    const requests: unknown[] = []
    const { checks } = fakeChecks({ contractInterception: async (request) => (requests.push(request), { intercept: false, reason: '' }) })
    await checkPlate(checks, question('京A12345'))
    await checkPlate(checks, question('京A12345', 'ETC1'))
    expect(requests).toEqual([
      { plateNo: '京A12345', plateColor: 1, promotionChannelId: CHANNEL_ID },
      { plateNo: '京A12345', plateColor: 1, promotionChannelId: CHANNEL_ID, orderId: 'ETC1' },
    ])
  })

  // Issue 25's first dead end: the person's own minutes-old draft was sent to 历史订单处理 by the
  // window switches. Their own order goes on where it stands, whatever the switches say.
  it.each([
    ['a draft', { depositPayState: null, certificatesCommitSate: 1 }, 'continue'],
    ['a submitted, unpaid order', { depositPayState: 2, completeness: { ...SUBMITTED } }, 'pay'],
    ['an order whose payment was left', { depositPayState: 3, completeness: { ...SUBMITTED } }, 'repay'],
    ['an order whose payment failed', { depositPayState: 4, completeness: { ...SUBMITTED } }, 'repay'],
    ['a paid order waiting for its audit', { depositPayState: 5, completeness: { ...SUBMITTED } }, 'track'],
    ['a device waiting to be activated', { depositPayState: 5, auditState: 2, supplierAuditState: 2, obuActivationState: 1, completeness: { ...SUBMITTED } }, 'activate'],
  ] as const)('resumes %s of the person\'s own where it stands, with every switch on: %s', async (_case, fields, next) => {
    const existing = detail({ orderId: 'OWN', ...fields })
    const { checks } = fakeChecks({
      currentProcessByPlate: async () => existing,
      checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: true }),
    })
    const reapplyChecked = jest.spyOn(checks, 'checkApplyPlate')
    await expect(checkPlate(checks, question('京A12345'))).resolves.toEqual({ kind: 'resume', order: existing, next })
    expect(reapplyChecked).not.toHaveBeenCalled()
  })

  it('sends a failed order to the guide with the reapply rule\'s type, and to cancel-and-reapply where the rule lets it through', async () => {
    const rejected = detail({ orderId: 'OLD', depositPayState: 5, auditState: 3, completeness: { ...SUBMITTED } })
    const two = fakeChecks({
      currentProcessByPlate: async () => rejected,
      checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: true }),
    })
    const reapplyChecked = jest.spyOn(two.checks, 'checkApplyPlate')
    await expect(checkPlate(two.checks, question('京A12345'))).resolves.toEqual({ kind: 'reapply', orderId: 'OLD', reapplyType: 2 })
    expect(reapplyChecked).toHaveBeenCalledWith('京A12345')
    const whitePaid = fakeChecks({
      currentProcessByPlate: async () => rejected,
      checkApplyPlate: async () => ({ isWhiteNo: true, windowSwitchOneZs: true, windowSwitchTwoZs: true }),
    })
    await expect(checkPlate(whitePaid.checks, question('京A12345'))).resolves.toEqual({ kind: 'reapply', orderId: 'OLD', reapplyType: 2 })
    const intercepted = fakeChecks({ currentProcessByPlate: async () => detail({ orderId: 'OLD', depositPayState: 2, stockInterceptionFlag: true }) })
    await expect(checkPlate(intercepted.checks, question('京A12345'))).resolves.toEqual({ kind: 'reapply', orderId: 'OLD', reapplyType: 2 })
  })

  it('finds a free plate when nothing stands in the way, after the switch and the risk review', async () => {
    const { checks, asked } = fakeChecks()
    await expect(checkPlate(checks, question('京A12345'))).resolves.toEqual({ kind: 'free' })
    expect(asked).toEqual(['unique', 'interception', 'open order', 'new apply', 'risk'])
  })

  it('goes on with an open order whatever the new-apply switch and the risk review say', async () => {
    const kinds = [
      detail({ orderId: 'OLD', stockInterceptionFlag: true }),
      detail({ orderId: 'OLD', bizType: 1 }),
      detail({ orderId: 'OLD', depositPayState: 5, completeness: { ...SUBMITTED } }),
    ]
    for (const existing of kinds) {
      const { checks } = fakeChecks({
        currentProcessByPlate: async () => existing,
        newApplySwitch: async () => ({ allowNewApply: false, reason: '' }),
        requiredRisk: async () => ({ required: true, reason: '风控拒绝' }),
      })
      await expect(checkPlate(checks, question('京A12345'))).resolves.toMatchObject({ kind: expect.stringMatching(/^(resume|reapply)$/) })
    }
  })

  it('resumes an open order while new applications are paused, and a failed switch does not stop it', async () => {
    const existing = detail({ orderId: 'OPEN', certificatesCommitSate: 3 })
    const paused = fakeChecks({ currentProcessByPlate: async () => existing, newApplySwitch: async () => ({ allowNewApply: false, reason: '' }) })
    await expect(checkPlate(paused.checks, question('京A12345'))).resolves.toEqual({ kind: 'resume', order: existing, next: 'continue' })
    const failing = fakeChecks({ currentProcessByPlate: async () => existing, newApplySwitch: () => Promise.reject(new Error('网络错误')) })
    await expect(checkPlate(failing.checks, question('京A12345'))).resolves.toEqual({ kind: 'resume', order: existing, next: 'continue' })
  })

  it('pauses a new application while the switch is off, with the operator\'s reason or the default, whatever the risk review says', async () => {
    const withReason = fakeChecks({ newApplySwitch: async () => ({ allowNewApply: false, reason: '系统升级维护中' }), requiredRisk: async () => ({ required: true, reason: '风控拒绝' }), })
    await expect(checkPlate(withReason.checks, question('京A12345'))).resolves.toEqual({ kind: 'paused', reason: '系统升级维护中' })
    const without = fakeChecks({ newApplySwitch: async () => ({ allowNewApply: false, reason: '' }) })
    await expect(checkPlate(without.checks, question('京A12345'))).resolves.toEqual({ kind: 'paused', reason: NEW_APPLY_PAUSED.reason })
  })

  it('fails a new application whose switch could not be read', async () => {
    const { checks } = fakeChecks({ newApplySwitch: () => Promise.reject(new Error('网络错误')), requiredRisk: async () => ({ required: true, reason: '风控拒绝' }), })
    await expect(checkPlate(checks, question('京A12345'))).rejects.toThrow('网络错误')
  })

  it('refuses what the risk review refuses, with its reason, asking it about the plate and the promotion', async () => {
    const requests: unknown[] = []
    const { checks } = fakeChecks({
      requiredRisk: async (plateNumber, promotionChannelId) => (requests.push([plateNumber, promotionChannelId]), { required: true, reason: '风控拒绝' }),
    })
    await expect(checkPlate(checks, question('京a12345'))).resolves.toEqual({ kind: 'refused', reason: '风控拒绝' })
    expect(requests).toEqual([['京A12345', CHANNEL_ID]])
    const noReason = fakeChecks({ requiredRisk: async () => ({ required: true, reason: '' }) })
    await expect(checkPlate(noReason.checks, question('京A12345'))).resolves.toEqual({ kind: 'refused', reason: RISK_REFUSED.reason })
  })

  it('decides a taken or intercepted plate before the switch and the risk review (refusing or failing)', async () => {
    const taken = fakeChecks({
      plateUnique: async () => ({ data: { resultType: 2 } }),
      newApplySwitch: async () => ({ allowNewApply: false, reason: '' }),
      requiredRisk: () => Promise.reject(new Error('not asked')),
    })
    await expect(checkPlate(taken.checks, question('京A12345'))).resolves.toMatchObject({ kind: 'taken' })
    const intercepted = fakeChecks({
      contractInterception: async () => ({ intercept: true, reason: '拦截' }),
      requiredRisk: () => Promise.reject(new Error('not asked')),
    })
    await expect(checkPlate(intercepted.checks, question('京A12345'))).resolves.toEqual({ kind: 'intercepted', reason: '拦截' })
  })

  it('asks the plate checks together, and decides in their order whichever answers first', async () => {
    const asked: string[] = []
    let answerUnique: (answer: Awaited<ReturnType<PlateChecks['plateUnique']>>) => void = () => undefined
    const taken = fakeChecks({
      plateUnique: () => (asked.push('unique'), new Promise((resolve) => (answerUnique = resolve))),
      contractInterception: async () => (asked.push('interception'), { intercept: true, reason: '' }),
      currentProcessByPlate: () => (asked.push('open order'), Promise.reject(new Error('网络错误'))),
    })
    const decision = checkPlate(taken.checks, question('京A12345'))
    await Promise.resolve()
    expect(asked).toEqual(['unique', 'interception', 'open order'])
    // The switch and the risk review were asked in the same turn, before any check answered.
    expect(taken.asked).toEqual(['new apply', 'risk'])
    answerUnique({ data: { resultType: 2 } })
    await expect(decision).resolves.toEqual({ kind: 'taken', message: '该车辆已办理ETC' })

    const failing = fakeChecks({
      contractInterception: () => Promise.reject(new Error('拦截查询失败')),
      currentProcessByPlate: () => Promise.reject(new Error('网络错误')),
    })
    await expect(checkPlate(failing.checks, question('京A12345'))).rejects.toThrow('拦截查询失败')
  })
})
