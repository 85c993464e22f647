import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useState } from 'react'
import type { OfflineOrderParam } from '../../../types/api/orders'
import { asError } from '../../stores/load-state'
import { useStores } from '../../stores/store-context'
import { StatusView } from '../status-view/StatusView'
import { OrderDetailScreen } from './OrderDetailScreen'
import { OrderLoading } from './OrderStates'

type HandOver = { phase: 'running' } | { phase: 'failed'; message: string } | { phase: 'done'; orderId: string }

/**
 * An order taken at a service outlet, carried on online: the offline order becomes the user's
 * online order (once; asking again answers the same order), which is then shown.
 */
export const OfflineHandOver = observer(function OfflineHandOver({ param }: { param: OfflineOrderParam }) {
  const { order: orders } = useStores()
  const [state, setState] = useState<HandOver>({ phase: 'running' })
  const { offlineNo, plateNumber } = param

  const start = useCallback(() => {
    let current = true
    setState({ phase: 'running' })
    orders.handOver({ offlineNo, plateNumber }).then(
      (orderId) => current && setState({ phase: 'done', orderId }),
      (cause: unknown) => current && setState({ phase: 'failed', message: asError(cause).message }),
    )
    return () => {
      current = false
    }
  }, [orders, offlineNo, plateNumber])

  useEffect(start, [start])

  if (state.phase === 'done') return <OrderDetailScreen orderId={state.orderId} />
  if (state.phase === 'running') return <OrderLoading title='正在转为线上订单…' />
  return (
    <StatusView
      role='alert'
      testId='order-handover-error'
      title='线下订单转线上失败'
      description={state.message}
      actionText='重试'
      onAction={() => void start()}
    />
  )
})
