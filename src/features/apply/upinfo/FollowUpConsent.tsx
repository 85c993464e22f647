import { Text, View } from '@tarojs/components'
import { CheckBox } from '../../../components/form-field/CheckBox'
import { FOLLOW_UP_RETENTION_DAYS } from '../../../domain/follow-up'

export const FOLLOW_UP_TEXT = {
  label: '离开后可致电协助我办理',
  note: `选填。勾选后，如您填写手机号后未提交就离开本页，客服可能拨打该手机号协助您办理；提交订单后即删除该号码，最长保留${FOLLOW_UP_RETENTION_DAYS}天。`,
} as const

/** The optional consent to a call back under the owner's mobile: off until the person ticks it. */
export function FollowUpConsent({ checked, onToggle }: { checked: boolean; onToggle: () => void }) {
  return (
    <View className='upinfo__follow-up'>
      <CheckBox checked={checked} onToggle={onToggle} label={FOLLOW_UP_TEXT.label} text={FOLLOW_UP_TEXT.label} testId='upinfo-follow-up' />
      <Text className='upinfo__follow-up-note' data-testid='upinfo-follow-up-note'>
        {FOLLOW_UP_TEXT.note}
      </Text>
    </View>
  )
}
