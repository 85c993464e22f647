/**
 * @jest-environment jsdom
 */
/**
 * The early copy of the order pages and the app's side of it: the copy draws the person's orders
 * (or the order) from the early answer with the pages' classes, test ids and words; it draws
 * nothing for a refusal, once the app's page shows the order, or after the person has left the
 * address; the app's request takes the answer over once, and only its own.
 */
import { EARLY_ORDER_COPY_ID, EARLY_ORDER_KEY } from '../../../src/config/first-screens'
import { deriveOrderStatus, statusLabel } from '../../../src/domain/order'
import { JOURNEY_HINT, journeyState } from '../../../src/domain/order-journey'
import { drawEarlyOrder } from '../../../src/platform/h5/early-order-view'
import { removeEarlyOrderCopy, takeEarlyAnswer } from '../../../src/platform/h5/early-order-takeover'
import type { EarlyOrder, EarlyOrderWindow } from '../../../src/platform/h5/early-order'
import type { TransportRequest } from '../../../src/services/request/transport'
import { CHANNEL_ID, STATUS_FIELDS, detail, summary } from '../../support/order-fixtures'

const REQUEST = { method: 'POST' as const, url: 'https://etc.example/orders/_search', body: '{"pageNo":1}', header: { Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' } }

function early(page: 'list' | 'detail', data: unknown, statusCode = 200, orderId?: string): EarlyOrder {
  const record: EarlyOrder = {
    page,
    ...(orderId ? { orderId } : {}),
    title: 'ETC申办',
    channelId: CHANNEL_ID,
    request: REQUEST,
    answer: Promise.resolve({ statusCode, data, header: {} }),
    taken: false,
    shown: false,
  }
  ;(window as EarlyOrderWindow)[EARLY_ORDER_KEY] = record
  return record
}

const copy = () => document.getElementById(EARLY_ORDER_COPY_ID)
const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent

beforeEach(() => {
  document.body.innerHTML = ''
  window.location.hash = '#/apply/order-list'
  delete (window as EarlyOrderWindow)[EARLY_ORDER_KEY]
})

describe('the early copy of the order pages', () => {
  it('draws the list as the page does: the current order first, its plate, status, hint, package and date, activated ones apart', async () => {
    const open = summary({ orderId: 'O-1' })
    const activated = summary({ orderId: 'O-2', plateNumber: '沪B54321', ...STATUS_FIELDS.activated })
    early('list', { code: 200, data: { list: [activated, open], total: 2, pageNo: 1, pageSize: 100 } })
    await drawEarlyOrder(document, window)
    expect(copy()?.querySelector('[role="main"] [role="heading"]')?.textContent).toBe('ETC申办')
    const groups = Array.from(document.querySelectorAll('[role="group"]'), (group) => [group.getAttribute('aria-label'), Array.from(group.querySelectorAll('.order-row'), (row) => row.getAttribute('data-testid'))])
    expect(groups).toEqual([
      ['办理中的订单', ['order-row-O-1']],
      ['已激活的订单', ['order-row-O-2']],
    ])
    expect(text('order-status-O-1')).toBe(statusLabel(deriveOrderStatus(open)))
    expect(text('order-plate-O-1')).toBe('京A12345')
    expect(document.querySelector('[data-testid="order-row-O-1"]')?.textContent).toContain('当前办理')
    expect(document.querySelector('[data-testid="order-row-O-1"]')?.textContent).toContain(JOURNEY_HINT[journeyState(open)])
    expect(document.querySelector('[data-testid="order-row-O-1"]')?.textContent).toContain('基础版ETC')
    expect(document.querySelector('[data-testid="order-row-O-2"]')?.textContent).not.toContain('当前办理')
    expect(document.querySelector('.status-tag')?.getAttribute('aria-label')).toBe(`订单状态：${statusLabel(deriveOrderStatus(open))}`)
  })

  it('draws the order’s card on its page, and nothing for another order', async () => {
    window.location.hash = '#/apply/order?orderId=O-1'
    early('detail', { code: 200, data: detail({ orderId: 'O-1' }) }, 200, 'O-1')
    await drawEarlyOrder(document, window)
    expect(text('order-detail-id')).toBe('O-1')
    expect(text('order-detail-status')).toBe(statusLabel(deriveOrderStatus(detail())))
    document.body.innerHTML = ''
    early('detail', { code: 200, data: detail({ orderId: 'O-9' }) }, 200, 'O-1')
    await drawEarlyOrder(document, window)
    expect(copy()).toBeNull()
  })

  it('draws nothing for a refusal, an empty list, a failed request, or without an early order', async () => {
    await drawEarlyOrder(document, window)
    early('list', { code: 401, msg: '请登录' }, 401)
    await drawEarlyOrder(document, window)
    early('list', { code: 404, msg: '无' })
    await drawEarlyOrder(document, window)
    early('list', { code: 200, data: { list: [], total: 0, pageNo: 1, pageSize: 100 } })
    await drawEarlyOrder(document, window)
    const failed = early('list', null)
    ;(window as EarlyOrderWindow)[EARLY_ORDER_KEY] = { ...failed, answer: Promise.reject(new TypeError('Failed to fetch')) }
    await drawEarlyOrder(document, window)
    expect(copy()).toBeNull()
  })

  it('is not drawn once the app’s page shows the order, nor after the person left the address; the app takes it away', async () => {
    const list = { code: 200, data: { list: [summary()], total: 1, pageNo: 1, pageSize: 100 } }
    early('list', list)
    removeEarlyOrderCopy(document, window)
    await drawEarlyOrder(document, window)
    expect(copy()).toBeNull()

    const record = early('list', list)
    let answered: (value: Awaited<EarlyOrder['answer']>) => void = () => undefined
    ;(window as EarlyOrderWindow)[EARLY_ORDER_KEY] = { ...record, answer: new Promise((resolve) => (answered = resolve)) }
    const drawing = drawEarlyOrder(document, window)
    window.location.hash = '#/apply/basic'
    answered({ statusCode: 200, data: list, header: {} })
    await drawing
    expect(copy()).toBeNull()

    window.location.hash = '#/apply/order-list'
    early('list', list)
    await drawEarlyOrder(document, window)
    expect(copy()).not.toBeNull()
    removeEarlyOrderCopy(document, window)
    expect(copy()).toBeNull()
  })

  it('goes when the person goes to another address before the app has come', async () => {
    early('list', { code: 200, data: { list: [summary()], total: 1, pageNo: 1, pageSize: 100 } })
    await drawEarlyOrder(document, window)
    expect(copy()).not.toBeNull()
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(copy()).toBeNull()
  })
})

describe('the app’s request takes the early answer over', () => {
  const asked = (overrides: Partial<TransportRequest> = {}): TransportRequest => ({ ...REQUEST, timeoutMs: 1000, ...overrides })

  it('once, for the very request: same method, address, body and session', async () => {
    const record = early('list', { code: 200 })
    expect(takeEarlyAnswer(window, asked({ url: 'https://etc.example/other' }))).toBeUndefined()
    expect(takeEarlyAnswer(window, asked({ body: '{"pageNo":2}' }))).toBeUndefined()
    expect(takeEarlyAnswer(window, asked({ method: 'GET' }))).toBeUndefined()
    expect(takeEarlyAnswer(window, asked({ header: { Authorization: 'Bearer someone-else' } }))).toBeUndefined()
    expect(takeEarlyAnswer(window, asked())).toBe(record.answer)
    expect(takeEarlyAnswer(window, asked())).toBeUndefined()
  })

  it('answers nothing without an early order', () => {
    expect(takeEarlyAnswer(window, asked())).toBeUndefined()
  })
})
