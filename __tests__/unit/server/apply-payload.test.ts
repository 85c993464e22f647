import { applyPayloadSchema } from '../../../server/validation/apply-payload'
import { PLATE_COLOR } from '../../../src/domain/enums'
import * as plate from '../../../src/domain/plate'
import { REGION_UNKNOWN } from '../../../src/domain/region'

const base = {
  stepId: 1,
  channelSource: 'bank',
  sourceChannel: 'SRC_1',
  activitySource: 7,
  promotionChannelId: 'PROMO_1',
  plateNumber: '京A12345',
  plateColor: 1,
}
const full = {
  ...base,
  stepId: 2,
  orderId: 'ETC2026112112345678',
  commodityId: 'C1',
  owner: { ownerName: '张三', idNumber: '11010519491231002X', mobile: '13800138000' },
  vehicle: { vehicleInfo: '大众汽车牌FV7152FBDBG', vin: 'LFV2A21K157402375', engineNo: 'EA211-123456' },
  delivery: { method: '3', consigneeName: '张三', consigneeMobile: '13800138000', region: '广东省 深圳市 南山区', address: '科技园路1号' },
}

const messages = (input: unknown): string[] => {
  const result = applyPayloadSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('apply payload schema', () => {
  it('accepts a create step and a full update, normalising the plate', () => {
    expect(applyPayloadSchema.parse({ ...base, plateNumber: ' 京a12345 ' }).plateNumber).toBe('京A12345')
    expect(messages(full)).toEqual([])
  })

  it('uses the domain reasons for bad fields', () => {
    expect(messages({ ...full, owner: { ...full.owner, mobile: '12345' } }).length).toBe(1)
    expect(messages({ ...full, owner: { ...full.owner, idNumber: '110105194912310021' } })[0]).toMatch(/身份证/)
    expect(messages({ ...base, plateNumber: '京AI2345' }).length).toBe(1)
  })

  it('refuses a colour that does not match the plate, a missing order id after create, unknown fields and wrong types', () => {
    expect(messages({ ...base, plateColor: 3 })).toEqual(['车牌颜色与车牌号不符'])
    expect(messages({ ...base, stepId: 200 })).toEqual(['缺少订单号'])
    expect(messages({ ...base, stepId: 3 })).toEqual(['申办步骤不正确'])
    expect(messages({ ...base, isAdmin: true }).length).toBe(1)
    expect(messages({ ...base, plateColor: '1' }).length).toBe(1)
    expect(messages({ ...base, __proto__: { polluted: true }, constructor: 'x' }).length).toBeGreaterThan(0)
  })

  it('needs consignee, phone and address for mail delivery only', () => {
    expect(messages({ ...full, delivery: { method: '3' } })).toEqual(Array(4).fill('邮寄到家需填写收货人、电话和地址'))
    expect(messages({ ...full, delivery: { method: '2' } })).toEqual([])
    expect(messages({ ...full, delivery: { method: '4' } })).toEqual(['请选择领取方式'])
  })

  it('takes a region only as the region list spells it', () => {
    const withRegion = (region: string) => messages({ ...full, delivery: { ...full.delivery, region } })
    expect(withRegion('北京市 北京市 海淀区')).toEqual([])
    for (const region of ['深圳南山', '广东省 深圳市', '广东省 广州市 南山区', '广东省 深圳市 南山区 科技园', '台湾省 台北市 中正区']) {
      expect([region, withRegion(region)]).toEqual([region, [REGION_UNKNOWN]])
    }
  })

  it.each(['x'.repeat(100_000), '😀😀', '\u202e京A12345', '\u0000', '１２３'])('refuses hostile text %#', (text) => {
    expect(messages({ ...full, plateNumber: text }).length).toBeGreaterThan(0)
    expect(messages({ ...full, owner: { ...full.owner, ownerName: text } }).length).toBeGreaterThan(0)
    expect(messages({ ...full, promotionChannelId: text }).length).toBeGreaterThan(0)
  })
})

describe('the plate in the payload', () => {
  afterEach(() => jest.restoreAllMocks())

  it('is parsed once, by its field, and its colour checked against that parse', () => {
    const parse = jest.spyOn(plate, 'parsePlate')
    expect(applyPayloadSchema.parse({ ...base, plateNumber: '粤B12345D', plateColor: PLATE_COLOR.GREEN }).plateNumber).toBe('粤B12345D')
    expect(parse).toHaveBeenCalledTimes(1)
    expect(messages({ ...base, plateNumber: '粤B12345D', plateColor: PLATE_COLOR.BLUE })).toEqual(['车牌颜色与车牌号不符'])
  })

  it('that cannot be read is the one thing said, with no word on its colour', () => {
    expect(messages({ ...base, plateNumber: '京AI2345', plateColor: PLATE_COLOR.GREEN })).toEqual([plate.PLATE_REASON.letterIO])
    expect(messages({ ...base, plateNumber: 12345 })).toHaveLength(1)
  })
})
