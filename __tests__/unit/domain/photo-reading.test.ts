import { EMPTY_APPLY_FORM } from '../../../src/domain/apply-form'
import { chinaDate } from '../../../src/domain/china-time'
import {
  RECOGNIZED_NOTE,
  crossChecks,
  differingSuggestion,
  fillableFields,
  isSuggestedField,
  readMessage,
  readableDocumentOf,
  readingMessage,
  suggestionsOf,
  unreadMessage,
} from '../../../src/domain/photo-reading'
import type { PhotoReadings } from '../../../src/domain/photo-reading'

const READINGS: PhotoReadings = {
  idCardFront: { name: '张三', idNumber: '11010519491231002X', address: '北京市朝阳区建国路88号' },
  idCardBack: { validFrom: '2019.03.01', validUntil: '2039.03.01', authority: '北京市公安局朝阳分局' },
  drivingLicense: { plateNumber: '京A8D6E2', owner: '张三', model: '大众汽车牌FV7152FBDBG', vin: 'LFV2A21K157402375', engineNo: 'EA211123456' },
}
const FACTS = { plateNumber: '京A8D6E2', ownerName: '张三', today: '2026-11-29' }

describe('suggestions from the photos', () => {
  it('suggest the name and number from the ID card, the brand model, VIN and engine number from the licence', () => {
    expect(suggestionsOf(READINGS)).toEqual({
      ownerName: '张三',
      idNumber: '11010519491231002X',
      vehicleInfo: '大众汽车牌FV7152FBDBG',
      vin: 'LFV2A21K157402375',
      engineNo: 'EA211123456',
    })
    expect(suggestionsOf({})).toEqual({})
    // Blank readings suggest nothing; the licence's owner is a check, not a suggestion.
    expect(suggestionsOf({ idCardFront: { name: '  ' }, drivingLicense: { owner: '李四' } })).toEqual({})
  })

  it('fill only empty fields: nothing typed is overwritten', () => {
    const form = { ...EMPTY_APPLY_FORM, ownerName: '张叁', vin: 'LFV2A21K157402375' }
    expect(fillableFields(form, suggestionsOf(READINGS))).toEqual({ idNumber: '11010519491231002X', vehicleInfo: '大众汽车牌FV7152FBDBG', engineNo: 'EA211123456' })
  })

  it('offer what the photo says of a field typed differently, ignoring case and spaces around', () => {
    const suggestions = suggestionsOf(READINGS)
    const form = { ...EMPTY_APPLY_FORM, ownerName: '张叁', vin: ' lfv2a21k157402375 ' }
    expect(differingSuggestion(form, suggestions, 'ownerName')).toBe('张三')
    expect(differingSuggestion(form, suggestions, 'vin')).toBeUndefined()
    // Empty is filled, not offered; a field nothing was read for offers nothing.
    expect(differingSuggestion(form, suggestions, 'idNumber')).toBeUndefined()
    expect(differingSuggestion(form, {}, 'ownerName')).toBeUndefined()
  })

  it('know which fields and documents they concern', () => {
    expect(['ownerName', 'idNumber', 'vehicleInfo', 'vin', 'engineNo'].every((field) => isSuggestedField(field as never))).toBe(true)
    expect(isSuggestedField('mobile')).toBe(false)
    expect(isSuggestedField('address')).toBe(false)
    expect(readableDocumentOf({ kind: 'idCard', side: 'front' })).toBe('idCardFront')
    expect(readableDocumentOf({ kind: 'idCard', side: 'back' })).toBe('idCardBack')
    expect(readableDocumentOf({ kind: 'drivingLicense' })).toBe('drivingLicense')
    expect(readableDocumentOf({ kind: 'image', imageType: 'vehicleFront' })).toBeUndefined()
  })
})

describe('cross-checks', () => {
  it('find nothing when the photos agree with the application, or say nothing of it', () => {
    expect(crossChecks(READINGS, FACTS)).toEqual({})
    expect(crossChecks({}, FACTS)).toEqual({})
    // A card valid for life has no end; the last day of validity is still valid.
    expect(crossChecks({ idCardBack: { validFrom: '2015.05.05' } }, FACTS)).toEqual({})
    expect(crossChecks({ idCardBack: { validUntil: '2026.11.29' } }, FACTS)).toEqual({})
  })

  it('say when the licence is of another plate', () => {
    expect(crossChecks(READINGS, { ...FACTS, plateNumber: '京F20251' })).toEqual({ plate: '行驶证上的车牌号为京A8D6E2，与申办车牌京F20251不一致，请核对照片或车牌' })
  })

  it("say when the licence's owner is not the owner on the form: the spec's users are the vehicles' owners", () => {
    expect(crossChecks(READINGS, { ...FACTS, ownerName: ' 李四 ' })).toEqual({ owner: '行驶证所有人为张三，与车主姓名不一致：ETC须由车主本人申请' })
    // Nothing typed yet: nothing to compare.
    expect(crossChecks(READINGS, { ...FACTS, ownerName: '' })).toEqual({})
  })

  it('say when the ID card expired, the day before today at the latest', () => {
    expect(crossChecks({ idCardBack: { validUntil: '2026.11.28' } }, FACTS)).toEqual({ expired: '身份证已于2026年11月28日过期，请使用有效期内的身份证' })
    // A validity not in the card's format is not judged.
    expect(crossChecks({ idCardBack: { validUntil: '2020-01-01' } }, FACTS)).toEqual({})
  })

  it('take today in China', () => {
    // 16:30 UTC on the 28th is half past midnight of the 29th in China.
    expect(chinaDate(new Date('2026-11-28T16:30:00Z'))).toBe('2026-11-29')
  })
})

describe('the lines a photo shows', () => {
  it('say it is read, what it filled, or why it was not read', () => {
    expect(readingMessage('idCardFront')).toBe('正在识别身份证人像面…')
    expect(readMessage('drivingLicense', 3)).toBe('已从行驶证主页识别3项信息，请核对')
    expect(readMessage('idCardBack', 0)).toBe('已识别身份证国徽面，请核对下方信息')
    expect(unreadMessage('idCardFront', 'unreadable')).toBe('未能识别身份证人像面：照片不够清晰，请核对后手动填写')
    expect(unreadMessage('drivingLicense', 'wrongDocument')).toBe('这张照片不像行驶证主页，未能识别，请手动填写或重新上传')
    expect(unreadMessage('idCardBack', 'unavailable')).toBe('暂时无法识别身份证国徽面，请手动填写')
    expect(RECOGNIZED_NOTE).toBe('已从照片识别，请核对')
  })
})
