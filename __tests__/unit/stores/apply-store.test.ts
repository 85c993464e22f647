import { EMPTY_APPLY_FORM } from '../../../src/domain/apply-form'
import { entryFromText } from '../../../src/domain/plate-entry'
import type { ApplyDraft } from '../../../types/api/apply'
import type { OrderDetail } from '../../../types/api/orders'
import { CERTIFICATE } from '../../../src/domain/certificates'
import { PAY_STATE, PLATE_COLOR } from '../../../src/domain/enums'
import { detail } from '../../support/order-fixtures'
import { form, memoryBackend, setup } from './apply-setup'

describe('ApplyStore plate check', () => {
  it('opens no order for a refused plate, nor when a check fails', async () => {
    const invalid = setup()
    invalid.store.setPlate(entryFromText('京A12'))
    await expect(invalid.plateStep.submitPlate()).resolves.toMatchObject({ kind: 'invalid' })
    const taken = setup({ plateUnique: async () => ({ data: { resultType: 2 } }) })
    taken.store.setPlate(entryFromText('京A12345'))
    await expect(taken.plateStep.submitPlate()).resolves.toEqual({ kind: 'taken', message: '该车辆已办理ETC' })
    const failing = setup({ contractInterception: () => Promise.reject(new Error('拦截查询失败')) })
    failing.store.setPlate(entryFromText('京A12345'))
    await expect(failing.plateStep.submitPlate()).rejects.toThrow('拦截查询失败')
    expect([invalid.sent, taken.sent, failing.sent, failing.store.orderId]).toEqual([[], [], [], undefined])
  })

  it("settles arrived promotion ids before a well-formed plate is checked; the default's info is not waited for; a failed settle opens no order", async () => {
    const order: string[] = []
    const ready = setup({ plateUnique: async () => (order.push('plateUnique'), { data: { resultType: 1 } }) })
    ready.plateDeps.promotionReady = () => (order.push('promotionReady'), new Promise<void>(() => undefined))
    ready.store.setPlate(entryFromText('京A1'))
    await ready.plateStep.submitPlate()
    expect(order).toEqual([])
    // The default promotion: the server records its activity, so neither the checks nor the new
    // order ask for its info (it would never answer here).
    ready.store.setPlate(entryFromText('京A12345'))
    await expect(ready.plateStep.submitPlate()).resolves.toEqual({ kind: 'created', orderId: 'ETC1' })
    expect(order).toEqual(['plateUnique'])

    // Arrived ids: the checks name the promotion the server's verdict leaves.
    const arrived = setup({ plateUnique: async () => (order.push('plateUnique'), { data: { resultType: 1 } }) })
    order.length = 0
    arrived.plateDeps.promotionPending = () => true
    let settled: () => void = () => undefined
    arrived.plateDeps.promotionReady = () => (order.push('promotionReady'), new Promise<void>((resolve) => (settled = resolve)))
    arrived.store.setPlate(entryFromText('京A12345'))
    const checked = arrived.plateStep.submitPlate()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(order).toEqual(['promotionReady'])
    settled()
    await checked
    expect(order).toEqual(['promotionReady', 'plateUnique'])

    const failing = setup()
    failing.plateDeps.promotionPending = () => true
    failing.plateDeps.promotionReady = () => Promise.reject(new Error('网络错误'))
    failing.store.setPlate(entryFromText('京A12345'))
    await expect(failing.plateStep.submitPlate()).rejects.toThrow('网络错误')
    expect([failing.sent, failing.store.orderId]).toEqual([[], undefined])
  })

  it('goes on with the person\'s own open order where it stands, and sends a failed one to the reapply guide', async () => {
    const existing = detail({ orderId: 'OLD', depositPayState: null, certificatesCommitSate: 1, completeness: { owner: true, vehicle: true, delivery: true, commodity: false, submitted: false } })
    const resume = setup({
      currentProcessByPlate: async () => existing,
      checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: true }),
    })
    resume.store.setPlate(entryFromText('京A12345'))
    await expect(resume.plateStep.submitPlate()).resolves.toEqual({ kind: 'resume', orderId: 'OLD', orderSource: 0, next: 'continue', step: 'photos' })
    expect([resume.store.orderId, resume.store.certificates, resume.sent]).toEqual(['OLD', 1, []])
    const rejected = detail({ orderId: 'OLD', depositPayState: 5, auditState: 3 })
    const guide = setup({
      currentProcessByPlate: async () => rejected,
      checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: false }),
    })
    guide.store.setPlate(entryFromText('京A12345'))
    await expect(guide.plateStep.submitPlate()).resolves.toEqual({ kind: 'reapply', orderId: 'OLD', reapplyType: 2 })
  })

  it('opens no order while new applications are paused, and keeps what the switch said for the page', async () => {
    const paused = setup({ newApplySwitch: async () => ({ allowNewApply: false, reason: '系统升级维护中' }) })
    expect(paused.plateStep.newApply).toBeUndefined()
    paused.store.setPlate(entryFromText('京A12345'))
    await expect(paused.plateStep.submitPlate()).resolves.toEqual({ kind: 'paused', reason: '系统升级维护中' })
    expect([paused.sent, paused.store.orderId, paused.plateStep.newApply]).toEqual([[], undefined, { paused: true, reason: '系统升级维护中' }])

    // Opened again: the next read says so, and the next tap opens the order.
    paused.plateDeps.api.newApplySwitch = async () => ({ allowNewApply: true, reason: '' })
    await paused.plateStep.readNewApplySwitch()
    expect(paused.plateStep.newApply).toEqual({ paused: false })
    await expect(paused.plateStep.submitPlate()).resolves.toEqual({ kind: 'created', orderId: 'ETC1' })
  })

  it('resumes the open order of a plate while new applications are paused', async () => {
    const resume = setup({
      currentProcessByPlate: async () => detail({ orderId: 'OLD', certificatesCommitSate: 1 }),
      newApplySwitch: async () => ({ allowNewApply: false, reason: '' }),
    })
    resume.store.setPlate(entryFromText('京A12345'))
    await expect(resume.plateStep.submitPlate()).resolves.toMatchObject({ kind: 'resume', orderId: 'OLD', next: 'continue' })
    expect([resume.store.orderId, resume.sent]).toEqual(['OLD', []])
  })

  it('opens no order the risk review refuses', async () => {
    const refused = setup({ requiredRisk: async () => ({ required: true, reason: '该车辆暂未通过风险审核' }) })
    refused.store.setPlate(entryFromText('京A77777'))
    await expect(refused.plateStep.submitPlate()).resolves.toEqual({ kind: 'refused', reason: '该车辆暂未通过风险审核' })
    expect([refused.sent, refused.store.orderId]).toEqual([[], undefined])
    const failing = setup({ requiredRisk: () => Promise.reject(new Error('风控服务繁忙')) })
    failing.store.setPlate(entryFromText('京A12345'))
    await expect(failing.plateStep.submitPlate()).rejects.toThrow('风控服务繁忙')
    expect(failing.sent).toEqual([])
  })

  it('opens the order with step 1 once, even on a double tap', async () => {
    const { store, plateStep, sent } = setup()
    store.setPlate(entryFromText('京A12345'))
    const [a, b] = await Promise.all([plateStep.submitPlate(), plateStep.submitPlate()])
    expect(a).toEqual({ kind: 'created', orderId: 'ETC1' })
    expect(b).toBe(a)
    expect(sent.map((payload) => payload.stepId)).toEqual([1])
    expect(sent[0]).toMatchObject({ plateNumber: '京A12345', plateColor: 1, channelSource: 'bank', uid: 'uid-1', activitySource: 7 })
    expect(sent[0]?.owner).toBeUndefined()
  })
})

describe('ApplyStore form and steps', () => {
  it('sends the normalised form with step 2 and saves the draft to the server at that boundary', async () => {
    const { store, plateStep, sent, drafts } = setup()
    store.setPlate(entryFromText('京A12345'))
    await plateStep.submitPlate()
    for (const [field, value] of Object.entries(form)) store.form.setField(field as keyof typeof form, value)
    expect(store.form.validateAll()).toBe(true)
    await store.saveInformation()
    expect(sent[1]).toMatchObject({
      stepId: 2,
      orderId: 'ETC1',
      owner: { ownerName: '张三', idNumber: '11010519491231002X', mobile: '13800138000' },
      vehicle: { vin: 'LFV2A21K157402375' },
      delivery: { method: '2' },
    })
    expect(drafts).toHaveLength(1)
  })

  it('keeps the submit step unsent while the server says something is missing', async () => {
    const { store, plateStep } = setup({
      apply: async (payload) => ({ orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 3, depositPayState: 2, missing: ['车头照片'] }),
    })
    store.setPlate(entryFromText('京A12345'))
    await plateStep.submitPlate()
    await expect(store.submit()).resolves.toMatchObject({ missing: ['车头照片'] })
    expect(store.submitted).toBe(false)
  })

  it('takes the certificate mask from each upload, one upload per photo at a time', async () => {
    let uploads = 0
    const { store, plateStep } = setup({ uploadPhoto: async () => (uploads++, { fileId: 'f', url: '/f', certificatesCommitSate: 3 }) })
    await expect(store.uploadPhoto({ kind: 'drivingLicense' }, '/tmp/a.jpg')).rejects.toThrow('请先填写车牌号')
    store.setPlate(entryFromText('京A12345'))
    await plateStep.submitPlate()
    await Promise.all([store.uploadPhoto({ kind: 'drivingLicense' }, '/a'), store.uploadPhoto({ kind: 'drivingLicense' }, '/a')])
    expect([uploads, store.certificates]).toEqual([1, 3])
  })
})

describe('ApplyStore resumes an order from the order pages', () => {
  const order = (overrides: Partial<OrderDetail> = {}): OrderDetail =>
    detail({ orderId: 'ETC9', plateNumber: '粤BD12345', plateColor: PLATE_COLOR.GREEN, commodityId: 'C1', ...overrides })

  it('adopts another order: its plate and package, a fresh form, and goes where it is missing', () => {
    const { store } = setup()
    store.form.setField('ownerName', '李四')
    expect(store.resumeOrder(order())).toBe('information')
    expect([store.orderId, store.plateNumber, store.plate.kind, store.commodityId]).toEqual(['ETC9', '粤BD12345', 'green', 'C1'])
    expect(store.form.values.ownerName).toBe('')
  })

  it('keeps what was typed for the same order, and answers payment once all is submitted', async () => {
    const { store, plateStep } = setup({ apply: async (payload) => ({ orderId: 'ETC9', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: 2, missing: [] }) })
    store.setPlate(entryFromText('粤BD12345'))
    await plateStep.submitPlate()
    store.form.setField('ownerName', '李四')
    const complete = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true }
    const all = CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT
    expect(store.resumeOrder(order({ completeness: complete, certificatesCommitSate: all }))).toBe('payment')
    expect(store.form.values.ownerName).toBe('李四')
    expect(store.submitted).toBe(true)
    expect(store.resumeOrder(order({ completeness: complete, certificatesCommitSate: CERTIFICATE.ID_CARD }))).toBe('photos')
  })
})

describe("ApplyStore restores the server's draft", () => {
  async function typedElsewhere() {
    const elsewhere = setup()
    elsewhere.store.setPlate(entryFromText('京A12345'))
    await elsewhere.plateStep.submitPlate()
    for (const [field, value] of Object.entries(form)) elsewhere.store.form.setField(field as keyof typeof form, value)
    await elsewhere.store.saveInformation()
    return elsewhere.drafts.at(-1) as ApplyDraft
  }

  it('fills an empty form of the same order from the draft saved on another device', async () => {
    const draft = await typedElsewhere()
    const { store, plateStep } = setup({ loadDraft: async () => draft })
    store.setPlate(entryFromText('京A12345'))
    await plateStep.submitPlate()
    await expect(store.restoreServerDraft()).resolves.toBe(true)
    expect(store.form.values).toEqual({ ...form, idNumber: '11010519491231002X', vin: 'LFV2A21K157402375' })
  })

  it('never overwrites what was typed here, nor fills another order, nor fails on an error', async () => {
    const draft = await typedElsewhere()
    const typed = setup({ loadDraft: async () => draft })
    typed.store.setPlate(entryFromText('京A12345'))
    await typed.plateStep.submitPlate()
    typed.store.form.setField('ownerName', '李四')
    await expect(typed.store.restoreServerDraft()).resolves.toBe(false)
    expect(typed.store.form.values.ownerName).toBe('李四')

    const other = setup({ loadDraft: async () => ({ ...draft, orderId: 'ETC-OTHER' }) })
    other.store.setPlate(entryFromText('京A12345'))
    await other.plateStep.submitPlate()
    await expect(other.store.restoreServerDraft()).resolves.toBe(false)

    const failing = setup({ loadDraft: () => Promise.reject(new Error('网络异常')) })
    failing.store.setPlate(entryFromText('京A12345'))
    await failing.plateStep.submitPlate()
    await expect(failing.store.restoreServerDraft()).resolves.toBe(false)
    expect(failing.store.form.values).toEqual(EMPTY_APPLY_FORM)
  })
})

describe('ApplyStore lets go of a cancelled order', () => {
  it('keeps the plate and the form, and starts the next order from its first step', async () => {
    const { store, plateStep, sent, cancel } = setup()
    store.setPlate(entryFromText('京A12345'))
    await plateStep.submitPlate()
    store.form.setField('ownerName', '张三')
    cancel('ANOTHER')
    expect(store.orderId).toBe('ETC1')
    cancel('ETC1')
    expect([store.orderId, store.sentSteps, store.plateNumber, store.form.values.ownerName]).toEqual([undefined, [], '京A12345', '张三'])
    await plateStep.submitPlate()
    expect(sent.at(-1)).not.toHaveProperty('orderId')
  })
})

describe('ApplyStore keeps the ID card sides of its order', () => {
  it('records each side once, keeps them across a reload, and forgets them with the order', async () => {
    const backend = memoryBackend()
    const { store, plateStep } = setup({}, backend)
    store.setPlate(entryFromText('京A12345'))
    await plateStep.submitPlate()
    await store.uploadPhoto({ kind: 'idCard', side: 'front' }, '/a.jpg')
    await store.uploadPhoto({ kind: 'idCard', side: 'front' }, '/a.jpg')
    await store.uploadPhoto({ kind: 'drivingLicense' }, '/b.jpg')
    expect(store.idCardSides).toEqual(['front'])
    expect(setup({}, backend).store.idCardSides).toEqual(['front'])
    store.setPlate(entryFromText('京B12345'))
    expect(store.idCardSides).toEqual([])
  })
})

describe("ApplyStore names the order's promotion once the order exists", () => {
  const FIRST = { promotionChannelId: 'PC-FIRST', partnerId: 'PT-1', promoterId: 'PR-1' }
  const LATER = { promotionChannelId: 'PC-LATER', partnerId: '', promoterId: '' }

  /** A store whose visit arrived under FIRST, then moved on to LATER (another landing page). */
  async function openedUnderFirst(backend = memoryBackend()) {
    const world = setup({}, backend)
    let visit = FIRST
    world.deps.promotion = () => visit
    world.store.setPlate(entryFromText('京A12345'))
    await world.plateStep.submitPlate()
    visit = LATER
    return world
  }

  it('sends it on the later steps and the hand-over, whatever promotion the visit is in now', async () => {
    const { store, sent, deps } = await openedUnderFirst()
    const pushed: string[] = []
    // A free order: the final commit hands it to its issuer at once.
    const answer = deps.api.apply
    deps.api.apply = (payload) => answer(payload).then((response) => ({ ...response, depositPayState: PAY_STATE.NOT_NEEDED }))
    deps.api.push = async (orderId, promotionChannelId) => (pushed.push(promotionChannelId), { orderId, pushed: true, issuerReceivedAt: null })
    for (const [field, value] of Object.entries(form)) store.form.setField(field as keyof typeof form, value)
    await store.saveInformation()
    await store.submit()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent.map((payload) => [payload.stepId, payload.promotionChannelId, payload.partnerId])).toEqual([
      [1, 'PC-FIRST', 'PT-1'],
      [2, 'PC-FIRST', 'PT-1'],
      [200, 'PC-FIRST', 'PT-1'],
    ])
    expect(pushed).toEqual(['PC-FIRST'])
    expect([store.promotionOf('ETC1'), store.promotionOf('ETC2')]).toEqual(['PC-FIRST', undefined])
  })

  it('keeps it across a reload, and opens a new order (another plate) under the visit’s', async () => {
    const backend = memoryBackend()
    await openedUnderFirst(backend)
    const reloaded = setup({}, backend)
    reloaded.deps.promotion = () => LATER
    const answer = reloaded.deps.api.apply
    reloaded.deps.api.apply = (payload) => answer(payload).then((response) => ({ ...response, orderId: 'ETC2' }))
    expect(reloaded.store.promotionOf('ETC1')).toBe('PC-FIRST')
    reloaded.store.setPlate(entryFromText('京B12345'))
    await reloaded.plateStep.submitPlate()
    expect(reloaded.sent.map((payload) => payload.promotionChannelId)).toEqual(['PC-LATER'])
    expect(reloaded.store.promotionOf('ETC2')).toBe('PC-LATER')
  })

  it("takes a resumed order's own promotion from its detail", () => {
    const { store } = setup()
    store.resumeOrder(detail({ orderId: 'ETC9', plateNumber: '粤B12345', promotionChannelId: 'PC-OF-ORDER', partnerId: null, promoterId: null }))
    expect(store.promotionOf('ETC9')).toBe('PC-OF-ORDER')
  })
})
