import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useAppServices } from '../../../components/app-services/app-services'
import { commodityView } from '../../../components/commodity-view/commodity-view'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { StatusView } from '../../../components/status-view/StatusView'
import { formatYuan, offeredForApplication } from '../../../domain/money'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { ChooseFeedback } from './ChooseFeedback'
import { CommodityCard } from './CommodityCard'
import { PackagesGate } from './PackagesGate'
import { useChoosePackage } from './use-choose-package'
import { PACKAGE_LOCKED_NOTE, PACKAGE_LOCK_NOTE } from '../../../config/payment'
import type { ChoosePackage } from './use-choose-package'
import { useOrderVoucher } from './use-order-voucher'
import { VoucherEntry } from './VoucherEntry'
import './select-land.scss'

/** The label of a package's choose button. */
function chooseLabel(selected: boolean, locked: boolean): string {
  if (locked) return selected ? '去支付' : '不可更换'
  return selected ? '确认此套餐' : '选择此套餐'
}

/**
 * The loaded packages, or the word that there are none; with the write-off code field when the
 * order takes one. Choosing waits while a code is being used, and a code waits while a package is
 * being chosen: what the order pays must not change under either.
 */
const PackageList = observer(function PackageList({ choice, orderId }: { choice: ChoosePackage; orderId: string | undefined }) {
  const { commodity, apply, voucher } = useStores()
  const { navigator } = useAppServices()

  const offered = commodity.items.filter(offeredForApplication)
  if (offered.length === 0) {
    return (
      <View data-testid='packages-empty'>
        <StatusView title='暂无可办理的套餐' description='当前渠道暂未上架可办理的ETC套餐，请稍后再试或联系客服。' />
        <CustomerService prompt='如有疑问' testId='packages-customer-service' />
      </View>
    )
  }

  const views = offered.map(commodityView)
  const choosing = choice.choosingId !== undefined
  const usingCode = orderId !== undefined && voucher.busyFor(orderId)
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
      <View className='select-land__locked' role='note' data-testid={choice.locked ? 'package-locked' : 'package-lock-note'}>
        {choice.locked ? PACKAGE_LOCKED_NOTE : PACKAGE_LOCK_NOTE}
      </View>
      <ChooseFeedback choice={choice} />
      {orderId ? <VoucherEntry orderId={orderId} choosing={choosing} /> : null}
      <View role='list' aria-label='可选套餐'>
        {views.map((view) => {
          const selected = view.id === apply.commodityId
          const afterVoucher = orderId ? voucher.priceAfterVoucher(orderId, view.priceCents) : undefined
          return (
            <View key={view.id} role='listitem'>
              <CommodityCard
                view={view}
                voucherPrice={afterVoucher === undefined ? undefined : formatYuan(afterVoucher)}
                selected={selected}
                busy={choice.choosingId === view.id}
                disabled={choosing || usingCode || (choice.locked && !selected)}
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
export const SelectLandScreen = observer(function SelectLandScreen() {
  const choice = useChoosePackage()
  const orderId = useOrderVoucher()
  return (
    <PackagesGate testIdPrefix='packages' loadingClassName='select-land__loading' loadingText='正在加载套餐…'>
      <PackageList choice={choice} orderId={orderId} />
    </PackagesGate>
  )
})
