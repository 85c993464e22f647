/** How each kind of timeline entry reads and looks, and how its time is written. */
import type { TimelineKind } from '../../../../types/api/orders'

/** good: a step done; bad: a step that failed; neutral: neither (the order stopped, or waits). */
type TimelineTone = 'good' | 'bad' | 'neutral'

export const TIMELINE_KIND_TEXT: Readonly<Record<TimelineKind, { label: string; tone: TimelineTone }>> = {
  applied: { label: '开始申办', tone: 'neutral' },
  provinceVerified: { label: '发行方短信验证通过', tone: 'good' },
  submitted: { label: '资料已提交', tone: 'good' },
  issuerReceived: { label: '已提交至发行方', tone: 'good' },
  paid: { label: '支付成功', tone: 'good' },
  paymentFailed: { label: '支付失败', tone: 'bad' },
  audited: { label: '审核通过', tone: 'good' },
  auditRejected: { label: '审核未通过', tone: 'bad' },
  shipped: { label: '设备已发货', tone: 'good' },
  readyForPickup: { label: '设备已到网点，可以领取', tone: 'good' },
  delivered: { label: '设备已签收', tone: 'good' },
  activated: { label: '设备已激活', tone: 'good' },
  depositRefunded: { label: '押金已退还', tone: 'good' },
  cancelRequested: { label: '申请取消订单', tone: 'neutral' },
  cancelled: { label: '订单已取消', tone: 'neutral' },
  cancelFailed: { label: '取消失败', tone: 'bad' },
}

