import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { OrderDetail } from '../../../../types/api/orders'
import { discountTaken, formatDiscount, formatYuan } from '../../../domain/money'
import { awaitsPayment, deriveOrderStatus, flagOn, orderActions } from '../../../domain/order'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { auditLabel, cancelStateLabel, deliveryMethodLabel, issuerLabel, packageNameOf, payStateLabel, receivedCertificates } from '../parts/order-format'
import { OrderHead } from '../parts/OrderHead'
import { OrderTimeline } from '../timeline/OrderTimeline'
import { formatTimelineTime } from '../timeline/timeline-entry'
import { Button } from '../../../components/ui/button'
import './order-detail.scss'

export interface OrderDetailActions {
  onCancel: () => void
  onContinue: () => void
  onQr: () => void
  onPay: () => void
  onReapplyGuide: () => void
}

export interface OrderDetailViewProps extends OrderDetailActions {
  order: OrderDetail
  /** "Continue applying" is opening. */
  continuing: boolean
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

/** Whether the issuer has the submitted order: the time of its receipt, as the server recorded it. */
function issuerReceipt(order: OrderDetail, cancelled: boolean): string {
  if (order.issuerReceivedAt) return `已提交至发行方（${formatTimelineTime(order.issuerReceivedAt)}）`
  return cancelled ? '未提交（订单已取消）' : '正在提交至发行方，请稍后查看'
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
 * One order in full: status, timeline, audit, delivery, issuer, certificates received, payment,
 * cancellation, and the actions its status allows (plus paying an unpaid submitted order, and the
 * re-apply guide for a rejected or intercepted one).
 */
export function OrderDetailView({ order, continuing, onCancel, onContinue, onQr, onPay, onReapplyGuide }: OrderDetailViewProps) {
  const status = deriveOrderStatus(order)
  const actions = orderActions(status)
  const certificates = receivedCertificates(order.certificatesCommitSate)
  const cancelState = cancelStateLabel(order.cancelState)
  const intercepted = flagOn(order.stockInterceptionFlag)
  const needsReapply = actions.cancel && (status === 'rejected' || intercepted)
  const canPay = status !== 'cancelled' && order.completeness.submitted && awaitsPayment(order.depositPayState)
  const amount = order.amountDueCents === null ? undefined : `¥${formatYuan(order.amountDueCents)}`

  return (
    <View className='order-detail' data-testid='order-detail' data-status={status}>
      <View className='order-detail__card'>
        <OrderHead plateNumber={order.plateNumber} plateColor={order.plateColor} status={status} block='order-detail' testIdPrefix='order-detail' />
        <Field label='套餐' value={packageNameOf(order)} testId='order-detail-package' />
        <Field label='订单号' value={order.orderId} testId='order-detail-id' />
        <Field label='申办时间' value={formatTimelineTime(order.createdAt)} testId='order-detail-date' />
      </View>

      <Section title='办理进度' testId='order-detail-timeline'>
        <OrderTimeline entries={order.timeline} />
      </Section>

      <Section title='审核信息' testId='order-detail-audit-section'>
        <Field label='审核结果' value={auditLabel(order)} testId='order-detail-audit' />
        {order.auditReason ? <Field label='原因' value={order.auditReason} testId='order-detail-audit-reason' /> : null}
        {intercepted ? <Field label='提示' value='该车辆暂无法发行设备（库存拦截），请取消后重新申办' testId='order-detail-interception' /> : null}
        {needsReapply ? (
          <Button block className='order-detail__button' onClick={onReapplyGuide} aria-label='查看重新申办指引' data-testid='order-detail-reapply'>
            查看重新申办指引
          </Button>
        ) : null}
      </Section>

      <Section title='配送信息' testId='order-detail-delivery-section'>
        <Field label='领取方式' value={deliveryMethodLabel(order.deliveryMethod)} testId='order-detail-delivery-method' />
        <Field label='物流单号' value={order.trackingNo ?? '暂无'} testId='order-detail-tracking' />
        {order.delivery ? (
          <Field
            label='收货信息'
            value={`${order.delivery.consigneeName} ${order.delivery.consigneeMobile} ${order.delivery.region}${order.delivery.address}`}
            testId='order-detail-consignee'
          />
        ) : null}
        <Field label='发行方' value={issuerLabel(order.issuerId)} testId='order-detail-issuer' />
        {order.completeness.submitted ? (
          <Field label='发行方受理' value={issuerReceipt(order, status === 'cancelled')} testId='order-detail-issuer-received' />
        ) : null}
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
        {canPay ? (
          <Button block type='primary' className='order-detail__button' onClick={onPay} aria-label='去支付' data-testid='order-detail-pay'>
            去支付
          </Button>
        ) : null}
      </Section>

      <Section title='推广信息' testId='order-detail-promotion-section'>
        <Field label='推广活动' value={order.promotionChannelId} testId='order-detail-promotion' />
        <Field label='合作方' value={order.partnerId || '无'} testId='order-detail-partner' />
        <Field label='推广员' value={order.promoterId || '无'} testId='order-detail-promoter' />
      </Section>

      {cancelState ? (
        <Section title='取消信息' testId='order-detail-cancel-section'>
          <Field label='取消状态' value={cancelState} testId='order-detail-cancel-state' />
          {order.cancelReason ? <Field label='取消原因' value={order.cancelReason} testId='order-detail-cancel-reason' /> : null}
        </Section>
      ) : null}

      {actions.cancel || actions.continue || actions.qr ? (
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
          {actions.continue ? (
            <Button
              type='primary'
              className='order-detail__action'
              loading={continuing}
              disabled={continuing}
              aria-disabled={continuing}
              onClick={onContinue}
              aria-label='继续申办'
              data-testid='order-detail-continue'
            >
              继续申办
            </Button>
          ) : null}
        </View>
      ) : null}

      <CustomerService prompt='对订单有疑问？' />
    </View>
  )
}
