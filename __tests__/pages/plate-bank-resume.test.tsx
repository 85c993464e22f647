/**
 * The entry page on the bank app offers a logged-in person their order under way (handleProcess
 * by uid): asked as the page opens, again when the person logs in (the login 下一步 causes) and
 * when the page is shown again, one call at a time, never before the keyboard works, never without
 * a session (opening the page logs no one in), never on other channels or the mini-programs; a
 * failed lookup leaves the page as it is. 继续办理 goes on where the order list would.
 */
import { CHANNELS } from '../../src/config/channel'
import type { ChannelProfile } from '../../src/config/channel'
import { DEDUPE_WINDOW_MS } from '../../src/domain/constants'
import { ORDER_SOURCE } from '../../src/domain/enums'
import { CURRENT_ORDER_TITLE } from '../../src/features/entry/plate/CurrentOrderCard'
import { NEXT_ACTION_LABEL } from '../../src/domain/order-journey'
import type { BuildTarget } from '../../src/platform/authorization'
import type { TransportResponse } from '../../src/services/request/transport'
import type { OrderDetail } from '../../types/api/orders'
import { deferred } from '../unit/services/fakes'
import { STATUS_FIELDS, detail } from '../support/order-fixtures'
import { lifecycle } from '../support/page-lifecycle'
import { byTestId, getByTestId, spyNavigateToEachTest, textOf } from '../support/page-test'
import { boxes, press } from '../support/plate-keys'
import { PERSON_GRANT, PLATE_PAGE_REPLIES } from '../support/plate-replies'
import { mountPlatePage, plateWorld, requestsTo, settle } from '../support/plate-page-world'
import type { Page, PlateWorld, Reply } from '../support/plate-page-world'
import { envelope } from '../support/test-services'


/** The bank app's call: its path names the session's uid (the plate's own lookup has none). */
const BY_UID = `/h5/${PERSON_GRANT.uid}/handleProcess`

/** An order still being filled in: no photos, the owner's part missing. */
const UNDER_WAY = detail({ orderId: 'order-7', plateNumber: '粤B54321', ...STATUS_FIELDS.applying })

interface WorldOptions {
  /** What the bank app's call answers (an order, null, or a handler). */
  current?: Reply
  channel?: ChannelProfile
  target?: BuildTarget
  /** Answers of the plate page's calls, over the usual ones. */
  replies?: Record<string, Reply>
}

/** The bank app opened with its page token; the plate page's calls answered as usual. */
function bankWorld({ current = null, channel, target, replies = {} }: WorldOptions = {}) {
  return plateWorld({ replies: { [BY_UID]: current, ...replies }, ...(channel ? { channel } : {}), ...(target ? { target } : {}) })
}

type World = PlateWorld

const currentProcessCalls = (world: World) => world.requests.filter((request) => /\/h5\/[^/]+\/handleProcess/.test(request.url))

const open = (world: World): Promise<Page> => mountPlatePage(world)

/** The session the bank app's page token gives (the silent login a call needing the person makes). */
async function loggedIn(options: WorldOptions = {}): Promise<World> {
  const world = bankWorld(options)
  await world.services.store.user.login('person')
  expect(world.services.store.user.uid()).toBe(PERSON_GRANT.uid)
  return world
}

/**
 * The page covered by another one (or the app in the background), then shown again later than
 * the request layer shares an identical call's answer.
 */
async function hideAndShow(page: Page, world: World) {
  await page.act(async () => lifecycle.hide())
  await settle(page)
  world.advance(DEDUPE_WINDOW_MS)
  await page.act(async () => lifecycle.show())
  await settle(page)
}

async function continueOrder(page: Page) {
  page.fireEvent.click(getByTestId(page, 'plate-current-order-continue'))
  await settle(page)
}

describe('entry page on the bank app: the order under way', () => {
  const navigateTo = spyNavigateToEachTest({ clearStorage: true })

  it('shows the order (plate and status) to a person logged in by the page token, asked once', async () => {
    const world = await loggedIn({ current: UNDER_WAY })
    const page = await open(world)
    const card = getByTestId(page, 'plate-current-order')
    expect(card.getAttribute('role')).toBe('region')
    expect(card.getAttribute('aria-label')).toBe(CURRENT_ORDER_TITLE)
    expect(card.textContent).toContain(CURRENT_ORDER_TITLE)
    expect(textOf(page, 'plate-current-order-plate')).toBe('粤B54321')
    expect(textOf(page, 'plate-current-order-status')).toBe('申办中')
    // The order pages' status tag, with its name for screen readers.
    const status = getByTestId(page, 'plate-current-order-status')
    expect(status.getAttribute('aria-label')).toBe('订单状态：申办中')
    expect(status.getAttribute('data-colour')).toBe('orange')
    expect(getByTestId(page, 'plate-current-order-continue').getAttribute('aria-label')).toBe(NEXT_ACTION_LABEL.continue)
    // The plate is not taken from the order: the input is the person's.
    expect(boxes(page)).toBe('')

    await press(page, '京', 'A')
    expect(currentProcessCalls(world)).toHaveLength(1)
    expect(currentProcessCalls(world)[0]?.url).toContain(`/${CHANNELS.bank.channelId}/orders/user/h5/${PERSON_GRANT.uid}/handleProcess`)
  })

  it('继续办理 continues an order being filled in at its first missing step (the agreements first), without asking again', async () => {
    const world = await loggedIn({ current: UNDER_WAY })
    const click = jest.spyOn(world.services.tracker, 'click')
    const page = await open(world)
    await continueOrder(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
    expect(world.services.store.apply.orderId).toBe('order-7')
    expect(world.services.store.apply.plateNumber).toBe('粤B54321')
    expect(requestsTo(world, 'handleOrders')).toHaveLength(0)
    expect(click).toHaveBeenCalledWith('/apply/basic', 'continueCurrentOrder')
  })

  it('继续办理 goes straight to the form once the agreements were accepted for this order', async () => {
    const world = await loggedIn({ current: UNDER_WAY })
    world.services.store.apply.resumeOrder(UNDER_WAY)
    world.services.store.apply.acceptAgreements()
    const page = await open(world)
    await continueOrder(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index' })
  })

  it('查看进度 opens the detail of a paid order waiting for its audit, as the order list does', async () => {
    const submitted = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true }
    const world = await loggedIn({ current: detail({ orderId: 'order-8', ...STATUS_FIELDS.awaitingAudit, completeness: submitted }) })
    const page = await open(world)
    expect(textOf(page, 'plate-current-order-status')).toBe('待审核')
    expect(textOf(page, 'plate-current-order-hint')).toBe('已支付，等待审核')
    expect(getByTestId(page, 'plate-current-order-continue').getAttribute('aria-label')).toBe(NEXT_ACTION_LABEL.track)
    await continueOrder(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/order/detail/index?orderId=order-8' })
    expect(world.services.store.apply.orderId).toBeUndefined()
  })

  it("继续办理 opens a province order's own detail page", async () => {
    const world = await loggedIn({ current: detail({ orderId: 'order-9', orderSource: ORDER_SOURCE.PROVINCE, ...STATUS_FIELDS.awaitingShipment }) })
    const page = await open(world)
    await continueOrder(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/order/detail-jh/index?orderId=order-9' })
  })

  it('shows no card when the person has no order under way', async () => {
    const world = await loggedIn({ current: null })
    const page = await open(world)
    expect(currentProcessCalls(world)).toHaveLength(1)
    expect(byTestId(page, 'plate-current-order')).toBeNull()
  })

  it('shows no card for an order that is over', async () => {
    const world = await loggedIn({ current: detail({ orderId: 'order-6', ...STATUS_FIELDS.cancelled }) })
    const page = await open(world)
    expect(byTestId(page, 'plate-current-order')).toBeNull()
  })

  it('without a session asks nothing and logs no one in, though the address carries the page token', async () => {
    const world = bankWorld({ current: UNDER_WAY })
    const page = await open(world)
    await hideAndShow(page, world)
    expect(currentProcessCalls(world)).toHaveLength(0)
    expect(requestsTo(world, '/oauth2/')).toHaveLength(0)
    expect(world.ui.logins).toBe(0)
    expect(byTestId(page, 'plate-current-order')).toBeNull()
  })

  it.each([
    ['the map channel', { channel: CHANNELS.map }],
    ['a mini-program of the bank channel', { target: 'weapp' as const }],
  ])('asks nothing on %s, even with a person logged in', async (_name, options: WorldOptions) => {
    const world = bankWorld({ current: UNDER_WAY, ...options })
    await world.services.store.user.loginWithCode('13800138000', '123456')
    expect(world.services.store.user.isPersonal()).toBe(true)
    const page = await open(world)
    await hideAndShow(page, world)
    expect(currentProcessCalls(world)).toHaveLength(0)
    expect(byTestId(page, 'plate-current-order')).toBeNull()
  })

  it('asks once the login 下一步 causes has given the person a session', async () => {
    const world = bankWorld({ current: UNDER_WAY })
    const page = await open(world)
    expect(currentProcessCalls(world)).toHaveLength(0)
    await press(page, '京', 'A', '1', '2', '3', '4', '5')
    page.fireEvent.click(getByTestId(page, 'plate-submit'))
    await settle(page)
    expect(world.services.store.user.uid()).toBe(PERSON_GRANT.uid)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
    expect(currentProcessCalls(world)).toHaveLength(1)
    expect(textOf(page, 'plate-current-order-plate')).toBe('粤B54321')
  })

  it("waits for 下一步's checks: on a slow link the browser's few connections are theirs first", async () => {
    const unique = deferred<TransportResponse>()
    const world = bankWorld({ current: UNDER_WAY, replies: { checkPlateNumberUnique: () => unique.promise } })
    const page = await open(world)
    await press(page, '京', 'A', '1', '2', '3', '4', '5')
    page.fireEvent.click(getByTestId(page, 'plate-submit'))
    await settle(page)
    // Logged in by 下一步, the checks under way: no lookup yet.
    expect(world.services.store.user.uid()).toBe(PERSON_GRANT.uid)
    expect(requestsTo(world, 'checkPlateNumberUnique')).toHaveLength(1)
    expect(currentProcessCalls(world)).toHaveLength(0)
    unique.resolve(envelope(PLATE_PAGE_REPLIES.checkPlateNumberUnique))
    await settle(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
    const urls = world.requests.map((request) => request.url)
    expect(urls.findIndex((url) => url.includes(BY_UID))).toBeGreaterThan(urls.findIndex((url) => url.includes('/vehicles/h5/apply')))
    expect(currentProcessCalls(world)).toHaveLength(1)
  })

  it('asks again when the page is shown again, not while it is hidden, and the card follows the answer', async () => {
    const answers = [UNDER_WAY, detail({ orderId: 'order-7', plateNumber: '粤B54321', ...STATUS_FIELDS.cancelled })]
    const world = await loggedIn({ current: async () => envelope(answers.shift() ?? null) })
    const page = await open(world)
    expect(textOf(page, 'plate-current-order-plate')).toBe('粤B54321')
    await page.act(async () => lifecycle.hide())
    await settle(page)
    world.advance(DEDUPE_WINDOW_MS)
    expect(currentProcessCalls(world)).toHaveLength(1)
    await page.act(async () => lifecycle.show())
    await settle(page)
    expect(currentProcessCalls(world)).toHaveLength(2)
    // Cancelled meanwhile (on the order pages): nothing to continue.
    expect(byTestId(page, 'plate-current-order')).toBeNull()
  })

  it('makes one call at a time: shown again while it is asked, it waits for that answer', async () => {
    const answer = deferred<TransportResponse>()
    const world = await loggedIn({ current: () => answer.promise })
    const page = await open(world)
    await hideAndShow(page, world)
    await hideAndShow(page, world)
    expect(currentProcessCalls(world)).toHaveLength(1)
    answer.resolve(envelope(UNDER_WAY satisfies OrderDetail))
    await settle(page)
    expect(textOf(page, 'plate-current-order-plate')).toBe('粤B54321')
    expect(currentProcessCalls(world)).toHaveLength(1)
  })

  it('a failed lookup leaves the page working: no card, no dialog, nothing on the page; the keyboard and 下一步 work', async () => {
    const world = await loggedIn({ current: async () => ({ statusCode: 500, data: null, header: {} }) })
    const page = await open(world)
    expect(currentProcessCalls(world)).toHaveLength(1)
    expect(world.services.store.features.entry.currentProcess.load.status).toBe('error')
    expect(byTestId(page, 'plate-current-order')).toBeNull()
    expect(world.ui.alerts).toBe(0)
    expect(world.ui.toasts).toEqual([])
    expect(page.queries.querySelectorAll('[role="alert"]')).toHaveLength(0)

    await press(page, '京', 'A', '1', '2', '3', '4', '5')
    expect(boxes(page)).toBe('京A12345')
    page.fireEvent.click(getByTestId(page, 'plate-submit'))
    await settle(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  it('the keyboard works while the lookup is under way, and the card joins it when the answer comes', async () => {
    const answer = deferred<TransportResponse>()
    const world = await loggedIn({ current: () => answer.promise })
    const page = await open(world)
    expect(currentProcessCalls(world)).toHaveLength(1)
    expect(byTestId(page, 'plate-current-order')).toBeNull()
    expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
    await press(page, '沪', 'B', '1')
    expect(boxes(page)).toBe('沪B1')

    answer.resolve(envelope(UNDER_WAY satisfies OrderDetail))
    await settle(page)
    expect(textOf(page, 'plate-current-order-plate')).toBe('粤B54321')
    expect(boxes(page)).toBe('沪B1')
    expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
    await press(page, '2')
    expect(boxes(page)).toBe('沪B12')
    expect(currentProcessCalls(world)).toHaveLength(1)
  })
})
