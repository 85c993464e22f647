import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { CANCEL_REASONS } from '../../../domain/cancel-reason'
import { CANCEL_STATE, PAY_STATE } from '../../../domain/enums'
import { code, deriveOrderStatus, orderActions, statusLabel } from '../../../domain/order'
import type { OrderStatus } from '../../../domain/order'
import type { CancelResult } from '../../../stores/order-store'
import { useStores } from '../../../stores/store-context'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { useCancelOrder } from '../actions/use-cancel-order'
import { useOrderLinks } from '../actions/use-order-links'
import { OrderNotFound, OrderPending } from '../detail/OrderStates'
import { OrderHead } from '../parts/OrderHead'
import { keyboardButtonProps } from '../../../components/pressable/activation-keys'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import './order-cancel.scss'
import { packageNameOf } from '../../../domain/order-words'

/** What the page shows after a cancel, from the cancel's answer (a later load may have settled it). */
function ResultView({ result, orderId, onRetry }: { result: CancelResult; orderId: string; onRetry: () => void }) {
  const { toList, toOrder, reapply } = useOrderLinks(orderId)
  if (result.state === CANCEL_STATE.SUCCESS) {
    return (
      <View className='order-cancel'>
        <StatusView testId='order-cancel-success' title='订单已取消' description='如已支付费用，将按原路退还。' actionText='返回订单列表' onAction={toList} />
        <Button block className='order-cancel__secondary' onClick={reapply} aria-label='重新申办' data-testid='order-cancel-reapply'>
          重新申办
        </Button>
      </View>
    )
  }
  if (result.state === CANCEL_STATE.CANCELLING) {
    return (
      <View className='order-cancel'>
        <StatusView
          testId='order-cancel-cancelling'
          title='订单取消中'
          description='取消申请已提交，正在等待发行方确认，请稍后查看。'
          actionText='查看订单'
          onAction={toOrder}
        />
      </View>
    )
  }
  return (
    <View className='order-cancel'>
      <StatusView role='alert' testId='order-cancel-failed' title='订单取消失败' description={result.reason} actionText='重试' onAction={onRetry} />
      <CustomerService prompt='仍无法取消？' />
    </View>
  )
}

/** The order's status keeps it from being cancelled online: say why, and where help is. */
function CancelUnavailable({ status, onShowOrder }: { status: OrderStatus; onShowOrder: () => void }) {
  return (
    <View className='order-cancel'>
      <StatusView
        testId='order-cancel-unavailable'
        title='该订单当前不可取消'
        description={`订单状态为“${statusLabel(status)}”，设备已发出或已激活，不能在线取消。`}
        actionText='查看订单'
        onAction={onShowOrder}
      />
      <CustomerService prompt='如需帮助' />
    </View>
  )
}

/** The reasons to choose from, as a radio group that keys work on too. */
function CancelReasons({ reason, onPick }: { reason: string | undefined; onPick: (reason: string) => void }) {
  return (
    <View className='order-cancel__card'>
      <Text className='order-cancel__title'>请选择取消原因</Text>
      <View role='radiogroup' aria-label='取消原因' data-testid='order-cancel-reasons'>
        {CANCEL_REASONS.map((item, index) => (
          <View
            key={item}
            className={`order-cancel__reason${reason === item ? ' order-cancel__reason--on' : ''}`}
            role='radio'
            aria-checked={reason === item}
            aria-label={item}
            data-testid={`order-cancel-reason-${index}`}
            onClick={() => onPick(item)}
            {...keyboardButtonProps(() => onPick(item))}
          >
            <Text className='order-cancel__radio' />
            <Text>{item}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}

/** The confirming button: it waits for a reason, and is disabled while the cancel runs. */
function CancelSubmit({ reason, busy, onSubmit }: { reason: string | undefined; busy: boolean; onSubmit: (reason: string) => void }) {
  return (
    <Button
      block
      type='primary'
      className='order-cancel__submit'
      disabled={!reason || busy}
      aria-disabled={!reason || busy}
      loading={busy}
      onClick={() => reason && onSubmit(reason)}
      aria-label='确认取消订单'
      data-testid='order-cancel-submit'
    >
      {busy ? '正在取消…' : '确认取消订单'}
    </Button>
  )
}

/**
 * Cancelling an order [orderId]: offered only where the order's status allows it (the order is
 * loaded first), with a reason and a confirmation; then cancelling, success or failure. A double
 * tap cancels once: the button is disabled while it runs and the store shares the call.
 */
export const OrderCancelScreen = observer(function OrderCancelScreen({ orderId }: { orderId: string }) {
  const { order: orders } = useStores()
  const { toList, toOrder } = useOrderLinks(orderId)
  const [reason, setReason] = useState<string>()
  const cancel = useCancelOrder(orderId, { title: '确认取消订单', content: '取消后该订单将无法恢复，如需办理请重新申办。' })
  const busy = cancel.busy

  useEffect(() => {
    if (orderId) void orders.fetchProcess(orderId)
  }, [orders, orderId])

  if (!orderId) return <OrderNotFound />

  const result = orders.cancelResults[orderId]
  if (result) return <ResultView result={result} orderId={orderId} onRetry={() => void cancel.run(reason ?? CANCEL_REASONS[0], false)} />

  const order = orders.processOf(orderId)
  const load = orders.processLoadOf(orderId)
  if (!order) return <OrderPending load={load} errorTestId='order-cancel-error' onRetry={() => void orders.fetchProcess(orderId, { fresh: true })} />

  const status = deriveOrderStatus(order)
  if (status === 'cancelled') {
    return (
      <StatusView
        testId='order-cancel-already'
        title='订单已取消'
        description='该订单已取消，无需重复操作。'
        actionText='返回订单列表'
        onAction={toList}
      />
    )
  }
  if (!orderActions(status).cancel) return <CancelUnavailable status={status} onShowOrder={toOrder} />

  const paid = code(order.depositPayState) === PAY_STATE.SUCCESS
  return (
    <View className='order-cancel' data-testid='order-cancel-form'>
      <View className='order-cancel__card'>
        <OrderHead plateNumber={order.plateNumber} plateColor={order.plateColor} status={status} block='order-cancel' testIdPrefix='order-cancel' />
        <Text className='order-cancel__package'>{packageNameOf(order)}</Text>
      </View>

      <CancelReasons reason={reason} onPick={setReason} />

      {paid ? (
        <Text className='order-cancel__note' data-testid='order-cancel-refund'>
          该订单已支付，取消成功后费用将原路退还。
        </Text>
      ) : null}

      <CancelSubmit reason={reason} busy={busy} onSubmit={(chosen) => void cancel.run(chosen, true)} />
      {reason ? null : (
        <Text className='order-cancel__note' data-testid='order-cancel-hint'>
          请先选择取消原因
        </Text>
      )}
      <CustomerService prompt='如有疑问' />
    </View>
  )
})
