/**
 * The order detail's sections below its card, each shown only when the order has something to say
 * in it: activation, audit, delivery and issuer, certificates and payment, channel, cancellation.
 */
import { Text } from '@tarojs/components'
import type { OrderDetail } from '../../../../types/api/orders'
import { discountTaken, formatDiscount, formatYuan } from '../../../domain/money'
import { DELIVERY_METHOD } from '../../../domain/enums'
import { flagOn } from '../../../domain/order'
import { payable } from '../../../domain/order-journey'
import type { JourneyState } from '../../../domain/order-journey'
import { payModeLabel } from '../../../config/payment'
import { auditLabel, cancelStateLabel, deliveryMethodLabel, issuerLabel, payStateLabel, receivedCertificates } from '../parts/order-format'
import { formatTimelineTime } from '../../../domain/order-words'
import { Field, Section } from './DetailBlocks'

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

/** The activation guide, only while the device waits to be activated. */
export function ActivationSection({ order, journey }: { order: OrderDetail; journey: JourneyState }) {
  if (journey !== 'awaitingActivation' || !order.deliveryMethod) return null
  return (
    <Section title='激活指引' testId='order-detail-activation'>
      <Text className='order-detail__text'>{ACTIVATION_HINT[order.deliveryMethod]}</Text>
    </Section>
  )
}

/** The audit's result, its reason, and a stock interception the person can only cancel out of. */
export function AuditSection({ order }: { order: OrderDetail }) {
  const intercepted = flagOn(order.stockInterceptionFlag)
  return (
    <Section title='审核信息' testId='order-detail-audit-section'>
      <Field label='审核结果' value={auditLabel(order)} testId='order-detail-audit' />
      {order.auditReason ? <Field label='原因' value={order.auditReason} testId='order-detail-audit-reason' /> : null}
      {intercepted ? <Field label='提示' value='该车辆暂无法发行设备（库存拦截），请取消后重新申办' testId='order-detail-interception' /> : null}
    </Section>
  )
}

/** How the device reaches the owner, and where the issuer stands with the order. */
export function DeliverySection({ order, journey }: { order: OrderDetail; journey: JourneyState }) {
  return (
    <Section title='配送信息' testId='order-detail-delivery-section'>
      <Field label='领取方式' value={deliveryMethodLabel(order.deliveryMethod)} testId='order-detail-delivery-method' />
      <DeliveryFields order={order} />
      <Field label='发行方' value={issuerLabel(order.issuerId)} testId='order-detail-issuer' />
      {order.completeness.submitted ? <Field label='发行方受理' value={issuerReceipt(order, journey)} testId='order-detail-issuer-received' /> : null}
    </Section>
  )
}

/** The certificates received and the money: payment state, price and voucher, amount due, refund. */
export function PaymentSection({ order }: { order: OrderDetail }) {
  const certificates = receivedCertificates(order.certificatesCommitSate)
  const modeLabel = payModeLabel(order.bizType ?? 0)
  const amount = order.amountDueCents === null ? undefined : `${modeLabel} ¥${formatYuan(order.amountDueCents)}`
  return (
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
  )
}

/** The promotion and partner the order came through, when it came through one. */
export function ChannelSection({ order }: { order: OrderDetail }) {
  if (!order.promotionName && !order.partnerName) return null
  return (
    <Section title='办理渠道' testId='order-detail-promotion-section'>
      {order.promotionName ? <Field label='办理活动' value={order.promotionName} testId='order-detail-promotion' /> : null}
      {order.partnerName ? <Field label='合作方' value={order.partnerName} testId='order-detail-partner' /> : null}
    </Section>
  )
}

/** The cancellation's state and reason, once the order has one. */
export function CancelSection({ order }: { order: OrderDetail }) {
  const cancelState = cancelStateLabel(order.cancelState)
  if (!cancelState) return null
  return (
    <Section title='取消信息' testId='order-detail-cancel-section'>
      <Field label='取消状态' value={cancelState} testId='order-detail-cancel-state' />
      {order.cancelReason ? <Field label='取消原因' value={order.cancelReason} testId='order-detail-cancel-reason' /> : null}
    </Section>
  )
}
