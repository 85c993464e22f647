/** What the information form asks, section by section: label, hint, length and keyboard of each field. */
import type { Choice } from '../../../components/form-field/ChoiceField'
import type { FieldKeyboard } from '../../../components/form-field/FormField'
import type { ApplyFormField } from '../../../domain/apply-form'
import { DELIVERY_METHOD, DELIVERY_METHOD_LABEL } from '../../../domain/enums'
import type { DeliveryMethod } from '../../../domain/enums'
import { ID_LENGTH } from '../../../domain/id-number'
import {
  ADDRESS_RULE,
  ENGINE_NUMBER_MAX_LENGTH,
  MOBILE_LENGTH,
  NAME_MAX_LENGTH,
  VEHICLE_INFO_RULE,
  VIN_LENGTH,
} from '../../../domain/validation'

export type TextField = Exclude<ApplyFormField, 'deliveryMethod' | 'region'>

export interface FieldSpec {
  field: TextField
  label: string
  placeholder: string
  maxLength: number
  keyboard?: FieldKeyboard
  autoComplete?: string
  /** Letters the rule wants upper case are shown upper case as they are typed. */
  upperCase?: boolean
}

export const OWNER_FIELDS: readonly FieldSpec[] = [
  { field: 'ownerName', label: '车主姓名', placeholder: '与身份证上的姓名一致', maxLength: NAME_MAX_LENGTH, autoComplete: 'name' },
  { field: 'idNumber', label: '身份证号', placeholder: '18位身份证号码', maxLength: ID_LENGTH, keyboard: 'idcard', upperCase: true },
  { field: 'mobile', label: '手机号', placeholder: '车主本人手机号', maxLength: MOBILE_LENGTH, keyboard: 'numeric', autoComplete: 'tel' },
]

export const VEHICLE_FIELDS: readonly FieldSpec[] = [
  { field: 'vehicleInfo', label: '品牌型号', placeholder: '如：大众汽车牌FV7152FBDBG', maxLength: VEHICLE_INFO_RULE.max },
  { field: 'vin', label: '车辆识别代号', placeholder: '行驶证上的17位车架号', maxLength: VIN_LENGTH, upperCase: true },
  { field: 'engineNo', label: '发动机号', placeholder: '行驶证上的发动机号码', maxLength: ENGINE_NUMBER_MAX_LENGTH, upperCase: true },
]

export const REGION_LABEL = '所在地区'

/** Who receives the device; the region (picked, not typed) and the street address follow. */
export const CONSIGNEE_FIELDS: readonly FieldSpec[] = [
  { field: 'consigneeName', label: '收货人', placeholder: '收货人姓名', maxLength: NAME_MAX_LENGTH, autoComplete: 'name' },
  { field: 'consigneeMobile', label: '联系电话', placeholder: '收货人手机号', maxLength: MOBILE_LENGTH, keyboard: 'numeric', autoComplete: 'tel' },
]

export const ADDRESS_FIELD: FieldSpec = {
  field: 'address',
  label: '详细地址',
  placeholder: '街道、门牌号',
  maxLength: ADDRESS_RULE.max,
  autoComplete: 'street-address',
}

export const DELIVERY_CHOICES: readonly Choice<DeliveryMethod>[] = [
  { value: DELIVERY_METHOD.ON_SITE, label: DELIVERY_METHOD_LABEL[DELIVERY_METHOD.ON_SITE], description: '到服务网点领取并安装' },
  { value: DELIVERY_METHOD.MAIL, label: DELIVERY_METHOD_LABEL[DELIVERY_METHOD.MAIL], description: '包邮寄送，自行安装' },
]

export const FIELD_LABELS: Readonly<Record<ApplyFormField, string>> = {
  ...(Object.fromEntries([...OWNER_FIELDS, ...VEHICLE_FIELDS, ...CONSIGNEE_FIELDS, ADDRESS_FIELD].map((spec) => [spec.field, spec.label])) as Record<TextField, string>),
  region: REGION_LABEL,
  deliveryMethod: '领取方式',
}
