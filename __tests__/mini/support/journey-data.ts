/** What a person enters and picks on the apply journey, the same on both mini-programs. */

export const JOURNEY_PLATE = '京A12345'

/** The information form's fields, by their labels, with what the person types. */
export const OWNER_FIELDS: readonly [label: string, value: string][] = [
  ['车主姓名', '张三'],
  ['身份证号', '11010519491231002X'],
  ['手机号', '13800138000'],
  ['品牌型号', '大众汽车牌FV7152FBDBG'],
  ['车辆识别代号', 'LFV2A21K157402375'],
  ['发动机号', 'EA211123456'],
]

/** The photo slots of the form, by their titles. */
export const PHOTO_SLOTS = ['身份证人像面', '身份证国徽面', '行驶证主页', '车头照片'] as const

/** The first package of the demo catalogue (the seed's bank packages). */
export const PACKAGE_NAME = '基础版ETC套餐'

/** What a photo slot says once its photo is on the server. */
export const UPLOADED = '已上传'
