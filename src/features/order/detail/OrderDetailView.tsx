import { View } from '@tarojs/components'
import type { OrderDetail } from '../../../../types/api/orders'
import { deriveOrderStatus, orderActions } from '../../../domain/order'
import type { OrderStatus } from '../../../domain/order'
import { JOURNEY_HINT, NEXT_ACTION_LABEL, NEXT_ACTIONS, journeyState } from '../../../domain/order-journey'
import type { JourneyState, NextAction } from '../../../domain/order-journey'
import { Pressable } from '../../../components/pressable/Pressable'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { OrderHead } from '../parts/OrderHead'
import { OrderTimeline } from '../timeline/OrderTimeline'
import { formatTimelineTime, packageNameOf } from '../../../domain/order-words'
import { Button } from '../../../components/ui/button'
import { Field, Section } from './DetailBlocks'
import { ActivationSection, AuditSection, CancelSection, ChannelSection, DeliverySection, PaymentSection } from './OrderDetailSections'
import './order-detail.scss'

export interface OrderDetailActions {
  onCancel: () => void
  /** The journey table's next action for this order on this page. */
  onNext: (action: Exclude<NextAction, 'none'>) => void
  onQr: () => void
  /** Asks the server for the order again (the person's 刷新). */
  onRefresh: () => void
}

export interface OrderDetailViewProps extends OrderDetailActions {
  order: OrderDetail
  /** The next action is opening. */
  busy: boolean
  /** The order is being asked for again. */
  refreshing: boolean
}

type OrderDetailCardProps = Pick<OrderDetailViewProps, 'order' | 'busy' | 'refreshing' | 'onNext' | 'onRefresh'> & {
  status: OrderStatus
  journey: JourneyState
}

/** The card on top: where the order stands, its one next action and 刷新 (the H5 early copy draws its first part too). */
function OrderDetailCard({ order, status, journey, busy, refreshing, onNext, onRefresh }: OrderDetailCardProps) {
  const next = NEXT_ACTIONS[journey].orderDetail
  return (
    <View className='order-detail__card'>
      <OrderHead plateNumber={order.plateNumber} plateColor={order.plateColor} status={status} block='order-detail' testIdPrefix='order-detail' />
      <View className='order-detail__hint' role='status' data-testid='order-detail-hint'>
        {JOURNEY_HINT[journey]}
      </View>
      <Field label='套餐' value={packageNameOf(order)} testId='order-detail-package' />
      <Field label='订单号' value={order.orderId} testId='order-detail-id' />
      <Field label='申办时间' value={formatTimelineTime(order.createdAt)} testId='order-detail-date' />
      {next !== 'none' ? (
        <Button
          block
          type='primary'
          className='order-detail__button'
          loading={busy}
          disabled={busy}
          aria-disabled={busy}
          onClick={() => onNext(next)}
          aria-label={NEXT_ACTION_LABEL[next]}
          data-testid='order-detail-next'
          data-action={next}
        >
          {NEXT_ACTION_LABEL[next]}
        </Button>
      ) : null}
      <Pressable className='order-detail__refresh' label={refreshing ? '正在刷新…' : '刷新订单状态'} onPress={onRefresh} testId='order-detail-refresh'>
        {refreshing ? '正在刷新…' : '刷新'}
      </Pressable>
    </View>
  )
}

/** The cancel and QR code buttons, those the order's status allows. */
function OrderDetailButtons({ status, onCancel, onQr }: { status: OrderStatus; onCancel: () => void; onQr: () => void }) {
  const actions = orderActions(status)
  if (!actions.cancel && !actions.qr) return null
  return (
    <View className='order-detail__actions' data-testid='order-detail-actions'>
      {actions.qr ? (
        <Button className='order-detail__action' onClick={onQr} aria-label='显示订单二维码' data-testid='order-detail-qr'>
          二维码
        </Button>
      ) : null}
      {actions.cancel ? (
        <Button className='order-detail__action' onClick={onCancel} aria-label='取消订单' data-testid='order-detail-cancel'>
          取消订单
        </Button>
      ) : null}
    </View>
  )
}

/**
 * One order in full: status and where the person stands, the one next action of the journey table
 * (src/domain/order-journey.ts), timeline, audit, delivery (the pick-up branch, or the courier),
 * issuer, certificates received, payment and refund, the promotion by name, cancellation, and the
 * cancel and QR code its status allows. 刷新 asks the server again.
 */
export function OrderDetailView({ order, busy, refreshing, onCancel, onNext, onQr, onRefresh }: OrderDetailViewProps) {
  const status = deriveOrderStatus(order)
  const journey = journeyState(order)

  return (
    <View className='order-detail' data-testid='order-detail' data-status={status} data-journey={journey}>
      <OrderDetailCard order={order} status={status} journey={journey} busy={busy} refreshing={refreshing} onNext={onNext} onRefresh={onRefresh} />
      <ActivationSection order={order} journey={journey} />
      <Section title='办理进度' testId='order-detail-timeline'>
        <OrderTimeline entries={order.timeline} />
      </Section>
      <AuditSection order={order} />
      <DeliverySection order={order} journey={journey} />
      <PaymentSection order={order} />
      <ChannelSection order={order} />
      <CancelSection order={order} />
      <OrderDetailButtons status={status} onCancel={onCancel} onQr={onQr} />
      <CustomerService prompt='对订单有疑问？' />
    </View>
  )
}
