import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Button } from '../../../components/ui/button'
import { useStores } from '../../../stores/store-context'
import { StepRedirect } from '../StepRedirect'
import { BoundFields } from './BoundField'
import { DeliverySection } from './DeliverySection'
import { FollowUpConsent } from './FollowUpConsent'
import { FormSection } from './FormSection'
import { PhotoSection } from './PhotoSection'
import { PlatformPhoneButton } from './PlatformPhoneButton'
import { OWNER_FIELDS, VEHICLE_FIELDS } from './upinfo-fields'
import { useFollowUpOnLeave } from './use-follow-up-on-leave'
import { useSaveInformation } from './use-save-information'
import './upinfo.scss'

/**
 * The photos (which fill the fields they carry), the owner, vehicle and delivery of the
 * application, then 下一步 to the package choice.
 */
const UpinfoForm = observer(function UpinfoForm({ orderId }: { orderId: string }) {
  const { apply } = useStores()
  const followUp = useFollowUpOnLeave()
  const { saving, waitingForPhotos, problems, next } = useSaveInformation(followUp.goingOn)
  const busyText = waitingForPhotos ? '照片上传中' : '正在保存'

  // Typed on another device, or before this one's storage was cleared: the server's copy fills an empty form.
  useEffect(() => void apply.restoreServerDraft(), [apply, orderId])

  return (
    <View className='upinfo'>
      <View className='upinfo__plate' data-testid='upinfo-plate'>
        <Text className='upinfo__plate-label'>申办车辆</Text>
        <Text className='upinfo__plate-number'>{apply.plateNumber}</Text>
      </View>

      <PhotoSection />

      <FormSection title='车主信息'>
        <BoundFields specs={OWNER_FIELDS} />
        <PlatformPhoneButton />
        <FollowUpConsent checked={followUp.consented} onToggle={followUp.toggle} />
      </FormSection>

      <FormSection title='车辆信息'>
        <BoundFields specs={VEHICLE_FIELDS} />
      </FormSection>

      <DeliverySection />

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
          aria-label={saving ? busyText : '下一步'}
          aria-busy={saving}
          data-testid='upinfo-next'
          onClick={() => void next()}
        >
          {saving ? `${busyText}…` : '下一步'}
        </Button>
      </View>
    </View>
  )
})

/** 填写资料: the application's information, once a plate is entered and the agreements accepted. */
export const UpinfoScreen = observer(function UpinfoScreen() {
  const { apply } = useStores()
  if (!apply.orderId) {
    return <StepRedirect to='plateEntry' testId='upinfo-redirect' title='请先填写车牌号' description='正在跳转…' actionText='去填写车牌号' />
  }
  if (!apply.agreementsAcceptedAt) {
    return <StepRedirect to='agree' testId='upinfo-redirect' title='请先阅读并同意协议' description='正在跳转…' actionText='去阅读协议' />
  }
  return <UpinfoForm orderId={apply.orderId} />
})
