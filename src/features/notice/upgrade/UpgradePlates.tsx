import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import type { OrderSummary } from '../../../../types/api/orders'
import { deriveOrderStatus, statusLabel } from '../../../domain/order'
import type { ArrangedOrders } from '../../../domain/order'
import { JOURNEY_HINT, NEXT_ACTION_LABEL, NEXT_ACTIONS, journeyState } from '../../../domain/order-journey'
import type { NextAction } from '../../../domain/order-journey'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { useAppServices } from '../../../components/app-services/app-services'
import { Heading } from '../../../components/heading/Heading'
import { Pressable } from '../../../components/pressable/Pressable'
import { Button } from '../../../components/ui/button'
import { useNextAction } from '../../order'

/**
 * The person's orders still under way: the open (not activated) ones as the order list arranges
 * them (the order store's `arranged`: the current channel's first), less the cancelled ones.
 */
function platesUnderWay(arranged: ArrangedOrders<OrderSummary>): OrderSummary[] {
  return arranged.open.filter((order) => deriveOrderStatus(order) !== 'cancelled')
}

/**
 * The plates with open orders: the person's own (a silent personal login first; a visitor it
 * cannot log in is offered the login page, which returns here). Picking one does what the home
 * card does with it (the journey table: continue, pay, follow…); "办理新车辆" starts with a new plate.
 */
export const UpgradePlates = observer(function UpgradePlates() {
  const { user, order: orders } = useStores()
  const { navigator } = useAppServices()
  const next = useNextAction()
  const [login, setLogin] = useState<'pending' | 'visitor' | 'person'>('pending')

  useEffect(() => {
    let mounted = true
    user.login('person').then(
      () => {
        if (!mounted) return
        setLogin('person')
        void orders.fetchList()
      },
      () => mounted && setLogin('visitor'),
    )
    return () => {
      mounted = false
    }
  }, [user, orders])

  const pick = (order: OrderSummary) => next.run(plateAction(order), order)

  return (
    <View>
      <Heading level={2} className='notice-pages__section-title'>
        选择要继续办理的车辆
      </Heading>
      <Plates login={login} onLogin={() => navigateFromTap(navigator.toLogin())} onPick={pick} continuing={next.busyOrder} />
      <Button block type='primary' className='notice-pages__new' onClick={() => navigateFromTap(navigator.open('plateEntry'))} aria-label='办理新车辆' data-testid='upgrade-new-plate'>
        办理新车辆
      </Button>
    </View>
  )
})

interface PlatesProps {
  login: 'pending' | 'visitor' | 'person'
  onLogin: () => void
  onPick: (order: OrderSummary) => void
  continuing: string | undefined
}

/** The home card's action for the order (an order under way always has one; following it is the fallback). */
function plateAction(order: OrderSummary): Exclude<NextAction, 'none'> {
  const action = NEXT_ACTIONS[journeyState(order)].homeCard
  return action === 'none' ? 'track' : action
}

const Plates = observer(function Plates({ login, onLogin, onPick, continuing }: PlatesProps) {
  const { order: orders } = useStores()
  if (login === 'visitor') {
    return (
      <View className='notice-pages__state' role='status' data-testid='upgrade-plates-login'>
        <Text>登录后查看您名下办理中的车辆</Text>
        <Button className='notice-pages__state-action' onClick={onLogin} aria-label='登录' data-testid='upgrade-plates-login-action'>
          登录
        </Button>
      </View>
    )
  }
  const { listLoad, listLoaded } = orders
  if (!listLoaded && listLoad.status === 'error') {
    return (
      <View className='notice-pages__state' role='alert' data-testid='upgrade-plates-error'>
        <Text>{listLoad.error?.message || '车辆加载失败'}</Text>
        <Button className='notice-pages__state-action' onClick={() => void orders.fetchList({ fresh: true })} aria-label='重新加载' data-testid='upgrade-plates-retry'>
          重新加载
        </Button>
      </View>
    )
  }
  if (login === 'pending' || !listLoaded) {
    return (
      <View className='notice-pages__state' role='status' data-testid='upgrade-plates-loading'>
        正在加载您的车辆…
      </View>
    )
  }
  const plates = platesUnderWay(orders.arranged)
  if (plates.length === 0) {
    return (
      <View className='notice-pages__state' role='status' data-testid='upgrade-plates-empty'>
        您名下暂无办理中的车辆
      </View>
    )
  }
  return (
    <View className='notice-pages__plates' role='list' aria-label='办理中的车辆' data-testid='upgrade-plates'>
      {plates.map((order) => {
        const status = statusLabel(deriveOrderStatus(order))
        const hint = JOURNEY_HINT[journeyState(order)]
        const action = NEXT_ACTION_LABEL[plateAction(order)]
        const busy = continuing === order.orderId
        return (
          <View key={order.orderId} role='listitem'>
            <Pressable className='notice-pages__plate' label={`${order.plateNumber} ${status} ${hint}，${action}`} testId={`upgrade-plate-${order.orderId}`} onPress={() => onPick(order)}>
              <Text className='notice-pages__plate-number'>{order.plateNumber}</Text>
              <Text className='notice-pages__plate-status'>{status}</Text>
              <Text className='notice-pages__plate-action'>{busy ? '正在打开…' : action}</Text>
            </Pressable>
          </View>
        )
      })}
    </View>
  )
})
