import { observer } from 'mobx-react-lite'
import { useAppServices } from '../../../components/app-services/app-services'
import { StatusView } from '../../../components/status-view/StatusView'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { StepRedirect } from '../StepRedirect'
import { ProvinceVerifyStep } from './ProvinceVerifyStep'
import './province.scss'

export { PROVINCE_TEXT } from './province-text'

/**
 * The province issuer's own SMS verification (src/domain/province.ts), between the package choice
 * and the final commit of a province plate's order: the same rules as the phone login (the
 * SMS-code form: the code button counts down from the stored time the last code was sent, inline
 * reasons, the server's words for a wrong code); once verified, the application is submitted and
 * the payment opens. When the issuer's switch is off the step is skipped: the application is
 * submitted at once. This page first makes sure the step is the person's to take.
 */
export const ProvinceVerifyScreen = observer(function ProvinceVerifyScreen({ orderId }: { orderId: string }) {
  const { apply } = useStores()
  const { navigator } = useAppServices()

  if (!apply.orderId) {
    return <StepRedirect to='plateEntry' testId='province-no-order' title='请先填写车牌号' description='正在返回车牌填写页…' actionText='去填写车牌号' />
  }
  if (apply.orderId !== orderId) {
    // Another order's address: the order list goes on with it.
    return <StepRedirect to='orderList' testId='province-other-order' title='该订单不在当前申请中' description='正在打开我的订单…' actionText='查看我的订单' />
  }
  if (apply.submitted) {
    // Submitted (just now, while the payment opens, or earlier): nothing left to verify here.
    return <StatusView testId='province-submitted' title='申请已提交' actionText='去支付' onAction={() => navigateFromTap(navigator.replace('pay', { orderId }))} />
  }
  if (!apply.commodityId) {
    return <StepRedirect to='selectLand' testId='province-no-package' title='请先选择套餐' description='正在返回套餐选择页…' actionText='去选择套餐' />
  }
  return <ProvinceVerifyStep orderId={orderId} />
})
