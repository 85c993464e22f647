import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { LANDING_REFUSAL_TITLES } from '../../config/landings'
import { useStores } from '../../stores/store-context'

/**
 * Why the promotion the visit arrived with is not used (ended, or not open to this channel), and
 * that the channel's default offer below replaces it; nothing when it is used. The check's own
 * reason is said for another channel's promotion only: for an ended or unknown one it says
 * "暂不支持办理", which the default offer below contradicts.
 */
export const RefusalNotice = observer(function RefusalNotice() {
  const { refusal } = useStores().promotion
  if (!refusal) return null
  const title = LANDING_REFUSAL_TITLES[refusal.kind]
  return (
    <View className='landing__refusal' role='status' data-testid='landing-refusal'>
      <Text className='landing__refusal-title'>{title}</Text>
      {refusal.kind === 'foreign' && refusal.message ? <Text className='landing__refusal-detail'>{refusal.message}</Text> : null}
    </View>
  )
})
