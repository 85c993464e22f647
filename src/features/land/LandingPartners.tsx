import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/store-context'
import { EntryButton } from '../entry'
import type { ArrivalPhase } from './use-landing-arrival'

/** What the partner channels' place says before they can load (the packages say why). */
const WAITING: Readonly<Record<Exclude<ArrivalPhase, 'ready'>, string>> = {
  checking: '正在加载合作渠道…',
  visitor: '登录后查看合作渠道',
  failed: '活动信息加载后显示合作渠道',
}

/** The partner channels of the promotion in use (getPartnerChannels). */
export const LandingPartners = observer(function LandingPartners({ phase }: { phase: ArrivalPhase }) {
  const { promotion } = useStores()
  const { status, error } = promotion.partnersLoad
  if (phase !== 'ready' || status === 'idle' || status === 'loading') {
    return (
      <View className='landing__state' role='status' data-testid='landing-partners-waiting'>
        {phase === 'ready' ? WAITING.checking : WAITING[phase]}
      </View>
    )
  }
  if (status === 'error') {
    return (
      <View className='landing__state landing__state--error' role='alert' data-testid='landing-partners-error'>
        <Text className='landing__state-text'>{error?.message || '合作渠道加载失败'}</Text>
        <EntryButton variant='plain' className='landing__state-action' label='重新加载' testId='landing-partners-retry' onPress={() => void promotion.fetchPartners()} />
      </View>
    )
  }
  if (promotion.partners.length === 0) {
    return (
      <View className='landing__state' role='status' data-testid='landing-partners-empty'>
        本活动暂无合作渠道
      </View>
    )
  }
  return (
    <View className='landing__partners' role='list' aria-label='合作渠道' data-testid='landing-partners'>
      {promotion.partners.map((partner) => (
        <View key={partner.partnerId} className='landing__partner' role='listitem' data-testid={`landing-partner-${partner.partnerId}`}>
          {partner.partnerName}
        </View>
      ))}
    </View>
  )
})
