import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { MissingOrder } from '../MissingOrder'
import { NextSteps } from './NextSteps'
import { RESULT_VARIANTS, resultOf } from './result-variants'
import type { ResultAction } from './result-variants'
import { ResultView } from './ResultView'
import './pay-result.scss'

/** Watches the order's payment until it settles; a settled application clears the form for the next one. */
const PayResult = observer(function PayResult({ orderId }: { orderId: string }) {
  const { payment, order, apply } = useStores()
  const { navigator } = useAppServices()
  const status = payment.watchedOrderId === orderId ? payment.watchStatus : 'idle'
  const settled = status === 'success' || status === 'notNeeded'

  useEffect(() => {
    void payment.watch(orderId)
    return () => payment.stopWatching()
  }, [payment, orderId])

  useEffect(() => {
    if (!settled) return
    // The application is done: the next one starts from an empty form.
    if (apply.orderId === orderId) apply.clear()
    void order.fetchProcess(orderId)
  }, [settled, apply, order, orderId])

  const act = (action: ResultAction) => {
    switch (action) {
      case 'view-order':
        return navigateFromTap(navigator.open('order', { orderId }))
      case 'home':
        return navigateFromTap(navigator.relaunch('home'))
      case 'retry':
      case 'pay':
        return navigateFromTap(navigator.replace('pay', { orderId }))
      case 'refresh':
        return void payment.watch(orderId)
    }
  }

  const name = resultOf(status)
  return (
    <ResultView variant={RESULT_VARIANTS[name]} description={name === 'error' ? payment.watchError?.message : undefined} onAction={act}>
      {settled ? <NextSteps orderId={orderId} /> : null}
      {name === 'polling' && payment.watchError ? (
        <Text className='pay-result__muted pay-result__centre' data-testid='pay-result-retrying'>
          {payment.watchError.message}，正在重试…
        </Text>
      ) : null}
    </ResultView>
  )
})

/** ETC申办 [orderId]: how the payment ended, and what happens next. */
export function PayResultScreen({ orderId }: { orderId: string }) {
  if (!orderId) return <MissingOrder testId='pay-result-missing-order' description='请从“我的订单”中查看订单的支付结果。' />
  return <PayResult orderId={orderId} />
}
