import { useAppServices } from '../../../components/app-services/app-services'
import { navigateFromTap } from '../../../platform/navigator'

/** Where an order page's outcomes lead on, in place of the page: the list, the order, a new application. */
export function useOrderLinks(orderId: string) {
  const { navigator } = useAppServices()
  return {
    toList: () => navigateFromTap(navigator.replace('orderList')),
    toOrder: () => navigateFromTap(navigator.replace('order', { orderId })),
    reapply: () => navigateFromTap(navigator.relaunch('plateEntry')),
  }
}
