import { DAY_MS, NOTICE_SUPPRESS_MS } from '../../../src/domain/constants'
import { ORDER_POPUP_STATUSES, orderPopupDue, orderPopupKey, recordOrderPopupShown } from '../../../src/domain/order-popup'
import { ORDER_STATUSES } from '../../../src/domain/order'
import { STATUS_FIELDS, summary } from '../../support/order-fixtures'

const NOW = 1_800_000_000_000
const waiting = (orderId: string) => summary({ orderId, ...STATUS_FIELDS.awaitingActivation })

describe('the order popup', () => {
  it('reminds of a device waiting to be activated, and of nothing else', () => {
    expect(ORDER_POPUP_STATUSES).toEqual(['awaitingActivation'])
    for (const status of ORDER_STATUSES) {
      const due = orderPopupDue([summary({ orderId: 'O-1', ...STATUS_FIELDS[status] })], {}, NOW)
      expect({ status, due: due?.key }).toEqual({ status, due: status === 'awaitingActivation' ? 'O-1:awaitingActivation' : undefined })
    }
  })

  it('takes the first due order in the list\'s order', () => {
    const due = orderPopupDue([summary({ orderId: 'O-0', ...STATUS_FIELDS.applying }), waiting('O-1'), waiting('O-2')], {}, NOW)
    expect(due?.order.orderId).toBe('O-1')
    expect(due?.status).toBe('awaitingActivation')
  })

  it('shows once a day per order and status, as the once-a-day notices do', () => {
    const key = orderPopupKey('O-1', 'awaitingActivation')
    expect(NOTICE_SUPPRESS_MS).toBe(DAY_MS)
    expect(orderPopupDue([waiting('O-1')], { [key]: NOW - DAY_MS + 1 }, NOW)).toBeUndefined()
    expect(orderPopupDue([waiting('O-1')], { [key]: NOW - DAY_MS }, NOW)?.key).toBe(key)
    // Another order is due although this one was shown.
    expect(orderPopupDue([waiting('O-1'), waiting('O-2')], { [key]: NOW }, NOW)?.order.orderId).toBe('O-2')
    // Another status of the same order would be reminded of anew.
    expect(orderPopupKey('O-1', 'awaitingShipment')).not.toBe(key)
  })

  it('records a showing and forgets records older than a day', () => {
    expect(recordOrderPopupShown({ old: NOW - DAY_MS, recent: NOW - 1 }, 'new', NOW)).toEqual({ recent: NOW - 1, new: NOW })
  })
})
