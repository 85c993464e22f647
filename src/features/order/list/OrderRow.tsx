import { Text, View } from '@tarojs/components'
import type { OrderSummary } from '../../../../types/api/orders'
import { deriveOrderStatus, orderActions, statusLabel } from '../../../domain/order'
import { JOURNEY_HINT, NEXT_ACTION_LABEL, NEXT_ACTIONS, journeyState } from '../../../domain/order-journey'
import type { NextAction } from '../../../domain/order-journey'
import { OrderPlate } from '../parts/OrderPlate'
import { formatTimelineTime, packageNameOf } from '../../../domain/order-words'
import { Pressable } from '../../../components/pressable/Pressable'
import { StatusTag } from '../parts/StatusTag'
import { Button } from '../../../components/ui/button'
import './order-row.scss'

const CURRENT = '当前办理'

export interface OrderRowProps {
  order: OrderSummary
  /** The current process (the first open order). */
  current?: boolean
  /** This row's next action is opening. */
  busy?: boolean
  onOpen: () => void
  onCancel: () => void
  /** The journey table's next action for this row (never 'track': the summary opens the order). */
  onNext: (action: Exclude<NextAction, 'none' | 'track'>) => void
  onQr: () => void
}

/** The row's own button: the journey table's action, but following the order, which the summary's tap does. */
function rowAction(action: NextAction): Exclude<NextAction, 'none' | 'track'> | undefined {
  return action === 'none' || action === 'track' ? undefined : action
}

/**
 * One order of the list: plate in its colour, package, derived status in its colour, where the
 * person stands, date, the status's cancel and QR code, and the one next action of the journey
 * table. Tapping the summary opens the order.
 */
export function OrderRow({ order, current, busy, onOpen, onCancel, onNext, onQr }: OrderRowProps) {
  const { orderId } = order
  const status = deriveOrderStatus(order)
  const actions = orderActions(status)
  const journey = journeyState(order)
  const next = rowAction(NEXT_ACTIONS[journey].orderList)
  const hint = JOURNEY_HINT[journey]
  const packageName = packageNameOf(order)
  const date = `申办时间：${formatTimelineTime(order.createdAt)}`
  // The summary's name reads its visible text in order (WCAG 2.5.3), then what a tap does.
  const summary = [order.plateNumber, current ? CURRENT : undefined, statusLabel(status), hint, packageName, date].filter(Boolean).join(' ')
  return (
    <View className='order-row' data-testid={`order-row-${orderId}`} data-status={status}>
      <Pressable
        className='order-row__summary'
        label={`${summary}，查看订单详情`}
        onPress={onOpen}
        testId={`order-open-${orderId}`}
      >
        <View className='order-row__head'>
          <OrderPlate plateNumber={order.plateNumber} plateColor={order.plateColor} testId={`order-plate-${orderId}`} />
          {current ? (
            <Text className='order-row__current' data-testid={`order-current-${orderId}`}>
              {CURRENT}
            </Text>
          ) : null}
          <View className='order-row__status'>
            <StatusTag status={status} testId={`order-status-${orderId}`} />
          </View>
        </View>
        <Text className='order-row__hint' data-testid={`order-hint-${orderId}`}>
          {hint}
        </Text>
        <Text className='order-row__package' data-testid={`order-package-${orderId}`}>
          {packageName}
        </Text>
        <Text className='order-row__date' data-testid={`order-date-${orderId}`}>
          {date}
        </Text>
      </Pressable>
      {actions.cancel || next || actions.qr ? (
        <View className='order-row__actions' data-testid={`order-actions-${orderId}`}>
          {actions.qr ? (
            <Button size='small' className='order-row__action' onClick={onQr} aria-label={`显示订单${order.plateNumber}的二维码`} data-testid={`order-qr-${orderId}`}>
              二维码
            </Button>
          ) : null}
          {actions.cancel ? (
            <Button size='small' className='order-row__action' onClick={onCancel} aria-label={`取消订单${order.plateNumber}`} data-testid={`order-cancel-${orderId}`}>
              取消订单
            </Button>
          ) : null}
          {next ? (
            <Button
              size='small'
              type='primary'
              className='order-row__action'
              loading={busy}
              disabled={busy}
              aria-disabled={Boolean(busy)}
              onClick={() => onNext(next)}
              aria-label={`${NEXT_ACTION_LABEL[next]} ${order.plateNumber}`}
              data-testid={`order-next-${orderId}`}
              data-action={next}
            >
              {NEXT_ACTION_LABEL[next]}
            </Button>
          ) : null}
        </View>
      ) : null}
    </View>
  )
}
