import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { SERVICE_PROMISE_TYPE } from '../../../../types/api/catalogue'
import { useAppServices } from '../../../components/app-services/app-services'
import { commodityView, goodsLines } from '../../../components/commodity-view/commodity-view'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { ServicePromiseView } from '../../../components/service-promise/ServicePromiseView'
import { useServicePromise } from '../../../components/service-promise/use-service-promise'
import { StatusView } from '../../../components/status-view/StatusView'
import { payModeLabel, refundNote } from '../../../config/payment'
import { DELIVERY_METHOD, issuerName } from '../../../domain/enums'
import { formatYuan } from '../../../domain/money'
import type { ServicePromise } from '../../../domain/service-promise'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { ChooseFeedback } from './ChooseFeedback'
import { PackageChooseBar } from './PackageChooseBar'
import { PackageGoods } from './PackageGoods'
import { PackagesGate } from './PackagesGate'
import { PackageSummary } from './PackageSummary'
import { useChoosePackage } from './use-choose-package'
import type { ChoosePackage } from './use-choose-package'
import { useOrderVoucher } from './use-order-voucher'
import './select-detail.scss'

type GoodsConfig = Readonly<Record<string, unknown>>

interface PackageDetailProps {
  commodityId: string
  /** The application's order, whose voucher lowers the price. */
  orderId: string | undefined
  goodsConfig: GoodsConfig | undefined
  choice: ChoosePackage
  /** The service promise, once it has arrived switched on. */
  promise: ServicePromise | undefined
}

/**
 * The loaded package in full, with its price after the order's voucher, or the word that it is
 * gone. Choosing waits while a code of the order is being used (what the order pays may change).
 */
const PackageDetail = observer(function PackageDetail({ commodityId, orderId, goodsConfig, choice, promise }: PackageDetailProps) {
  const { commodity, apply, voucher } = useStores()
  const { navigator } = useAppServices()

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
  const afterVoucher = orderId ? voucher.priceAfterVoucher(orderId, view.priceCents) : undefined
  const voucherPrice = afterVoucher === undefined ? undefined : formatYuan(afterVoucher)
  const price = voucherPrice === undefined ? `¥${view.price}` : `券后¥${voucherPrice}`
  const label = choice.locked ? (selected ? '去支付' : '订单已提交，不可更换') : `选择此套餐 ${price}`
  const disabled = choice.choosingId !== undefined || locked || (orderId !== undefined && voucher.busyFor(orderId))
  return (
    <View className='select-detail' data-testid='package-detail'>
      <PackageSummary view={view} voucherPrice={voucherPrice} />
      <PackageGoods goods={goods} />

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
        {apply.form.values.deliveryMethod === DELIVERY_METHOD.ON_SITE ? (
          <Text className='select-detail__text select-detail__text--strong' data-testid='package-detail-pickup'>
            {ON_SITE_NOTE}
          </Text>
        ) : null}
        <ServicePromiseView promise={promise} testId='package-detail-promise' />
      </View>

      <ChooseFeedback choice={choice} />
      <CustomerService prompt='对套餐有疑问' testId='package-detail-customer-service' />

      <PackageChooseBar choice={choice} commodityId={view.id} label={label} disabled={disabled} />
    </View>
  )
})

/** What a person who chose 网点领取 gets instead of the mailing the package may describe. */
export const ON_SITE_NOTE = '您选择了网点领取：审核通过后请到发行方网点领取设备，网点地址可在订单详情中查看；套餐说明中的“包邮”仅适用于邮寄到家。'

/** 套餐详情 [commodityId]: one package in full, and the same choice as the list. */
export const SelectDetailScreen = observer(function SelectDetailScreen({ commodityId }: { commodityId: string }) {
  const { commodity } = useStores()
  const choice = useChoosePackage()
  const orderId = useOrderVoucher()
  const [goodsConfig, setGoodsConfig] = useState<GoodsConfig | undefined>(undefined)
  // Asked for beside the packages; the detail shows it when it arrives and never waits for it.
  const promise = useServicePromise(SERVICE_PROMISE_TYPE.packageDetail)

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

  return (
    <PackagesGate testIdPrefix='package-detail' loadingClassName='select-detail__loading' loadingText='正在加载套餐详情…'>
      <PackageDetail commodityId={commodityId} orderId={orderId} goodsConfig={goodsConfig} choice={choice} promise={promise} />
    </PackagesGate>
  )
})
