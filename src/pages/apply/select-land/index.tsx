import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { CommodityCard } from '../../../components/commodity-card/CommodityCard'
import { commodityView } from '../../../components/commodity-card/commodity-view'
import { ChooseFeedback } from '../../../components/commodity-choose/ChooseFeedback'
import { useChoosePackage } from '../../../components/commodity-choose/use-choose-package'
import { CustomHeader } from '../../../components/custom-header/CustomHeader'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { PageShell } from '../../../components/page-shell/PageShell'
import { StatusView } from '../../../components/status-view/StatusView'
import { useStores } from '../../../stores/store-context'
import './index.scss'
import { navigateFromTap } from '../../../platform/navigator'

/** The label of a package's choose button. */
function chooseLabel(selected: boolean, locked: boolean): string {
  if (locked) return selected ? '去支付' : '不可更换'
  return selected ? '确认此套餐' : '选择此套餐'
}

const SelectLandBody = observer(function SelectLandBody() {
  const { commodity, promotion, apply } = useStores()
  const { navigator } = useAppServices()
  const choice = useChoosePackage()
  const { status, error } = commodity.load
  const promotionChannelId = promotion.current.promotionChannelId

  useEffect(() => {
    // A list already loaded (coming back from a detail page) stays; a failed one is asked again.
    if (commodity.load.status === 'idle' || commodity.load.status === 'error') void commodity.fetch(promotionChannelId)
  }, [commodity, promotionChannelId])

  if (status === 'idle' || status === 'loading') {
    return (
      <View className='select-land__loading' role='status' aria-busy data-testid='packages-loading'>
        正在加载套餐…
      </View>
    )
  }
  if (status === 'error') {
    return (
      <StatusView
        role='alert'
        testId='packages-error'
        title='套餐加载失败'
        description={error?.message}
        actionText='重新加载'
        onAction={() => void commodity.fetch(promotionChannelId)}
      />
    )
  }
  if (commodity.items.length === 0) {
    return (
      <View data-testid='packages-empty'>
        <StatusView title='暂无可办理的套餐' description='当前渠道暂未上架可办理的ETC套餐，请稍后再试或联系客服。' />
        <CustomerService prompt='如有疑问' testId='packages-customer-service' />
      </View>
    )
  }

  const views = commodity.items.map(commodityView)
  return (
    <View className='select-land' data-testid='packages'>
      <View className='select-land__intro'>
        <Text className='select-land__title'>请选择适合您的ETC套餐</Text>
        {apply.plateNumber ? (
          <Text className='select-land__plate' data-testid='package-plate'>
            办理车牌：{apply.plateNumber}
          </Text>
        ) : null}
      </View>
      {choice.locked ? (
        <View className='select-land__locked' role='note' data-testid='package-locked'>
          订单已提交，套餐不可更改。
        </View>
      ) : null}
      <ChooseFeedback choice={choice} />
      <View role='list' aria-label='可选套餐'>
        {views.map((view) => {
          const selected = view.id === apply.commodityId
          return (
            <View key={view.id} role='listitem'>
              <CommodityCard
                view={view}
                selected={selected}
                busy={choice.choosingId === view.id}
                disabled={choice.choosingId !== undefined || (choice.locked && !selected)}
                chooseLabel={chooseLabel(selected, choice.locked)}
                onChoose={() => choice.choose(view.id)}
                onDetails={() => navigateFromTap(navigator.open('selectDetail', { commodityId: view.id }))}
              />
            </View>
          )
        })}
      </View>
      <CustomerService prompt='对套餐有疑问' testId='packages-customer-service' />
    </View>
  )
})

/** 套餐选择: the channel's packages, cheapest first; choosing one submits the application. */
export default function SelectLandPage() {
  return (
    <PageShell route='selectLand' header={<CustomHeader route='selectLand' />}>
      <SelectLandBody />
    </PageShell>
  )
}
