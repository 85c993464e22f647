import { CHANNELS } from '../../../src/config/channel'
import { checkPlate } from '../../../src/stores/plate-decision'
import type { PlateChecks, PlateQuestion } from '../../../src/stores/plate-decision'
import { detail } from '../../support/order-fixtures'

const CHANNEL_ID = CHANNELS.bank.defaultPromotion.promotionChannelId

function fakeChecks(overrides: Partial<PlateChecks> = {}) {
  const asked: string[] = []
  const checks: PlateChecks = {
    plateUnique: async () => (asked.push('unique'), { data: { resultType: 1 } }),
    contractInterception: async () => (asked.push('interception'), { intercept: false, reason: '' }),
    checkApplyPlate: async () => (asked.push('apply plate'), { isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: false }),
    currentProcessByPlate: async () => (asked.push('open order'), null),
    ...overrides,
  }
  return { checks, asked }
}

const question = (plateNumber: string, orderId?: string): PlateQuestion => ({ plateNumber, promotionChannelId: CHANNEL_ID, orderId })

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

  it('sends the user with a historical order to the reapply guide, or resumes it', async () => {
    const existing = detail({ orderId: 'OLD', depositPayState: 2, certificatesCommitSate: 1 })
    const guide = fakeChecks({
      currentProcessByPlate: async () => existing,
      checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: false }),
    })
    await expect(checkPlate(guide.checks, question('京A12345'))).resolves.toEqual({ kind: 'reapply', orderId: 'OLD', reapplyType: 1 })
    const resume = fakeChecks({ currentProcessByPlate: async () => existing })
    await expect(checkPlate(resume.checks, question('京A12345'))).resolves.toEqual({ kind: 'resume', orderId: 'OLD', certificates: 1 })
  })

  it('finds a free plate when nothing stands in the way', async () => {
    const { checks, asked } = fakeChecks()
    await expect(checkPlate(checks, question('京A12345'))).resolves.toEqual({ kind: 'free' })
    expect(asked).toEqual(['unique', 'interception', 'open order'])
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
    answerUnique({ data: { resultType: 2 } })
    await expect(decision).resolves.toEqual({ kind: 'taken', message: '该车辆已办理ETC' })

    const failing = fakeChecks({
      contractInterception: () => Promise.reject(new Error('拦截查询失败')),
      currentProcessByPlate: () => Promise.reject(new Error('网络错误')),
    })
    await expect(checkPlate(failing.checks, question('京A12345'))).rejects.toThrow('拦截查询失败')
  })
})
