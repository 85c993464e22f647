import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import { useStores } from '../../../stores/store-context'
import { useShownAgain } from '../../../components/page-shell/use-shown-again'

/**
 * When the order list loads: on arrival (then [onArrived] decides the popup on that fresh list),
 * again each time the page is shown after that, and fresh on pull-down.
 */
export function useOrderListLoad(onArrived: () => void): void {
  const { order: orders } = useStores()

  useEffect(() => {
    void orders.fetchList().then(onArrived)
  }, [orders, onArrived])

  useShownAgain(() => {
    if (orders.listLoad.status === 'ready' || orders.listLoad.status === 'error') void orders.fetchList()
  })

  Taro.usePullDownRefresh(() => {
    void orders.fetchList({ fresh: true }).finally(() => Taro.stopPullDownRefresh())
  })
}
