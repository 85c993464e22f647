import { navigateFromTap } from '../../platform/navigator'
import { useAppServices } from '../../components/app-services/app-services'
import { StatusView } from '../../components/status-view/StatusView'

/** A page opened without its order: says so and leads to the user's orders. */
export function MissingOrder({ testId, description }: { testId: string; description: string }) {
  const { navigator } = useAppServices()
  return (
    <StatusView
      role='alert'
      testId={testId}
      title='缺少订单信息'
      description={description}
      actionText='查看我的订单'
      onAction={() => navigateFromTap(navigator.open('orderList'))}
    />
  )
}
