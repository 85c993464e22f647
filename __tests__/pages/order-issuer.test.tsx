/** The order page says, from the server's data, whether the issuer has received the submitted order. */
import OrderPage from '../../src/pages/order/detail/index'
import { formatTimelineTime } from '../../src/domain/order-words'
import { byTestId, getByTestId, textOf } from '../support/page-test'
import { STATUS_FIELDS, detail } from '../support/order-fixtures'
import { answering, mountLoggedIn, spyNavigation } from '../support/order-world'

const RECEIVED_AT = '2026-11-20T02:45:00.000Z'
const SUBMITTED = { ...STATUS_FIELDS.awaitingAudit, completeness: { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true } }

describe('order page: received by the issuer', () => {
  beforeEach(() => spyNavigation())
  afterEach(() => jest.restoreAllMocks())

  it('says the issuer received the order, when, and shows it on the timeline with the receipt number', async () => {
    const order = detail({
      ...SUBMITTED,
      issuerId: 3,
      issuerReceivedAt: RECEIVED_AT,
      timeline: [
        { kind: 'applied', at: '2026-11-20T02:30:00.000Z' },
        { kind: 'submitted', at: '2026-11-20T02:44:00.000Z' },
        { kind: 'issuerReceived', at: RECEIVED_AT, note: '发行方受理编号：SIM03-O-1' },
      ],
    })
    const mounted = await mountLoggedIn(OrderPage, answering(order), { orderId: 'O-1' })
    expect(textOf(mounted, 'order-detail-issuer-received')).toBe(`已提交至发行方（${formatTimelineTime(RECEIVED_AT)}）`)
    const received = getByTestId(mounted, 'order-detail-timeline').querySelector('[data-kind="issuerReceived"]')
    expect(received?.textContent).toContain('已提交至发行方')
    expect(received?.textContent).toContain('发行方受理编号：SIM03-O-1')
    // The newest entry comes first.
    expect(getByTestId(mounted, 'order-detail-timeline').querySelector('[data-kind]')?.getAttribute('data-kind')).toBe('issuerReceived')
  })

  it('says the hand-over is under way while the server has no receipt yet', async () => {
    const mounted = await mountLoggedIn(OrderPage, answering(detail({ ...SUBMITTED, issuerReceivedAt: null })), { orderId: 'O-1' })
    expect(textOf(mounted, 'order-detail-issuer-received')).toBe('正在提交至发行方，请稍后查看')
    expect(getByTestId(mounted, 'order-detail-timeline').textContent).not.toContain('已提交至发行方')
  })

  it('says a cancelled order never reached the issuer', async () => {
    const cancelled = detail({ ...STATUS_FIELDS.cancelled, completeness: SUBMITTED.completeness, issuerReceivedAt: null })
    const mounted = await mountLoggedIn(OrderPage, answering(cancelled), { orderId: 'O-1' })
    expect(textOf(mounted, 'order-detail-issuer-received')).toBe('未提交（订单已取消）')
  })

  it('says nothing of the issuer for an order not yet submitted', async () => {
    const mounted = await mountLoggedIn(OrderPage, answering(detail({ issuerReceivedAt: null })), { orderId: 'O-1' })
    expect(byTestId(mounted, 'order-detail-issuer')).not.toBeNull()
    expect(byTestId(mounted, 'order-detail-issuer-received')).toBeNull()
  })
})
