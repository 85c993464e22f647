import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { OrderDetail } from '../../../../types/api/orders'
import { REAPPLY_CANCEL_REASON } from '../../../domain/cancel-reason'
import { CANCEL_STATE } from '../../../domain/enums'
import { REAPPLY_TYPE, code, deriveOrderStatus, flagOn, orderActions } from '../../../domain/order'
import type { GuideType } from '../../../domain/order'
import type { CancelResult } from '../../../stores/order-store'
import { useStores } from '../../../stores/store-context'
import { useAppServices } from '../../../components/app-services/app-services'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { useCancelOrder } from '../actions/use-cancel-order'
import { useOrderLinks } from '../actions/use-order-links'
import { navigateFromTap } from '../../../platform/navigator'
import { OrderNotFound, OrderPending } from '../detail/OrderStates'
import { payStateLabel } from '../parts/order-format'
import { packageNameOf } from '../../../domain/order-words'
import { OrderHead } from '../parts/OrderHead'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import './guide-reapply.scss'

/** Said before a cancel-and-reapply while new applications are paused: the new one would have to wait. */
export const PAUSED_BEFORE_CANCEL = '当前暂停受理新的ETC申请，取消旧订单后需等恢复受理才能重新申办。'

function guideType(value: string): GuideType | undefined {
  const type = code(value)
  return type === REAPPLY_TYPE.PAY_OR_CANCEL || type === REAPPLY_TYPE.CANCEL_AND_REAPPLY ? type : undefined
}

const GUIDE_TEXT: Readonly<Record<GuideType, { title: string; description: string }>> = {
  [REAPPLY_TYPE.PAY_OR_CANCEL]: {
    title: '您有一笔押金未支付的订单',
    description: '该车辆已有申办订单，押金尚未支付。您可以继续支付完成申办，或取消旧订单后重新申办。',
  },
  [REAPPLY_TYPE.CANCEL_AND_REAPPLY]: {
    title: '该车辆的历史订单需先取消',
    description: '历史订单审核未通过或暂无法发行设备，需先取消旧订单，再重新申办。',
  },
}

/** Why the old order stands in the way, in the user's words. */
function oldOrderReason(order: OrderDetail, type: GuideType): string {
  if (flagOn(order.stockInterceptionFlag)) return '该车辆暂无法发行设备（库存拦截）'
  if (order.auditReason) return order.auditReason
  return type === REAPPLY_TYPE.PAY_OR_CANCEL ? `押金${payStateLabel(order.depositPayState)}` : '审核未通过'
}

function CancelOutcome({ result, onRetry }: { result: CancelResult; onRetry: () => void }) {
  if (result.state === CANCEL_STATE.CANCELLING) {
    return (
      <View className='guide-reapply__outcome' role='status' data-testid='guide-cancelling'>
        旧订单取消中，请稍后在订单列表查看结果后再重新申办。
      </View>
    )
  }
  if (result.state === CANCEL_STATE.FAILED) {
    return (
      <View className='guide-reapply__outcome' role='alert' data-testid='guide-cancel-failed'>
        <Text>旧订单取消失败：{result.reason}</Text>
        <Button block className='guide-reapply__button' onClick={onRetry} aria-label='重试取消旧订单' data-testid='guide-cancel-retry'>
          重试
        </Button>
      </View>
    )
  }
  return null
}

/** Why the page is there: the guide type's title and what the person may do. */
function GuideIntro({ type }: { type: GuideType }) {
  const text = GUIDE_TEXT[type]
  return (
    <View className='guide-reapply__card'>
      <Text className='guide-reapply__title' data-testid='guide-title'>
        {text.title}
      </Text>
      <Text className='guide-reapply__description'>{text.description}</Text>
    </View>
  )
}

/** The old order is cancelled already: nothing stands in the way of a new application. */
function ReapplyNow({ onReapply }: { onReapply: () => void }) {
  return (
    <View className='guide-reapply__actions'>
      <Text className='guide-reapply__outcome' data-testid='guide-cancelled'>
        旧订单已取消，可以重新申办。
      </Text>
      <Button block type='primary' className='guide-reapply__button' onClick={onReapply} aria-label='重新申办' data-testid='guide-reapply-start'>
        重新申办
      </Button>
    </View>
  )
}

/** Type 1's choice: pay the deposit, or cancel on the cancel page (where a reason is asked) when the status allows. */
function PayOrCancel({ orderId, canCancel }: { orderId: string; canCancel: boolean }) {
  const { navigator } = useAppServices()
  return (
    <>
      <Button
        block
        type='primary'
        className='guide-reapply__button'
        onClick={() => navigateFromTap(navigator.open('pay', { orderId }))}
        aria-label='去支付'
        data-testid='guide-pay'
      >
        去支付
      </Button>
      {canCancel ? (
        <Button
          block
          className='guide-reapply__button'
          onClick={() => navigateFromTap(navigator.open('orderCancel', { orderId }))}
          aria-label='取消旧订单'
          data-testid='guide-cancel'
        >
          取消旧订单
        </Button>
      ) : null}
    </>
  )
}

/** Type 2's one way on, warned first when new applications are paused. */
function CancelAndReapply({ paused, busy, onCancel }: { paused: boolean | undefined; busy: boolean; onCancel: () => void }) {
  return (
    <>
      {paused ? (
        <View className='guide-reapply__outcome' role='status' data-testid='guide-new-apply-paused'>
          {PAUSED_BEFORE_CANCEL}
        </View>
      ) : null}
      <Button
        block
        type='primary'
        className='guide-reapply__button'
        disabled={busy}
        aria-disabled={busy}
        loading={busy}
        onClick={onCancel}
        aria-label='取消旧订单并重新申办'
        data-testid='guide-cancel-reapply'
      >
        {busy ? '正在取消…' : '取消旧订单并重新申办'}
      </Button>
    </>
  )
}

/**
 * What to do with a historical order of the plate [orderId, reapplyType]: type 1 (deposit unpaid)
 * pays it or cancels it; type 2 (audit not passed, stock interception) cancels it and starts a new
 * application, and says first when new applications are paused (the operator's switch), so nobody
 * cancels an order expecting to apply again at once.
 */
export const GuideReapplyScreen = observer(function GuideReapplyScreen({ orderId, reapplyType }: { orderId: string; reapplyType: string }) {
  const { order: orders, plateStep } = useStores()
  const type = guideType(reapplyType)
  const { toOrder, reapply } = useOrderLinks(orderId)
  const cancel = useCancelOrder(orderId, { title: '取消旧订单', content: '取消旧订单后将重新开始申办，是否继续？' }, (outcome) => {
    if (outcome.state === CANCEL_STATE.SUCCESS) reapply()
  })
  const busy = cancel.busy

  useEffect(() => {
    if (orderId) void orders.fetchProcess(orderId)
  }, [orders, orderId])
  // Only a warning: unread (a failed call), the page offers the cancel as before.
  useEffect(() => {
    if (type === REAPPLY_TYPE.CANCEL_AND_REAPPLY) plateStep.readNewApplySwitch().catch(() => undefined)
  }, [plateStep, type])

  if (!orderId) return <OrderNotFound />
  const order = orders.processOf(orderId)
  const load = orders.processLoadOf(orderId)
  if (!order) return <OrderPending load={load} errorTestId='guide-error' onRetry={() => void orders.fetchProcess(orderId, { fresh: true })} />

  if (!type) {
    return <StatusView testId='guide-unknown' title='无需处理' description='该订单没有需要处理的事项。' actionText='查看订单' onAction={toOrder} />
  }

  const status = deriveOrderStatus(order)
  const canCancel = orderActions(status).cancel
  const result = orders.cancelResults[orderId]

  return (
    <View className='guide-reapply' data-testid='guide-reapply' data-type={type}>
      <GuideIntro type={type} />

      <View className='guide-reapply__card' role='group' aria-label='历史订单' data-testid='guide-order'>
        <OrderHead plateNumber={order.plateNumber} plateColor={order.plateColor} status={status} block='guide-reapply' testIdPrefix='guide' />
        <Text className='guide-reapply__line'>套餐：{packageNameOf(order)}</Text>
        <Text className='guide-reapply__line' data-testid='guide-reason'>
          原因：{oldOrderReason(order, type)}
        </Text>
      </View>

      {status === 'cancelled' ? (
        <ReapplyNow onReapply={reapply} />
      ) : (
        <View className='guide-reapply__actions'>
          {type === REAPPLY_TYPE.PAY_OR_CANCEL ? (
            <PayOrCancel orderId={orderId} canCancel={canCancel} />
          ) : canCancel ? (
            <CancelAndReapply paused={plateStep.newApply?.paused} busy={busy} onCancel={() => void cancel.run(REAPPLY_CANCEL_REASON, true)} />
          ) : (
            <Text className='guide-reapply__outcome' data-testid='guide-cannot-cancel'>
              该订单当前不可在线取消，请联系客服处理。
            </Text>
          )}
          {result ? <CancelOutcome result={result} onRetry={() => void cancel.run(REAPPLY_CANCEL_REASON, false)} /> : null}
        </View>
      )}
      <CustomerService prompt='需要帮助？' />
    </View>
  )
})
