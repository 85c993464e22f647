import { LOGIN_REASON } from '../../../src/domain/verify-code'
import { MOBILE_REASON } from '../../../src/domain/validation'
import { PROVINCE_STORAGE, ProvinceStore } from '../../../src/features/apply/province/province-store'
import { fakeRoot } from '../../support/fake-root'

describe('ProvinceStore', () => {
  it('asks a province plate to verify until its order is verified; other plates never', async () => {
    const { store } = fakeRoot()
    expect(store.features.apply.province.mustVerify('京A12345', 'order-1')).toBe(false)
    expect(store.features.apply.province.mustVerify('豫A12345', 'order-1')).toBe(true)
    await store.features.apply.province.verify('13800138000', '123456', 'order-1')
    expect(store.features.apply.province.mustVerify('豫A12345', 'order-1')).toBe(false)
    // Another order of a province plate is verified on its own.
    expect(store.features.apply.province.mustVerify('豫A12345', 'order-2')).toBe(true)
    expect(store.features.apply.province.mustVerify('豫A12345', undefined)).toBe(true)
  })

  it('keeps the time the code was sent and the verified order across a reload', async () => {
    const sent: string[] = []
    const world = fakeRoot({ province: { sendCode: async (mobile) => void sent.push(mobile) } })
    await world.store.features.apply.province.sendCode('13800138000')
    await world.store.features.apply.province.verify('13800138000', '123456', 'order-1')
    expect(sent).toEqual(['13800138000'])
    expect(world.storage.get(PROVINCE_STORAGE.codeSentAt, (value) => value)).toBe(world.now())

    const reloaded = new ProvinceStore({ api: world.api.province, storage: world.storage, now: world.now })
    expect(reloaded.codeSentAt).toBe(world.now())
    expect(reloaded.verifiedOrderId).toBe('order-1')
  })

  it('sends nothing for a bad mobile or a missing code, and marks nothing when the issuer refuses', async () => {
    const calls: string[] = []
    const { store } = fakeRoot({
      province: {
        sendCode: async () => void calls.push('send'),
        login: async () => {
          calls.push('login')
          throw new Error('验证码错误，还可尝试4次')
        },
      },
    })
    await expect(store.features.apply.province.sendCode('123')).rejects.toThrow(MOBILE_REASON.length)
    await expect(store.features.apply.province.verify('13800138000', '', 'order-1')).rejects.toThrow(LOGIN_REASON.missingMobileOrCode)
    expect(calls).toEqual([])
    expect(store.features.apply.province.codeSentAt).toBeUndefined()
    await expect(store.features.apply.province.verify('13800138000', '123456', 'order-1')).rejects.toThrow('验证码错误，还可尝试4次')
    expect(calls).toEqual(['login'])
    expect(store.features.apply.province.mustVerify('豫A12345', 'order-1')).toBe(true)
  })
})
