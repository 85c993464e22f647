import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { requestMessageOr, useAction } from '../../../components/action/use-action'
import { useStores } from '../../../stores/store-context'
import { EntryButton } from '../button/EntryButton'

export const RELEASE_NOTICE_TEXT = {
  ask: '释放后短信通知我',
  asking: '正在预约…',
  /** Where the SMS goes: the account's phone, masked. */
  asked: (maskedPhone: string) => `已预约，车牌释放后将短信通知${maskedPhone}`,
  failed: '预约失败，请稍后重试',
} as const

/**
 * Under a plate another applicant holds unpaid: one tap asks for an SMS to the account's phone when
 * the hold ends without payment; then the page says where it goes. A refusal (no phone on the
 * account, too many plates) is said here, and the tap may be tried again.
 */
export function ReleaseNoticeAction() {
  const { plateStep } = useStores()
  const [askedPhone, setAskedPhone] = useState<string>()
  const ask = useAction(
    async () => {
      const { maskedPhone } = await plateStep.askReleaseNotice()
      setAskedPhone(maskedPhone)
    },
    { report: 'inline', message: requestMessageOr(RELEASE_NOTICE_TEXT.failed) },
  )
  if (askedPhone !== undefined) {
    return (
      <View className='entry-plate__notice-text' role='status' data-testid='plate-release-notice-asked'>
        <Text>{RELEASE_NOTICE_TEXT.asked(askedPhone)}</Text>
      </View>
    )
  }
  return (
    <View>
      {ask.error ? (
        <View className='entry-plate__notice-text' role='alert' data-testid='plate-release-notice-error'>
          <Text>{ask.error}</Text>
        </View>
      ) : null}
      <EntryButton
        variant='plain'
        className='entry-plate__notice-action'
        label={RELEASE_NOTICE_TEXT.ask}
        busy={ask.busy}
        busyText={RELEASE_NOTICE_TEXT.asking}
        testId='plate-release-notice'
        onPress={() => void ask.run()}
      />
    </View>
  )
}
