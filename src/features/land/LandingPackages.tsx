import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useAppServices } from '../../components/app-services/app-services'
import { useStores } from '../../stores/store-context'
import { EntryButton, PackageCard } from '../entry'
import type { LandingArrival } from './use-landing-arrival'

function State({ testId, role = 'status', text, action }: { testId: string; role?: 'status' | 'alert'; text: string; action?: { label: string; testId: string; onPress: () => void } }) {
  return (
    <View className={`landing__state${role === 'alert' ? ' landing__state--error' : ''}`} role={role} data-testid={testId}>
      <Text className='landing__state-text'>{text}</Text>
      {action ? <EntryButton variant='plain' className='landing__state-action' label={action.label} testId={action.testId} onPress={action.onPress} /> : null}
    </View>
  )
}

/**
 * The packages of the promotion in use: loading while the promotion is checked and the list
 * loads, a login offer for a visitor, the failure (of the check or the list) with a retry, none,
 * or the list.
 */
export const LandingPackages = observer(function LandingPackages({ arrival, onApply }: { arrival: LandingArrival; onApply: (commodityId: string) => void }) {
  const { commodity } = useStores()
  const { navigator } = useAppServices()

  if (arrival.phase === 'visitor') {
    return (
      <State
        testId='landing-packages-login'
        text='登录后查看可办理的套餐'
        action={{ label: '登录', testId: 'landing-packages-login-action', onPress: () => void navigator.toLogin() }}
      />
    )
  }
  if (arrival.phase === 'failed') {
    return (
      <State
        testId='landing-packages-error'
        role='alert'
        text={arrival.error?.message || '活动信息加载失败'}
        action={{ label: '重新加载', testId: 'landing-packages-retry', onPress: arrival.retry }}
      />
    )
  }
  const { status, error } = commodity.load
  if (arrival.phase === 'checking' || status === 'idle' || status === 'loading') {
    return <State testId='landing-packages-loading' text='正在加载套餐…' />
  }
  if (status === 'error') {
    return (
      <State
        testId='landing-packages-error'
        role='alert'
        text={error?.message || '套餐加载失败'}
        action={{ label: '重新加载', testId: 'landing-packages-retry', onPress: () => void commodity.fetch() }}
      />
    )
  }
  if (commodity.items.length === 0) {
    return <State testId='landing-packages-empty' text='暂无可办理的套餐，如有疑问请联系客服' />
  }
  return (
    <View className='landing__packages' role='list' aria-label='可选套餐' data-testid='landing-packages'>
      {commodity.items.map((item) => (
        <PackageCard key={item.id} item={item} onApply={() => onApply(String(item.id))} />
      ))}
    </View>
  )
})
