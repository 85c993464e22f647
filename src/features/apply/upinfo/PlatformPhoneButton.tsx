import { Button, Text, View } from '@tarojs/components'
import type { BaseEventOrig, ButtonProps } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { requestMessageOr, useAction } from '../../../components/action/use-action'
import { PLATFORM_PHONE_OFFERED } from '../../../platform/platform-phone'
import { useStores } from '../../../stores/store-context'

export const PLATFORM_PHONE_TEXT = {
  action: '使用微信绑定的手机号',
  declined: '未获取到手机号，请手动填写',
  failed: '手机号获取失败，请手动填写',
} as const

/**
 * The platform's phone-number button under the mobile field, where the platform offers one: the
 * phone it vouches for fills the field. Declined or failed, the field stays as typed and says so.
 */
export const PlatformPhoneButton = observer(function PlatformPhoneButton({ offered = PLATFORM_PHONE_OFFERED }: { offered?: boolean }) {
  const { apply } = useStores()
  const [declined, setDeclined] = useState(false)
  const fill = useAction((code: string) => apply.fillMobileFromPlatform(code), { report: 'inline', message: requestMessageOr(PLATFORM_PHONE_TEXT.failed) })
  if (!offered) return null

  const onPhone = (event: BaseEventOrig<ButtonProps.onGetPhoneNumberEventDetail>) => {
    const { code } = event.detail
    setDeclined(!code)
    if (code) void fill.run(code)
  }
  const problem = declined ? PLATFORM_PHONE_TEXT.declined : fill.error
  return (
    <View className='upinfo__platform-phone'>
      <Button
        className='upinfo__platform-phone-button'
        openType='getPhoneNumber'
        onGetPhoneNumber={onPhone}
        disabled={fill.busy}
        ariaLabel={PLATFORM_PHONE_TEXT.action}
        data-testid='upinfo-platform-phone'
      >
        {PLATFORM_PHONE_TEXT.action}
      </Button>
      {problem ? (
        <View className='upinfo__platform-phone-problem' role='alert' data-testid='upinfo-platform-phone-problem'>
          <Text>{problem}</Text>
        </View>
      ) : null}
    </View>
  )
})
