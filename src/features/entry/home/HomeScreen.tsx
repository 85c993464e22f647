import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../../stores/store-context'
import { useAppServices } from '../../../components/app-services/app-services'
import { BenefitList } from '../../../components/benefit-list/BenefitList'
import { Heading } from '../../../components/heading/Heading'
import { EntryButton } from '../button/EntryButton'
import { EntryLinks } from '../links/EntryLinks'
import { useEntryActions } from '../links/use-entry-actions'
import { PackageCard } from './PackageCard'
import './entry-home.scss'

export const ETC_BENEFITS = [
  { title: '不停车通行', text: '经过高速收费站ETC车道时自动识别、自动扣费，无需停车取卡缴费。' },
  { title: '通行费优惠', text: 'ETC用户通行费享受不少于5%的基本优惠，具体以各地政策为准。' },
  { title: '全程线上办理', text: '在线填写资料、选择套餐，设备邮寄到家或到网点领取。' },
] as const

/** The packages of the current promotion: loading, error with retry, empty, or the list. */
const Packages = observer(function Packages({ onApply }: { onApply: (commodityId: string) => void }) {
  const { commodity, promotion, user } = useStores()
  const { navigator } = useAppServices()
  const [visitor, setVisitor] = useState(false)
  const load = () => void commodity.fetch()

  useEffect(() => {
    // The channel's packages are for logged-in users: a silent login is tried, and a visitor it
    // cannot log in is offered the login page rather than sent to it.
    let mounted = true
    const list = () => {
      if (mounted) void commodity.ensure()
    }
    const session = user.isValid ? Promise.resolve() : user.login()
    session.then(
      // The promotion the visit arrived with, once checked, decides what is on offer. If the check
      // fails the default's packages show; the plate page checks again before any order is opened,
      // and says so if it fails there.
      () => promotion.settle().then(list, list),
      () => mounted && setVisitor(true),
    )
    return () => {
      mounted = false
    }
  }, [commodity, promotion, user])

  if (visitor && !user.isValid) {
    return (
      <View className='entry-home__state' role='status' data-testid='home-packages-login'>
        <Text className='entry-home__state-text'>登录后查看可办理的套餐</Text>
        <EntryButton variant='plain' className='entry-home__state-action' label='登录' testId='home-packages-login-action' onPress={() => void navigator.toLogin()} />
      </View>
    )
  }

  const { status, error } = commodity.load
  if (status === 'idle' || (status === 'loading' && commodity.items.length === 0)) {
    return (
      <View className='entry-home__state' role='status' data-testid='home-packages-loading'>
        正在加载套餐…
      </View>
    )
  }
  if (status === 'error') {
    return (
      <View className='entry-home__state' role='alert' data-testid='home-packages-error'>
        <Text className='entry-home__state-text'>{error?.message || '套餐加载失败'}</Text>
        <EntryButton variant='plain' className='entry-home__state-action' label='重新加载' testId='home-packages-retry' onPress={load} />
      </View>
    )
  }
  if (commodity.items.length === 0) {
    return (
      <View className='entry-home__state' role='status' data-testid='home-packages-empty'>
        暂无可办理的套餐，如有疑问请联系客服
      </View>
    )
  }
  return (
    <View className='entry-home__packages' role='list' aria-label='可选套餐' data-testid='home-packages'>
      {commodity.items.map((item) => (
        <PackageCard key={item.id} item={item} onApply={() => onApply(String(item.id))} />
      ))}
    </View>
  )
})

/**
 * The product home: what ETC is, the packages on offer, and the ways on: start
 * applying, my orders, customer service.
 */
export function HomeScreen() {
  const actions = useEntryActions('home')
  const apply = (target: string, extra?: Record<string, string>) => {
    actions.track(target, extra)
    void actions.open('plateEntry')
  }
  return (
    <View className='entry-home'>
      <View className='entry-home__hero'>
        <Heading level={1} className='entry-home__title'>ETC申办</Heading>
        <Text className='entry-home__subtitle'>高速不停车，通行更省心</Text>
        <EntryButton className='entry-home__cta' label='立即申办' testId='home-apply' onPress={() => apply('apply')} />
      </View>
      <View className='entry-home__section'>
        <Heading level={2} className='entry-home__section-title'>什么是ETC</Heading>
        <Text className='entry-home__paragraph'>
          ETC（电子不停车收费）是安装在车辆前挡风玻璃上的电子设备，车辆通过高速公路收费站时与车道天线通信，自动完成身份识别和通行费扣缴。
        </Text>
        <BenefitList items={ETC_BENEFITS} label='ETC的好处' />
      </View>
      <View className='entry-home__section'>
        <Heading level={2} className='entry-home__section-title'>可选套餐</Heading>
        <Packages onApply={(commodityId) => apply('package', { commodityId })} />
      </View>
      <EntryLinks page='home' />
    </View>
  )
}
