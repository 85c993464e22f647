import { CHANNELS } from '../../../src/config/channel'
import { EMPTY_APPLY_FORM } from '../../../src/domain/apply-form'
import { APPLY_STEP, DELIVERY_METHOD } from '../../../src/domain/enums'
import { ApplyFormStore, applyPayload, formOfDraft } from '../../../src/stores/apply-form-store'
import type { ApplicationFields, ApplySource } from '../../../src/stores/apply-form-store'
import { form } from './apply-setup'

const source = (channel = CHANNELS.bank): ApplySource => ({
  channel,
  promotion: () => channel.defaultPromotion,
  uid: () => 'uid-1',
  activitySource: () => 7,
})

const application = (overrides: Partial<ApplicationFields> = {}): ApplicationFields => ({
  plateNumber: '京A12345',
  orderId: 'ETC1',
  commodityId: undefined,
  agreementsAcceptedAt: undefined,
  form,
  ...overrides,
})

const MAIL = { deliveryMethod: DELIVERY_METHOD.MAIL, consigneeName: '李四', consigneeMobile: '13900139000', region: '广东省 深圳市 南山区', address: '科技园1号' }

describe('ApplyFormStore', () => {
  it('shows a field error only after the field is left, and all of them on submit', () => {
    const store = new ApplyFormStore()
    store.setField('mobile', '123')
    expect(store.visibleError('mobile')).toBeUndefined()
    store.touch('mobile')
    expect(store.visibleError('mobile')).toBeTruthy()
    expect(store.validateAll()).toBe(false)
    expect(store.visibleError('ownerName')).toBeTruthy()
  })

  it('normalises what was typed, fills given fields and starts again untouched', () => {
    const store = new ApplyFormStore()
    store.fill(form)
    store.normalise()
    expect([store.values.idNumber, store.values.vin, store.isEmpty]).toEqual(['11010519491231002X', 'LFV2A21K157402375', false])
    store.touch('ownerName')
    store.reset({ ownerName: '张三' })
    expect([store.values, store.touched]).toEqual([{ ...EMPTY_APPLY_FORM, ownerName: '张三' }, {}])
  })
})

describe('applyPayload', () => {
  it('opens the order (step 1) with the plate, channel and promotion, and no form', () => {
    const payload = applyPayload(APPLY_STEP.CREATE, application({ orderId: undefined }), source())
    expect(payload).toEqual({
      stepId: APPLY_STEP.CREATE,
      channelSource: 'bank',
      sourceChannel: CHANNELS.bank.sourceChannel,
      activitySource: 7,
      ...CHANNELS.bank.defaultPromotion,
      uid: 'uid-1',
      plateNumber: '京A12345',
      plateColor: 1,
    })
  })

  it('leaves out the tags a promotion came without (an address with a promotion id only)', () => {
    const untagged: ApplySource = { ...source(), promotion: () => ({ promotionChannelId: 'PC_AD', partnerId: '', promoterId: '' }) }
    const payload = applyPayload(APPLY_STEP.CREATE, application({ orderId: undefined }), untagged)
    expect(payload.promotionChannelId).toBe('PC_AD')
    expect(payload).not.toHaveProperty('partnerId')
    expect(payload).not.toHaveProperty('promoterId')
  })

  it('sends the uid in the bank app only', () => {
    expect(applyPayload(APPLY_STEP.CREATE, application(), source(CHANNELS.map))).not.toHaveProperty('uid')
  })

  it('carries the form, and the address only when the device is mailed', () => {
    const onSite = applyPayload(APPLY_STEP.UPDATE, application({ commodityId: 'C1', agreementsAcceptedAt: 5 }), source())
    expect(onSite).toMatchObject({ orderId: 'ETC1', commodityId: 'C1', agreementsAcceptedAt: 5, delivery: { method: DELIVERY_METHOD.ON_SITE } })
    expect(onSite.owner).toEqual({ ownerName: form.ownerName, idNumber: form.idNumber, mobile: form.mobile })
    const mailed = applyPayload(APPLY_STEP.UPDATE, application({ form: { ...form, ...MAIL } }), source())
    const { deliveryMethod, ...address } = MAIL
    expect(mailed.delivery).toEqual({ method: deliveryMethod, ...address })
  })

  it('reads the form back from a draft built of it', () => {
    const mailed = { ...form, ...MAIL }
    expect(formOfDraft(applyPayload(APPLY_STEP.UPDATE, application({ form: mailed }), source()))).toEqual(mailed)
  })
})
