import { EMPTY_APPLY_FORM, DELIVERY_REQUIRED, REGION_REQUIRED, fieldApplies, fieldError, formErrors, nextApplyStep, normaliseForm, withField } from '../../../src/domain/apply-form'
import { DELIVERY_METHOD } from '../../../src/domain/enums'
import type { ApplyForm, ApplyProgress } from '../../../src/domain/apply-form'
import { form } from '../stores/apply-setup'

/** The apply stores' owner and vehicle (lower-case ID and VIN, for the normalising), mailed. */
const valid: ApplyForm = {
  ...form,
  deliveryMethod: '3',
  consigneeName: '李四',
  consigneeMobile: '13900139000',
  region: '广东省 深圳市 南山区',
  address: '科技园路1号2栋',
}

describe('apply form', () => {
  it('accepts a complete form and normalises what the validators normalise', () => {
    expect(formErrors(valid)).toEqual({})
    expect(normaliseForm(valid)).toMatchObject({ idNumber: '11010519491231002X', vin: 'LFV2A21K157402375' })
  })

  it('names every missing field of an empty form, consignee fields only for mail', () => {
    const errors = formErrors(EMPTY_APPLY_FORM)
    expect(Object.keys(errors)).toEqual(['ownerName', 'idNumber', 'mobile', 'vehicleInfo', 'vin', 'engineNo', 'deliveryMethod'])
    expect(errors.deliveryMethod).toBe(DELIVERY_REQUIRED)
    const mail = formErrors({ ...EMPTY_APPLY_FORM, deliveryMethod: '3' })
    expect(Object.keys(mail)).toEqual(['ownerName', 'idNumber', 'mobile', 'vehicleInfo', 'vin', 'engineNo', 'consigneeName', 'consigneeMobile', 'region', 'address'])
    expect(mail.region).toBe(REGION_REQUIRED)
  })

  it('asks for the consignee only when the device is mailed', () => {
    expect(fieldApplies({ ...valid, deliveryMethod: '2' }, 'address')).toBe(false)
    expect(fieldError({ ...valid, deliveryMethod: '2', address: '' }, 'address')).toBeUndefined()
    expect(fieldError({ ...valid, address: '' }, 'address')).toBeTruthy()
  })

  it('checks the region against the same allow-list as the server', () => {
    expect(fieldError({ ...valid, region: '广东省<深圳市>' }, 'region')).toBe('所在地区中不能包含“<”')
    expect(fieldError(valid, 'region')).toBeUndefined()
  })

  it('gives the domain reason per field', () => {
    expect(fieldError({ ...valid, mobile: '12800138000' }, 'mobile')).toBeTruthy()
    expect(fieldError({ ...valid, idNumber: '110105491231002' }, 'idNumber')).toBeTruthy()
    expect(fieldError({ ...valid, vin: 'LFV2A21K057402375' }, 'vin')).toMatch(/校验位/)
  })
})

describe('next apply step', () => {
  const done: ApplyProgress = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true, certificatesCommitSate: 7, depositPayState: 5 }

  it.each<[string, Partial<ApplyProgress>, string]>([
    ['nothing filled', { owner: false, vehicle: false, delivery: false }, 'information'],
    ['no delivery', { delivery: false }, 'information'],
    ['no vehicle front photo', { certificatesCommitSate: 3 }, 'photos'],
    ['no photos', { certificatesCommitSate: 0 }, 'photos'],
    ['extra certificates only', { certificatesCommitSate: 8 | 16 }, 'photos'],
    ['no package', { commodity: false }, 'package'],
    ['not submitted', { submitted: false }, 'submit'],
    ['awaiting payment', { depositPayState: 2 }, 'payment'],
    ['paying', { depositPayState: 3 }, 'payment'],
    ['payment failed', { depositPayState: 4 }, 'payment'],
    ['no pay state', { depositPayState: null }, 'payment'],
    ['no payment needed', { depositPayState: 1 }, 'done'],
    ['paid', {}, 'done'],
  ])('%s → %s', (_name, change, step) => expect(nextApplyStep({ ...done, ...change })).toBe(step))
})

describe('changing a field', () => {
  const owner = { ...EMPTY_APPLY_FORM, ownerName: '张三', mobile: '13800138000' }

  it('fills an empty consignee with the owner when mail delivery is chosen', () => {
    expect(withField(owner, 'deliveryMethod', DELIVERY_METHOD.MAIL)).toMatchObject({ consigneeName: '张三', consigneeMobile: '13800138000' })
  })

  it('keeps a consignee already typed, and fills nothing for a pick-up or any other field', () => {
    const typed = { ...owner, consigneeName: '李四', consigneeMobile: '' }
    expect(withField(typed, 'deliveryMethod', DELIVERY_METHOD.MAIL)).toMatchObject({ consigneeName: '李四', consigneeMobile: '13800138000' })
    expect(withField(owner, 'deliveryMethod', DELIVERY_METHOD.ON_SITE)).toMatchObject({ consigneeName: '', consigneeMobile: '' })
    expect(withField(owner, 'ownerName', '王五')).toEqual({ ...owner, ownerName: '王五' })
  })
})
