import { CHANNELS } from '../../../src/config/channel'
import { EMPTY_APPLY_FORM } from '../../../src/domain/apply-form'
import { entryFromText } from '../../../src/domain/plate-entry'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import type { StringStorage } from '../../../src/platform/secure-storage'
import { APPLY_STORAGE, ApplyStore } from '../../../src/stores/apply-store'
import type { ApplyStoreApi, ApplyStoreDeps } from '../../../src/stores/apply-store'
import type { ApplyDraft, ApplyPayload } from '../../../types/api/apply'
import type { OrderDetail } from '../../../types/api/orders'
import { CERTIFICATE } from '../../../src/domain/certificates'
import { PLATE_COLOR } from '../../../src/domain/enums'
import { detail } from '../../support/order-fixtures'

const KEY = 'b'.repeat(64)

function memoryBackend(): StringStorage & { raw: Map<string, string> } {
  const raw = new Map<string, string>()
  return { raw, getString: (k) => raw.get(k), setString: (k, v) => void raw.set(k, v), remove: (k) => void raw.delete(k) }
}

const form = {
  ...EMPTY_APPLY_FORM,
  ownerName: '张三',
  idNumber: '11010519491231002x',
  mobile: '13800138000',
  vehicleInfo: '大众汽车牌FV7152FBDBG',
  vin: 'lfv2a21k157402375',
  engineNo: 'EA211-123456',
  deliveryMethod: '2' as const,
}

function setup(overrides: Partial<ApplyStoreApi> = {}, backend = memoryBackend()) {
  const sent: ApplyPayload[] = []
  const drafts: unknown[] = []
  const api: ApplyStoreApi = {
    plateUnique: async () => ({ data: { resultType: 1 } }),
    contractInterception: async () => ({ intercept: false, reason: '' }),
    checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: false }),
    currentProcessByPlate: async () => null,
    apply: async (payload) => {
      sent.push(payload)
      return { orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: 2, missing: [] }
    },
    saveDraft: async (draft) => (drafts.push(draft), { savedAt: 'now' }),
    loadDraft: async () => drafts.at(-1) as ApplyDraft | undefined,
    uploadPhoto: async () => ({ fileId: 'f', url: '/f', certificatesCommitSate: 2 }),
    ...overrides,
  }
  const storage = createSecureStorage({ backend, keyHex: KEY, prefix: 'etc_bank_' })
  const deps: ApplyStoreDeps = {
    api,
    storage,
    channel: CHANNELS.bank,
    promotion: () => CHANNELS.bank.defaultPromotion,
    uid: () => 'uid-1',
    activitySource: () => 7,
    now: () => 1_700_000_000_000,
  }
  return { store: new ApplyStore(deps), sent, drafts, backend, deps }
}

describe('ApplyStore plate check', () => {
  it('refuses an invalid plate with the domain reason, without a call', async () => {
    const { store, sent } = setup()
    store.setPlate(entryFromText('京A12'))
    await expect(store.submitPlate()).resolves.toMatchObject({ kind: 'invalid' })
    expect(sent).toEqual([])
  })

  it.each([2, 3])('says a plate with uniqueness result %i already has ETC', async (resultType) => {
    const { store, sent } = setup({ plateUnique: async () => ({ data: { resultType: resultType as 2 | 3 } }) })
    store.setPlate(entryFromText('京A12345'))
    await expect(store.submitPlate()).resolves.toEqual({ kind: 'taken', message: '该车辆已办理ETC' })
    expect(sent).toEqual([])
  })

  it('stops an intercepted plate with its reason', async () => {
    const { store } = setup({ contractInterception: async () => ({ intercept: true, reason: '' }) })
    store.setPlate(entryFromText('京A12345'))
    await expect(store.submitPlate()).resolves.toEqual({ kind: 'intercepted', reason: '该车辆暂不支持线上办理' })
  })

  it('sends the user with a historical order to the reapply guide, or resumes it', async () => {
    const existing = { orderId: 'OLD', depositPayState: 2, certificatesCommitSate: 1 }
    const guide = setup({
      currentProcessByPlate: async () => existing,
      checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: false }),
    })
    guide.store.setPlate(entryFromText('京A12345'))
    await expect(guide.store.submitPlate()).resolves.toEqual({ kind: 'reapply', orderId: 'OLD', reapplyType: 1 })
    const resume = setup({ currentProcessByPlate: async () => existing })
    resume.store.setPlate(entryFromText('京A12345'))
    await expect(resume.store.submitPlate()).resolves.toEqual({ kind: 'resume', orderId: 'OLD' })
    expect([resume.store.orderId, resume.store.certificates, resume.sent]).toEqual(['OLD', 1, []])
  })

  it('opens the order with step 1 once, even on a double tap', async () => {
    const { store, sent } = setup()
    store.setPlate(entryFromText('京A12345'))
    const [a, b] = await Promise.all([store.submitPlate(), store.submitPlate()])
    expect(a).toEqual({ kind: 'created', orderId: 'ETC1' })
    expect(b).toBe(a)
    expect(sent.map((payload) => payload.stepId)).toEqual([1])
    expect(sent[0]).toMatchObject({ plateNumber: '京A12345', plateColor: 1, channelSource: 'bank', uid: 'uid-1', activitySource: 7 })
    expect(sent[0]?.owner).toBeUndefined()
  })
})

describe('ApplyStore form and steps', () => {
  it('shows a field error only after the field is left, and all of them on submit', () => {
    const { store } = setup()
    store.setField('mobile', '123')
    expect(store.visibleError('mobile')).toBeUndefined()
    store.touch('mobile')
    expect(store.visibleError('mobile')).toBeTruthy()
    expect(store.validateAll()).toBe(false)
    expect(store.visibleError('ownerName')).toBeTruthy()
  })

  it('sends the normalised form with step 2 and saves the draft to the server at that boundary', async () => {
    const { store, sent, drafts } = setup()
    store.setPlate(entryFromText('京A12345'))
    await store.submitPlate()
    for (const [field, value] of Object.entries(form)) store.setField(field as keyof typeof form, value)
    expect(store.validateAll()).toBe(true)
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
    const { store } = setup({
      apply: async (payload) => ({ orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 3, depositPayState: 2, missing: ['车头照片'] }),
    })
    store.setPlate(entryFromText('京A12345'))
    await store.submitPlate()
    await expect(store.submit()).resolves.toMatchObject({ missing: ['车头照片'] })
    expect(store.submitted).toBe(false)
  })

  it('takes the certificate mask from each upload, one upload per photo at a time', async () => {
    let uploads = 0
    const { store } = setup({ uploadPhoto: async () => (uploads++, { fileId: 'f', url: '/f', certificatesCommitSate: 3 }) })
    await expect(store.uploadPhoto({ kind: 'drivingLicense' }, '/tmp/a.jpg')).rejects.toThrow('请先填写车牌号')
    store.setPlate(entryFromText('京A12345'))
    await store.submitPlate()
    await Promise.all([store.uploadPhoto({ kind: 'drivingLicense' }, '/a'), store.uploadPhoto({ kind: 'drivingLicense' }, '/a')])
    expect([uploads, store.certificates]).toEqual([1, 3])
  })
})

describe('ApplyStore keeps everything typed', () => {
  it('restores plate, form, order and photos after a reload, encrypted at rest', async () => {
    const backend = memoryBackend()
    const first = setup({}, backend)
    first.store.setPlate(entryFromText('粤BD12345'))
    await first.store.submitPlate()
    first.store.setField('ownerName', '张三')
    first.store.setField('idNumber', '11010519491231002X')
    first.store.chooseCommodity('BANK_VIP')
    const reloaded = setup({}, backend).store
    expect([reloaded.plateNumber, reloaded.plate.kind, reloaded.form.ownerName, reloaded.orderId, reloaded.commodityId]).toEqual([
      '粤BD12345', 'green', '张三', 'ETC1', 'BANK_VIP',
    ])
    const dump = [...backend.raw.values()].join('\n')
    for (const secret of ['张三', '11010519491231002X', '粤BD12345', 'ETC1']) expect(dump).not.toContain(secret)
  })

  it('forgets the order when the plate changes, and everything on clear', async () => {
    const backend = memoryBackend()
    const { store } = setup({}, backend)
    store.setPlate(entryFromText('京A12345'))
    await store.submitPlate()
    store.setField('ownerName', '张三')
    store.setPlate(entryFromText('京A12346'))
    expect([store.orderId, store.form.ownerName]).toEqual([undefined, '张三'])
    store.clear()
    expect([store.plateNumber, store.form.ownerName]).toEqual(['', ''])
    expect(backend.raw.has(`etc_bank_${APPLY_STORAGE.draft}`)).toBe(false)
  })
})

describe('ApplyStore resumes an order from the order pages', () => {
  const order = (overrides: Partial<OrderDetail> = {}): OrderDetail =>
    detail({ orderId: 'ETC9', plateNumber: '粤BD12345', plateColor: PLATE_COLOR.GREEN, commodityId: 'C1', ...overrides })

  it('adopts another order: its plate and package, a fresh form, and goes where it is missing', () => {
    const { store } = setup()
    store.setField('ownerName', '李四')
    expect(store.resumeOrder(order())).toBe('information')
    expect([store.orderId, store.plateNumber, store.plate.kind, store.commodityId]).toEqual(['ETC9', '粤BD12345', 'green', 'C1'])
    expect(store.form.ownerName).toBe('')
  })

  it('keeps what was typed for the same order, and answers payment once all is submitted', async () => {
    const { store } = setup({ apply: async (payload) => ({ orderId: 'ETC9', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: 2, missing: [] }) })
    store.setPlate(entryFromText('粤BD12345'))
    await store.submitPlate()
    store.setField('ownerName', '李四')
    const complete = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true }
    const all = CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT
    expect(store.resumeOrder(order({ completeness: complete, certificatesCommitSate: all }))).toBe('payment')
    expect(store.form.ownerName).toBe('李四')
    expect(store.submitted).toBe(true)
    expect(store.resumeOrder(order({ completeness: complete, certificatesCommitSate: CERTIFICATE.ID_CARD }))).toBe('photos')
  })

  it('survives a reload as the adopted order', () => {
    const backend = memoryBackend()
    setup({}, backend).store.resumeOrder(order())
    const reloaded = setup({}, backend).store
    expect([reloaded.orderId, reloaded.plateNumber, reloaded.commodityId]).toEqual(['ETC9', '粤BD12345', 'C1'])
  })
})

describe("ApplyStore restores the server's draft", () => {
  async function typedElsewhere() {
    const elsewhere = setup()
    elsewhere.store.setPlate(entryFromText('京A12345'))
    await elsewhere.store.submitPlate()
    for (const [field, value] of Object.entries(form)) elsewhere.store.setField(field as keyof typeof form, value)
    await elsewhere.store.saveInformation()
    return elsewhere.drafts.at(-1) as ApplyDraft
  }

  it('fills an empty form of the same order from the draft saved on another device', async () => {
    const draft = await typedElsewhere()
    const { store } = setup({ loadDraft: async () => draft })
    store.setPlate(entryFromText('京A12345'))
    await store.submitPlate()
    await expect(store.restoreServerDraft()).resolves.toBe(true)
    expect(store.form).toEqual({ ...form, idNumber: '11010519491231002X', vin: 'LFV2A21K157402375' })
  })

  it('never overwrites what was typed here, nor fills another order, nor fails on an error', async () => {
    const draft = await typedElsewhere()
    const typed = setup({ loadDraft: async () => draft })
    typed.store.setPlate(entryFromText('京A12345'))
    await typed.store.submitPlate()
    typed.store.setField('ownerName', '李四')
    await expect(typed.store.restoreServerDraft()).resolves.toBe(false)
    expect(typed.store.form.ownerName).toBe('李四')

    const other = setup({ loadDraft: async () => ({ ...draft, orderId: 'ETC-OTHER' }) })
    other.store.setPlate(entryFromText('京A12345'))
    await other.store.submitPlate()
    await expect(other.store.restoreServerDraft()).resolves.toBe(false)

    const failing = setup({ loadDraft: () => Promise.reject(new Error('网络异常')) })
    failing.store.setPlate(entryFromText('京A12345'))
    await failing.store.submitPlate()
    await expect(failing.store.restoreServerDraft()).resolves.toBe(false)
    expect(failing.store.form).toEqual(EMPTY_APPLY_FORM)
  })
})

describe('ApplyStore lets go of a cancelled order', () => {
  it('keeps the plate and the form, and starts the next order from its first step', async () => {
    const { store, sent } = setup()
    store.setPlate(entryFromText('京A12345'))
    await store.submitPlate()
    store.setField('ownerName', '张三')
    store.forgetOrder('ANOTHER')
    expect(store.orderId).toBe('ETC1')
    store.forgetOrder('ETC1')
    expect([store.orderId, store.sentSteps, store.plateNumber, store.form.ownerName]).toEqual([undefined, [], '京A12345', '张三'])
    await store.submitPlate()
    expect(sent.at(-1)).not.toHaveProperty('orderId')
  })
})

describe('ApplyStore keeps the ID card sides of its order', () => {
  it('records each side once, keeps them across a reload, and forgets them with the order', async () => {
    const backend = memoryBackend()
    const { store } = setup({}, backend)
    store.setPlate(entryFromText('京A12345'))
    await store.submitPlate()
    await store.uploadPhoto({ kind: 'idCard', side: 'front' }, '/a.jpg')
    await store.uploadPhoto({ kind: 'idCard', side: 'front' }, '/a.jpg')
    await store.uploadPhoto({ kind: 'drivingLicense' }, '/b.jpg')
    expect(store.idCardSides).toEqual(['front'])
    expect(setup({}, backend).store.idCardSides).toEqual(['front'])
    store.setPlate(entryFromText('京B12345'))
    expect(store.idCardSides).toEqual([])
  })
})
