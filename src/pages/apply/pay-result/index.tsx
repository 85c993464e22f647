import { Text, View } from '@tarojs/components'
import { ClockF, FailureF, SuccessF, WarningF } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { OrderTimeline } from '../../../components/order-timeline/OrderTimeline'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { MissingOrder } from '../../../components/order-detail/MissingOrder'
import { PageShell } from '../../../components/page-shell/PageShell'
import { Pressable } from '../../../components/pressable/Pressable'
import { Button } from '../../../components/ui/button'
import { AFTER_PAYMENT_STEPS } from '../../../config/payment'
import type { RouteName } from '../../../config/routes'
import type { PageQuery } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import './index.scss'
import { navigateFromTap } from '../../../platform/navigator'

const ICON_SIZE = 56
const COLOURS = { success: '#00b42a', failure: '#f53f3f', waiting: '#ff7d00' } as const

interface ResultProps {
  testId: string
  icon: ReactNode
  title: string
  description?: string
  /** 'alert' for outcomes the user must act on. */
  role?: 'status' | 'alert'
  children?: ReactNode
}

/** The head of every outcome: icon, title and what it means. */
function Result({ testId, icon, title, description, role = 'status', children }: ResultProps) {
  return (
    <View className='pay-result' data-testid={testId}>
      <View className='pay-result__head' role={role}>
        <View className='pay-result__icon' aria-hidden>
          {icon}
        </View>
        <View className='pay-result__title' role='heading' aria-level={1}>
          {title}
        </View>
        {description ? <Text className='pay-result__description'>{description}</Text> : null}
      </View>
      {children}
    </View>
  )
}

function Action({ label, testId, primary, onPress }: { label: string; testId: string; primary?: boolean; onPress: () => void }) {
  return (
    <Button
      block
      type='primary'
      fill={primary ? 'solid' : 'outline'}
      className='pay-result__action'
      aria-label={label}
      data-testid={testId}
      onClick={onPress}
    >
      {label}
    </Button>
  )
}

/** What happens after payment (审核 → 发货 → 激活), and the order's own timeline. */
const NextSteps = observer(function NextSteps({ orderId }: { orderId: string }) {
  const { order } = useStores()
  const process = order.processOf(orderId)
  const load = order.processLoadOf(orderId)
  return (
    <>
      <View className='pay-result__card' data-testid='pay-result-next-steps'>
        <View className='pay-result__subtitle' role='heading' aria-level={2}>
          接下来
        </View>
        <View className='pay-result__steps' role='list'>
          {AFTER_PAYMENT_STEPS.map((step, index) => (
            <View key={step.title} className='pay-result__step' role='listitem'>
              <Text className='pay-result__step-index'>{index + 1}</Text>
              <Text className='pay-result__step-title'>{step.title}</Text>
              <Text className='pay-result__step-detail'>{step.detail}</Text>
            </View>
          ))}
        </View>
      </View>
      <View className='pay-result__card'>
        <View className='pay-result__subtitle' role='heading' aria-level={2}>
          订单进度
        </View>
        {process ? (
          <OrderTimeline entries={process.timeline} />
        ) : load.status === 'error' ? (
          <Pressable
            className='pay-result__retry'
            label='订单进度加载失败，点击重试'
            testId='order-timeline-error'
            onPress={() => void order.fetchProcess(orderId, { fresh: true })}
          >
            订单进度加载失败，点击重试
          </Pressable>
        ) : (
          <Text className='pay-result__muted' data-testid='order-timeline-loading'>
            正在加载订单进度…
          </Text>
        )}
      </View>
    </>
  )
})

const PayResultBody = observer(function PayResultBody({ orderId }: { orderId: string }) {
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

  const go = (route: RouteName, query?: PageQuery, replace = false) => {
    navigateFromTap(replace ? navigator.replace(route, query) : navigator.open(route, query))
  }
  const refresh = () => void payment.watch(orderId)
  const viewOrder = <Action label='查看订单' testId='pay-result-view-order' onPress={() => go('order', { orderId })} />

  switch (status) {
    case 'success':
    case 'notNeeded':
      return (
        <Result
          testId='pay-result-success'
          icon={<SuccessF size={ICON_SIZE} color={COLOURS.success} />}
          title={status === 'success' ? '支付成功' : '申请已提交'}
          description={status === 'success' ? '您的ETC申请已提交，请留意审核和物流进度。' : '本订单无需支付，您的ETC申请已提交。'}
        >
          <NextSteps orderId={orderId} />
          <View className='pay-result__actions'>
            <Action label='查看订单' testId='pay-result-view-order' primary onPress={() => go('order', { orderId })} />
            <Action label='返回首页' testId='pay-result-home' onPress={() => navigateFromTap(navigator.relaunch('home'))} />
          </View>
        </Result>
      )
    case 'failed':
      return (
        <Result
          testId='pay-result-failed'
          role='alert'
          icon={<FailureF size={ICON_SIZE} color={COLOURS.failure} />}
          title='支付失败'
          description='本次支付未完成。您可以为同一订单重新支付，不会产生新的订单。'
        >
          <View className='pay-result__actions'>
            <Action label='重新支付' testId='pay-result-retry' primary onPress={() => go('pay', { orderId }, true)} />
            {viewOrder}
          </View>
          <CustomerService prompt='支付遇到问题' testId='pay-result-customer-service' />
        </Result>
      )
    case 'unpaid':
      return (
        <Result
          testId='pay-result-unpaid'
          role='alert'
          icon={<WarningF size={ICON_SIZE} color={COLOURS.waiting} />}
          title='订单尚未支付'
          description='请完成支付后继续办理。'
        >
          <View className='pay-result__actions'>
            <Action label='去支付' testId='pay-result-pay' primary onPress={() => go('pay', { orderId }, true)} />
            {viewOrder}
          </View>
        </Result>
      )
    case 'timeout':
      return (
        <Result
          testId='pay-result-timeout'
          role='alert'
          icon={<ClockF size={ICON_SIZE} color={COLOURS.waiting} />}
          title='支付结果查询超时'
          description='暂未查询到支付结果。如您已完成支付，请稍后刷新查看，请勿重复支付。'
        >
          <View className='pay-result__actions'>
            <Action label='刷新' testId='pay-result-refresh' primary onPress={refresh} />
            {viewOrder}
          </View>
          <CustomerService prompt='长时间未出结果' testId='pay-result-customer-service' />
        </Result>
      )
    case 'error':
      return (
        <Result
          testId='pay-result-error'
          role='alert'
          icon={<WarningF size={ICON_SIZE} color={COLOURS.failure} />}
          title='支付结果查询失败'
          description={payment.watchError?.message}
        >
          <View className='pay-result__actions'>
            <Action label='刷新' testId='pay-result-refresh' primary onPress={refresh} />
            <Action label='返回首页' testId='pay-result-home' onPress={() => navigateFromTap(navigator.relaunch('home'))} />
          </View>
        </Result>
      )
    case 'idle':
    case 'polling':
      return (
        <Result
          testId='pay-result-polling'
          icon={<ClockF size={ICON_SIZE} color={COLOURS.waiting} />}
          title='正在查询支付结果'
          description='请稍候，支付结果通常几秒内返回。'
        >
          {payment.watchError ? (
            <Text className='pay-result__muted pay-result__centre' data-testid='pay-result-retrying'>
              {payment.watchError.message}，正在重试…
            </Text>
          ) : null}
        </Result>
      )
  }
})

/** ETC申办 [orderId]: how the payment ended, and what happens next. */
export default function PayResultPage() {
  const { orderId } = useRouteParams('orderId')
  return (
    <PageShell route='payResult'>
      {orderId ? (
        <PayResultBody orderId={orderId} />
      ) : (
        <MissingOrder testId='pay-result-missing-order' description='请从“我的订单”中查看订单的支付结果。' />
      )}
    </PageShell>
  )
}
