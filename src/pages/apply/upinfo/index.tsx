import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { ChoiceField } from '../../../components/form-field/ChoiceField'
import type { Choice } from '../../../components/form-field/ChoiceField'
import { FormField } from '../../../components/form-field/FormField'
import type { FieldKeyboard } from '../../../components/form-field/FormField'
import { PageShell } from '../../../components/page-shell/PageShell'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { PhotoSlot } from '../../../components/photo-slot/PhotoSlot'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { fieldApplies } from '../../../domain/apply-form'
import type { ApplyFormField } from '../../../domain/apply-form'
import { DELIVERY_METHOD, DELIVERY_METHOD_LABEL } from '../../../domain/enums'
import type { DeliveryMethod } from '../../../domain/enums'
import { ID_LENGTH } from '../../../domain/id-number'
import { ID_CARD_SUBJECTS, PHOTO_SUBJECTS, PHOTO_UPLOAD, missingPhotos, missingPhotosMessage, photoReceived } from '../../../domain/photo'
import {
  ADDRESS_RULE,
  ENGINE_NUMBER_MAX_LENGTH,
  MOBILE_LENGTH,
  NAME_MAX_LENGTH,
  REGION_MAX_LENGTH,
  VEHICLE_INFO_RULE,
  VIN_LENGTH,
} from '../../../domain/validation'
import { useStores } from '../../../stores/store-context'
import './index.scss'
import { navigateFromTap } from '../../../platform/navigator'

const PAGE = trackedPage('upinfo')
const SAVE_FAILED = '保存失败，请稍后重试'

type TextField = Exclude<ApplyFormField, 'deliveryMethod'>

interface FieldSpec {
  field: TextField
  label: string
  placeholder: string
  maxLength: number
  keyboard?: FieldKeyboard
  autoComplete?: string
  /** Letters the rule wants upper case are shown upper case as they are typed. */
  upperCase?: boolean
}

const OWNER_FIELDS: readonly FieldSpec[] = [
  { field: 'ownerName', label: '车主姓名', placeholder: '与身份证上的姓名一致', maxLength: NAME_MAX_LENGTH, autoComplete: 'name' },
  { field: 'idNumber', label: '身份证号', placeholder: '18位身份证号码', maxLength: ID_LENGTH, keyboard: 'idcard', upperCase: true },
  { field: 'mobile', label: '手机号', placeholder: '车主本人手机号', maxLength: MOBILE_LENGTH, keyboard: 'numeric', autoComplete: 'tel' },
]

const VEHICLE_FIELDS: readonly FieldSpec[] = [
  { field: 'vehicleInfo', label: '品牌型号', placeholder: '如：大众汽车牌FV7152FBDBG', maxLength: VEHICLE_INFO_RULE.max },
  { field: 'vin', label: '车辆识别代号', placeholder: '行驶证上的17位车架号', maxLength: VIN_LENGTH, upperCase: true },
  { field: 'engineNo', label: '发动机号', placeholder: '行驶证上的发动机号码', maxLength: ENGINE_NUMBER_MAX_LENGTH, upperCase: true },
]

const MAIL_FIELDS: readonly FieldSpec[] = [
  { field: 'consigneeName', label: '收货人', placeholder: '收货人姓名', maxLength: NAME_MAX_LENGTH, autoComplete: 'name' },
  { field: 'consigneeMobile', label: '联系电话', placeholder: '收货人手机号', maxLength: MOBILE_LENGTH, keyboard: 'numeric', autoComplete: 'tel' },
  { field: 'region', label: '所在地区', placeholder: '如：广东省 深圳市 南山区', maxLength: REGION_MAX_LENGTH },
  { field: 'address', label: '详细地址', placeholder: '街道、门牌号', maxLength: ADDRESS_RULE.max, autoComplete: 'street-address' },
]

const DELIVERY_CHOICES: readonly Choice<DeliveryMethod>[] = [
  { value: DELIVERY_METHOD.ON_SITE, label: DELIVERY_METHOD_LABEL[DELIVERY_METHOD.ON_SITE], description: '到服务网点领取并安装' },
  { value: DELIVERY_METHOD.MAIL, label: DELIVERY_METHOD_LABEL[DELIVERY_METHOD.MAIL], description: '包邮寄送，自行安装' },
]

const FIELD_LABELS: Readonly<Record<ApplyFormField, string>> = {
  ...(Object.fromEntries([...OWNER_FIELDS, ...VEHICLE_FIELDS, ...MAIL_FIELDS].map((spec) => [spec.field, spec.label])) as Record<TextField, string>),
  deliveryMethod: '领取方式',
}

/** A form field bound to the application: kept on every keystroke, checked once the user leaves it. */
const BoundField = observer(function BoundField({ spec }: { spec: FieldSpec }) {
  const { apply } = useStores()
  return (
    <FormField
      testId={`field-${spec.field}`}
      label={spec.label}
      value={apply.form[spec.field]}
      placeholder={spec.placeholder}
      maxLength={spec.maxLength}
      keyboard={spec.keyboard}
      autoComplete={spec.autoComplete}
      error={apply.visibleError(spec.field)}
      onChange={(value) => apply.setField(spec.field, spec.upperCase ? value.toUpperCase() : value)}
      onBlur={() => apply.touch(spec.field)}
    />
  )
})

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View className='upinfo__section' role='group' aria-label={title}>
      <Text className='upinfo__section-title'>{title}</Text>
      {children}
    </View>
  )
}

const UpinfoBody = observer(function UpinfoBody() {
  const { apply } = useStores()
  const { navigator, tracker } = useAppServices()
  const orderId = apply.orderId
  const agreed = Boolean(apply.agreementsAcceptedAt)
  const sides = ID_CARD_SUBJECTS.filter((subject) => {
    const upload = PHOTO_UPLOAD[subject]
    return upload.kind === 'idCard' && apply.idCardSides.includes(upload.side)
  })
  const [saving, setSaving] = useState(false)
  // Once 下一步 has been tried, what still stands in the way is listed, and updates as it is fixed.
  const [attempted, setAttempted] = useState(false)
  const [saveError, setSaveError] = useState<string>()

  useEffect(() => {
    if (!orderId) navigateFromTap(navigator.replace('plateEntry'))
    else if (!agreed) navigateFromTap(navigator.replace('agree'))
    // Typed on another device, or before this one's storage was cleared: the server's copy fills an empty form.
    else void apply.restoreServerDraft()
  }, [orderId, agreed, navigator, apply])

  if (!orderId || !agreed) {
    return (
      <StatusView
        testId='upinfo-redirect'
        title={orderId ? '请先阅读并同意协议' : '请先填写车牌号'}
        description='正在跳转…'
        actionText={orderId ? '去阅读协议' : '去填写车牌号'}
        onAction={() => navigateFromTap(navigator.replace(orderId ? 'agree' : 'plateEntry'))}
      />
    )
  }

  const wrong = Object.keys(apply.errors) as ApplyFormField[]
  const photos = missingPhotosMessage(missingPhotos(apply.certificates, sides))
  const blockers = [...(wrong.length ? [`请检查：${wrong.map((field) => FIELD_LABELS[field]).join('、')}`] : []), ...(photos ? [photos] : [])]
  const problems = [...(attempted ? blockers : []), ...(saveError ? [saveError] : [])]

  const onNext = async () => {
    if (saving) return
    tracker.click(PAGE, 'upinfo-next')
    setAttempted(true)
    setSaveError(undefined)
    if (!apply.validateAll() || blockers.length) return
    setSaving(true)
    try {
      await apply.saveInformation()
    } catch (error) {
      setSaveError(error instanceof Error && error.message ? error.message : SAVE_FAILED)
      return
    } finally {
      setSaving(false)
    }
    navigateFromTap(navigator.open('selectLand'))
  }

  const mail = fieldApplies(apply.form, 'address')
  return (
    <View className='upinfo'>
      <View className='upinfo__plate' data-testid='upinfo-plate'>
        <Text className='upinfo__plate-label'>申办车辆</Text>
        <Text className='upinfo__plate-number'>{apply.plateNumber}</Text>
      </View>

      <Section title='车主信息'>
        {OWNER_FIELDS.map((spec) => (
          <BoundField key={spec.field} spec={spec} />
        ))}
      </Section>

      <Section title='车辆信息'>
        {VEHICLE_FIELDS.map((spec) => (
          <BoundField key={spec.field} spec={spec} />
        ))}
      </Section>

      <Section title='证件照片'>
        <Text className='upinfo__section-note'>请上传清晰的原件照片，仅用于本次ETC申办审核</Text>
        <View className='upinfo__photos'>
          {PHOTO_SUBJECTS.map((subject) => (
            <PhotoSlot
              key={subject}
              subject={subject}
              received={photoReceived(subject, apply.certificates, sides)}
              onPress={() => {
                tracker.click(PAGE, `upinfo-photo-${subject}`)
                navigateFromTap(navigator.open('selectImage', { subject }))
              }}
            />
          ))}
        </View>
      </Section>

      <Section title='领取方式'>
        <View className='upinfo__choice'>
          <ChoiceField
            testId='field-deliveryMethod'
            label='设备领取方式'
            choices={DELIVERY_CHOICES}
            value={apply.form.deliveryMethod}
            error={apply.visibleError('deliveryMethod')}
            onChange={(value) => {
              apply.setField('deliveryMethod', value)
              apply.touch('deliveryMethod')
            }}
          />
        </View>
        {mail ? MAIL_FIELDS.map((spec) => <BoundField key={spec.field} spec={spec} />) : null}
      </Section>

      <View className='upinfo__footer'>
        {problems.length ? (
          <View className='upinfo__problems' role='alert' data-testid='upinfo-problems'>
            {problems.map((problem) => (
              <Text key={problem} className='upinfo__problem'>
                {problem}
              </Text>
            ))}
          </View>
        ) : null}
        <Button
          block
          type='primary'
          className='upinfo__next'
          loading={saving}
          disabled={saving}
          aria-label={saving ? '正在保存' : '下一步'}
          aria-busy={saving}
          data-testid='upinfo-next'
          onClick={() => void onNext()}
        >
          {saving ? '正在保存…' : '下一步'}
        </Button>
      </View>
    </View>
  )
})

export default function UpinfoPage() {
  return (
    <PageShell route='upinfo'>
      <UpinfoBody />
    </PageShell>
  )
}
