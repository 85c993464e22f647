import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { CommodityPrice } from '../../../components/commodity-card/CommodityPrice'
import { TierBadge } from '../../../components/commodity-card/TierBadge'
import { commodityView, goodsLines } from '../../../components/commodity-card/commodity-view'
import { ChooseFeedback } from '../../../components/commodity-choose/ChooseFeedback'
import { useChoosePackage } from '../../../components/commodity-choose/use-choose-package'
import { CustomHeader } from '../../../components/custom-header/CustomHeader'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { PageShell } from '../../../components/page-shell/PageShell'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { payModeLabel, refundNote } from '../../../config/payment'
import { issuerName } from '../../../domain/enums'
import { useStores } from '../../../stores/store-context'
import './index.scss'
import { navigateFromTap } from '../../../platform/navigator'

const SelectDetailBody = observer(function SelectDetailBody() {
  const { commodity, promotion, apply } = useStores()
  const { navigator } = useAppServices()
  const { commodityId } = useRouteParams('commodityId')
  const choice = useChoosePackage()
  const [goodsConfig, setGoodsConfig] = useState<Readonly<Record<string, unknown>> | undefined>(undefined)
  const promotionChannelId = promotion.current.promotionChannelId
  const { status, error } = commodity.load

  useEffect(() => {
    if (commodity.load.status === 'idle' || commodity.load.status === 'error') void commodity.fetch(promotionChannelId)
  }, [commodity, promotionChannelId])

  useEffect(() => {
    let live = true
    // Without the names, the contents show by their keys: the page stays usable.
    commodity
      .goodsTypeConfig()
      .then((config) => live && setGoodsConfig(config))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [commodity])

  if (status === 'idle' || status === 'loading') {
    return (
      <View className='select-detail__loading' role='status' aria-busy data-testid='package-detail-loading'>
        正在加载套餐详情…
      </View>
    )
  }
  if (status === 'error') {
    return (
      <StatusView
        role='alert'
        testId='package-detail-error'
        title='套餐加载失败'
        description={error?.message}
        actionText='重新加载'
        onAction={() => void commodity.fetch(promotionChannelId)}
      />
    )
  }
  const item = commodity.items.find((candidate) => String(candidate.id) === commodityId)
  if (!item) {
    return (
      <StatusView
        testId='package-not-found'
        title='套餐不存在或已下架'
        description='请返回套餐列表选择其他套餐。'
        actionText='查看其他套餐'
        onAction={() => navigateFromTap(navigator.back())}
      />
    )
  }

  const view = commodityView(item)
  const selected = view.id === apply.commodityId
  const goods = goodsLines(view, goodsConfig)
  const issuer = view.issuerId !== undefined ? issuerName(view.issuerId) : undefined
  const modeLabel = payModeLabel(view.bizType)
  const locked = choice.locked && !selected
  const label = choice.locked ? (selected ? '去支付' : '订单已提交，不可更换') : `选择此套餐 ¥${view.price}`
  return (
    <View className='select-detail' data-testid='package-detail'>
      <View className='select-detail__card'>
        <View className='select-detail__head'>
          <TierBadge tier={view.tier} label={view.tierLabel} testId='package-detail-tier' />
          <View className='select-detail__name' role='heading' aria-level={2} data-testid='package-detail-name'>
            {view.name}
          </View>
        </View>
        <CommodityPrice price={view.price} originalPrice={view.originalPrice} modeLabel={modeLabel} testIdPrefix='package-detail' large />
        {view.tags.length > 0 ? (
          <View className='select-detail__tags'>
            {view.tags.map((tag) => (
              <Text key={tag} className='select-detail__tag'>
                {tag}
              </Text>
            ))}
          </View>
        ) : null}
        {view.highlight ? <Text className='select-detail__highlight'>{view.highlight}</Text> : null}
      </View>

      <View className='select-detail__card' data-testid='package-detail-goods'>
        <Text className='select-detail__subtitle'>套餐内容</Text>
        {goods.length > 0 ? (
          goods.map((line) => (
            <View key={line.key} className='select-detail__goods' data-testid='package-detail-goods-item'>
              <View className='select-detail__goods-main'>
                <Text className='select-detail__goods-name'>{line.name}</Text>
                <Text className='select-detail__goods-count'>×{line.count}</Text>
              </View>
              {line.description ? <Text className='select-detail__goods-description'>{line.description}</Text> : null}
            </View>
          ))
        ) : (
          <Text className='select-detail__text'>以套餐说明为准</Text>
        )}
      </View>

      <View className='select-detail__card'>
        <Text className='select-detail__subtitle'>套餐说明</Text>
        {view.description ? (
          <Text className='select-detail__text' data-testid='package-detail-description'>
            {view.description}
          </Text>
        ) : null}
        <Text className='select-detail__text'>
          {modeLabel}：¥{view.price}。{refundNote(view.bizType)}
        </Text>
        {issuer ? (
          <Text className='select-detail__text' data-testid='package-detail-issuer'>
            发行方：{issuer}
          </Text>
        ) : null}
      </View>

      <ChooseFeedback choice={choice} />
      <CustomerService prompt='对套餐有疑问' testId='package-detail-customer-service' />

      <View className='select-detail__bar'>
        <Button
          block
          type='primary'
          className='select-detail__choose'
          loading={choice.choosingId === view.id}
          disabled={choice.choosingId !== undefined || locked}
          aria-disabled={choice.choosingId !== undefined || locked}
          aria-label={label}
          data-testid='package-detail-choose'
          onClick={() => choice.choose(view.id)}
        >
          {label}
        </Button>
      </View>
    </View>
  )
})

/** 套餐详情 [commodityId]: one package in full, and the same choice as the list. */
export default function SelectDetailPage() {
  return (
    <PageShell route='selectDetail' header={<CustomHeader route='selectDetail' />}>
      <SelectDetailBody />
    </PageShell>
  )
}
