/**
 * The early copy of an order page: a script of its own (config/early-order.ts emits it), asked for
 * by index.html's first script together with the order (early-order.ts). It draws, from that
 * answer and before the app's code has come, what the page will show first: the person's orders
 * with their status, or the order's card. It uses the pages' own classes, so it draws once their
 * stylesheets (asked for by route-preload.ts) are here, and it shows over the app's frame until
 * the app's page shows the order (early-order-takeover.ts takes it away). It draws nothing for a
 * failed answer or a refusal (the app's page says what went wrong), nor once the app's page shows
 * the order or the person has gone to another address. Its buttons come with the app's page.
 */
import { EARLY_ORDER_COPY_ID, EARLY_ORDER_KEY } from '../../config/first-screens'
import { BUSINESS_CODE } from '../../../types/api/envelope'
import type { Envelope, Page } from '../../../types/api/envelope'
import type { OrderDetail, OrderSummary } from '../../../types/api/orders'
import { MAX_LAYOUT_WIDTH_PX } from '../../domain/constants'
import { arrangeOrders, deriveOrderStatus, statusColour, statusLabel } from '../../domain/order'
import type { OrderFields } from '../../domain/order'
import { JOURNEY_HINT, journeyState } from '../../domain/order-journey'
import { formatTimelineTime, packageNameOf } from '../../domain/order-words'
import { PLATE_KIND_LABEL, plateKindOf } from '../../domain/plate'
import type { EarlyOrder, EarlyOrderWindow } from './early-order'

/** What the copy says the list's current order is, as the list does. */
const CURRENT = '当前办理'

type Shown = Pick<OrderSummary, 'orderId' | 'plateNumber' | 'plateColor' | 'commodityName' | 'createdAt'> & OrderFields

function element(doc: Document, tag: string, className: string, text?: string, attributes: Record<string, string> = {}): HTMLElement {
  const node = doc.createElement(tag)
  node.className = className
  if (text !== undefined) node.textContent = text
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  return node
}

/** The card's top line: the plate in its colour, the status in its colour (OrderHead, OrderPlate, StatusTag); the test ids are the pages'. */
function head(doc: Document, order: Shown, block: string, testIds: { plate: string; status: string }, current: boolean): HTMLElement {
  const status = deriveOrderStatus(order)
  const kind = plateKindOf(order.plateColor)
  const line = element(doc, 'div', `${block}__head`)
  line.append(element(doc, 'span', `order-plate order-plate--${kind}`, order.plateNumber, { 'aria-label': `${PLATE_KIND_LABEL[kind]} ${order.plateNumber}`, 'data-testid': testIds.plate }))
  if (current) line.append(element(doc, 'span', 'order-row__current', CURRENT))
  const colour = statusColour(status)
  const tag = element(doc, 'span', `status-tag status-tag--${colour}`, statusLabel(status), { 'aria-label': `订单状态：${statusLabel(status)}`, 'data-testid': testIds.status, 'data-status': status, 'data-colour': colour })
  const holder = element(doc, 'div', `${block}__status`)
  holder.append(tag)
  line.append(holder)
  return line
}

/** One row of the list (OrderRow), without its buttons. */
function row(doc: Document, order: OrderSummary, current: boolean): HTMLElement {
  const card = element(doc, 'div', 'order-row', undefined, { 'data-testid': `order-row-${order.orderId}`, 'data-status': deriveOrderStatus(order) })
  const summary = element(doc, 'div', 'order-row__summary')
  summary.append(
    head(doc, order, 'order-row', { plate: `order-plate-${order.orderId}`, status: `order-status-${order.orderId}` }, current),
    element(doc, 'span', 'order-row__hint', JOURNEY_HINT[journeyState(order)]),
    element(doc, 'span', 'order-row__package', packageNameOf(order)),
    element(doc, 'span', 'order-row__date', `申办时间：${formatTimelineTime(order.createdAt)}`),
  )
  card.append(summary)
  return card
}

function list(doc: Document, orders: readonly OrderSummary[], channelId: string): HTMLElement | undefined {
  const { open, activated, current } = arrangeOrders(orders, channelId)
  if (!open.length && !activated.length) return undefined
  const body = element(doc, 'div', 'order-list')
  const section = (label: string, shown: readonly OrderSummary[], title?: string) => {
    const group = element(doc, 'div', 'order-list__section', undefined, { role: 'group', 'aria-label': label })
    if (title) group.append(element(doc, 'span', 'order-list__section-title', title))
    group.append(...shown.map((order) => row(doc, order, order === current && deriveOrderStatus(order) !== 'cancelled')))
    body.append(group)
  }
  if (open.length) section('办理中的订单', open)
  if (activated.length) section('已激活的订单', activated, '已激活')
  return body
}

function field(doc: Document, label: string, value: string, testId: string): HTMLElement {
  const line = element(doc, 'div', 'order-detail__field')
  line.append(element(doc, 'span', 'order-detail__label', label), element(doc, 'span', 'order-detail__value', value, { 'data-testid': testId }))
  return line
}

/** The detail's card (OrderDetailView's first), without its buttons. */
function detail(doc: Document, order: OrderDetail): HTMLElement {
  const body = element(doc, 'div', 'order-detail', undefined, { 'data-status': deriveOrderStatus(order) })
  const card = element(doc, 'div', 'order-detail__card')
  card.append(
    head(doc, order, 'order-detail', { plate: 'order-detail-plate', status: 'order-detail-status' }, false),
    element(doc, 'div', 'order-detail__hint', JOURNEY_HINT[journeyState(order)]),
    field(doc, '套餐', packageNameOf(order), 'order-detail-package'),
    field(doc, '订单号', order.orderId, 'order-detail-id'),
    field(doc, '申办时间', formatTimelineTime(order.createdAt), 'order-detail-date'),
  )
  body.append(card)
  return body
}

/** The page's content from the answer, or nothing for a refusal, an empty list or another order. */
function content(doc: Document, early: EarlyOrder, data: unknown): HTMLElement | undefined {
  const envelope = data as Partial<Envelope<unknown>> | null
  if (!envelope || envelope.code !== BUSINESS_CODE.OK || !envelope.data) return undefined
  if (early.page === 'list') return list(doc, (envelope.data as Page<OrderSummary>).list ?? [], early.channelId)
  const order = envelope.data as OrderDetail
  return order.orderId === early.orderId ? detail(doc, order) : undefined
}

/** Resolves once every stylesheet the document links has loaded (or failed: the copy shows anyway). */
function stylesLoaded(doc: Document): Promise<unknown> {
  const pending = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).filter((link) => !link.sheet)
  return Promise.all(pending.map((link) => new Promise((settle) => {
    link.addEventListener('load', settle)
    link.addEventListener('error', settle)
  })))
}

export async function drawEarlyOrder(doc: Document, win: Window): Promise<void> {
  const early = (win as EarlyOrderWindow)[EARLY_ORDER_KEY]
  if (!early) return
  const hash = win.location.hash
  let shown: HTMLElement | undefined
  try {
    const [answer] = await Promise.all([early.answer, stylesLoaded(doc)])
    shown = answer.statusCode < 400 ? content(doc, early, answer.data) : undefined
  } catch {
    // The request failed: the app's page says so when it asks.
    return
  }
  if (!shown || early.shown || win.location.hash !== hash) return
  const copy = element(doc, 'div', 'page-shell', undefined, { id: EARLY_ORDER_COPY_ID })
  copy.setAttribute('style', 'position:fixed;inset:0;z-index:1;overflow:auto')
  const main = element(doc, 'div', 'page-shell__body', undefined, { role: 'main' })
  main.style.maxWidth = `${MAX_LAYOUT_WIDTH_PX}px`
  main.append(element(doc, 'div', 'page-shell__title', early.title, { role: 'heading', 'aria-level': '1' }), shown)
  copy.append(main)
  doc.body.append(copy)
  // Gone to another address before the app came: the copy was of the page left.
  win.addEventListener('hashchange', () => copy.remove(), { once: true })
}
