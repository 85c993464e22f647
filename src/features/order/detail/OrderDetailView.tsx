import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { OrderDetail } from '../../../../types/api/orders'
import { discountTaken, formatDiscount, formatYuan } from '../../../domain/money'
import { DELIVERY_METHOD } from '../../../domain/enums'
import { deriveOrderStatus, flagOn, orderActions } from '../../../domain/order'
import { JOURNEY_HINT, NEXT_ACTION_LABEL, NEXT_ACTIONS, journeyState, payable } from '../../../domain/order-journey'
import type { JourneyState, NextAction } from '../../../domain/order-journey'
import { payModeLabel } from '../../../config/payment'
import { Pressable } from '../../../components/pressable/Pressable'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { auditLabel, cancelStateLabel, deliveryMethodLabel, issuerLabel, payStateLabel, receivedCertificates } from '../parts/order-format'
import { OrderHead } from '../parts/OrderHead'
import { OrderTimeline } from '../timeline/OrderTimeline'
import { formatTimelineTime, packageNameOf } from '../../../domain/order-words'
import { Button } from '../../../components/ui/button'
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

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <View className='order-detail__field'>
      <Text className='order-detail__label'>{label}</Text>
      <Text className='order-detail__value' data-testid={testId}>
        {value}
      </Text>
    </View>
  )
}

/** Whether the issuer has the order: the time of its receipt; an unpaid order goes to it once paid. */
function issuerReceipt(order: OrderDetail, journey: JourneyState): string {
  if (order.issuerReceivedAt) return `已提交至发行方（${formatTimelineTime(order.issuerReceivedAt)}）`
  if (journey === 'cancelled' || journey === 'cancelling') return '未提交（订单已取消）'
  return payable(journey) ? '支付完成后提交至发行方' : '正在提交至发行方，请稍后查看'
}

/** How the device reaches the owner: the pick-up branch, or the courier and the consignee. */
function DeliveryFields({ order }: { order: OrderDetail }) {
  if (order.deliveryMethod === DELIVERY_METHOD.ON_SITE) {
    return order.pickup ? (
      <>
        <Field label='领取网点' value={order.pickup.branchName} testId='order-detail-pickup-branch' />
        <Field label='网点地址' value={order.pickup.address} testId='order-detail-pickup-address' />
        <Field label='营业时间' value={order.pickup.hours} testId='order-detail-pickup-hours' />
      </>
    ) : null
  }
  return (
    <>
      <Field label='物流单号' value={order.trackingNo ?? '暂无'} testId='order-detail-tracking' />
      {order.delivery ? (
        <Field
          label='收货信息'
          value={`${order.delivery.consigneeName} ${order.delivery.consigneeMobile} ${order.delivery.region}${order.delivery.address}`}
          testId='order-detail-consignee'
        />
      ) : null}
    </>
  )
}

/** What to do once the device has arrived. */
const ACTIVATION_HINT: Readonly<Record<string, string>> = {
  [DELIVERY_METHOD.ON_SITE]: '请携带本人身份证和行驶证原件到领取网点领取设备，按说明书安装后完成激活，激活后即可不停车通行。',
  [DELIVERY_METHOD.MAIL]: '设备已寄出，签收后请按说明书安装并完成激活，激活后即可不停车通行。',
}

function Section({ title, children, testId }: { title: string; children?: ReactNode; testId: string }) {
  return (
    <View className='order-detail__section' role='group' aria-label={title} data-testid={testId}>
      <Text className='order-detail__section-title'>{title}</Text>
      {children}
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
  const actions = orderActions(status)
  const journey = journeyState(order)
  const next = NEXT_ACTIONS[journey].orderDetail
  const certificates = receivedCertificates(order.certificatesCommitSate)
  const cancelState = cancelStateLabel(order.cancelState)
  const intercepted = flagOn(order.stockInterceptionFlag)
  const modeLabel = payModeLabel(order.bizType ?? 0)
  const amount = order.amountDueCents === null ? undefined : `${modeLabel} ¥${formatYuan(order.amountDueCents)}`

  return (
    <View className='order-detail' data-testid='order-detail' data-status={status} data-journey={journey}>
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

      {journey === 'awaitingActivation' && order.deliveryMethod ? (
        <Section title='激活指引' testId='order-detail-activation'>
          <Text className='order-detail__text'>{ACTIVATION_HINT[order.deliveryMethod]}</Text>
        </Section>
      ) : null}

      <Section title='办理进度' testId='order-detail-timeline'>
        <OrderTimeline entries={order.timeline} />
      </Section>

      <Section title='审核信息' testId='order-detail-audit-section'>
        <Field label='审核结果' value={auditLabel(order)} testId='order-detail-audit' />
        {order.auditReason ? <Field label='原因' value={order.auditReason} testId='order-detail-audit-reason' /> : null}
        {intercepted ? <Field label='提示' value='该车辆暂无法发行设备（库存拦截），请取消后重新申办' testId='order-detail-interception' /> : null}
      </Section>

      <Section title='配送信息' testId='order-detail-delivery-section'>
        <Field label='领取方式' value={deliveryMethodLabel(order.deliveryMethod)} testId='order-detail-delivery-method' />
        <DeliveryFields order={order} />
        <Field label='发行方' value={issuerLabel(order.issuerId)} testId='order-detail-issuer' />
        {order.completeness.submitted ? <Field label='发行方受理' value={issuerReceipt(order, journey)} testId='order-detail-issuer-received' /> : null}
      </Section>

      <Section title='资料与支付' testId='order-detail-payment-section'>
        <Field label='已收资料' value={certificates.length ? certificates.join('、') : '暂无'} testId='order-detail-certificates' />
        <Field label='支付状态' value={payStateLabel(order.depositPayState)} testId='order-detail-pay-state' />
        {order.voucher && order.amountCents !== null && order.amountDueCents !== null ? (
          <>
            <Field label='套餐价格' value={`¥${formatYuan(order.amountCents)}`} testId='order-detail-price' />
            {/* What the voucher took off, which the least payment may keep below its face value: the lines add up. */}
            <Field
              label='核销码优惠'
              value={`${order.voucher.code} ${formatDiscount(discountTaken(order.amountCents, order.amountDueCents))}`}
              testId='order-detail-voucher'
            />
          </>
        ) : null}
        {amount ? <Field label='金额' value={amount} testId='order-detail-amount' /> : null}
        {order.refund ? (
          <Field
            label='退款'
            value={`${modeLabel}¥${formatYuan(order.refund.amountCents)}已原路退还（${formatTimelineTime(order.refund.at)}）`}
            testId='order-detail-refund'
          />
        ) : null}
      </Section>

      {order.promotionName || order.partnerName ? (
        <Section title='办理渠道' testId='order-detail-promotion-section'>
          {order.promotionName ? <Field label='办理活动' value={order.promotionName} testId='order-detail-promotion' /> : null}
          {order.partnerName ? <Field label='合作方' value={order.partnerName} testId='order-detail-partner' /> : null}
        </Section>
      ) : null}

      {cancelState ? (
        <Section title='取消信息' testId='order-detail-cancel-section'>
          <Field label='取消状态' value={cancelState} testId='order-detail-cancel-state' />
          {order.cancelReason ? <Field label='取消原因' value={order.cancelReason} testId='order-detail-cancel-reason' /> : null}
        </Section>
      ) : null}

      {actions.cancel || actions.qr ? (
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
      ) : null}

      <CustomerService prompt='对订单有疑问？' />
    </View>
  )
}
