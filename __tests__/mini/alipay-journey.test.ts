/**
 * The apply journey on the Alipay build (dist/alipay), as a person walks it, in the phone-strict
 * world with the real server behind my.request and my.uploadFile over real HTTP: a plate typed on
 * the plate keyboard, the silent login with my.getAuthCode's code (no login page), consent, the
 * information form, four photos from the album (compressed with Alipay's own my.compressImage and
 * sent with my.uploadFile's fileType), a package, my.tradePay (whose simulated platform notifies
 * the server), the result and the order list. Host answers come after seeded random delays
 * (MINI_SEED). Needs `npm run build:alipay` first (skipped loudly without it, failed with
 * REQUIRE_MINI_BUILD=1).
 */
// The server's modules need jsdom's gaps filled before they load.
import './support/server-under-jsdom'
import { ROUTES } from '../../src/config/routes'
import { PAY_STATE } from '../../src/domain/enums'
import { statusLabel } from '../../src/domain/order'
import type { PayOrderInfo } from '../../types/api/payment'
import { API } from '../../types/api/paths'
import { BANK, bearer, pathOf } from '../server/support/api'
import { JPEG_BYTES, data } from '../server/support/orders'
import { openTestDatabase } from '../server/support/test-database'
import type { TestDatabase } from '../server/support/test-database'
import { FakeClock, createTestApp } from '../server/support/test-app'
import type { TestApp } from '../server/support/test-app'
import { AlipayApp } from './alipay-support/alipay-app'
import { ALIPAY_DIST, describeAlipay } from './alipay-support/alipay-build'
import type { PageInstance } from './alipay-support/alipay-app'
import { alipayServerBridge } from './alipay-support/alipay-server'
import type { AlipayServerBridge } from './alipay-support/alipay-server'
import { nodes, pageText } from './alipay-support/data-tree'
import { FAKE_AUTH_CODE } from './alipay-support/fake-my'
import { typePlate } from './alipay-support/plate-keys'
import { listenOnAnyPort } from './support/local-http'
import { notifyPaid, sessionOfAuthCode } from './support/outside-parties'
import { WORLD_HOOK_TIMEOUT_MS } from './support/weapp-world'
import { JOURNEY_PLATE, OWNER_FIELDS, PACKAGE_NAME, PHOTO_SLOTS, UPLOADED } from './support/journey-data'


const PLATE = JOURNEY_PLATE
/** The pay button: 支付<mode> ¥<amount>. */
const PAY_BUTTON = /^支付\S+ ¥\d/
/** my.tradePay's result code for a paid trade (Alipay's documentation). */
const TRADE_PAY_PAID = '9000'

// A whole journey through a dozen pages; generous for a busy machine.
jest.setTimeout(120_000)

describeAlipay('its journey')('the Alipay build: the apply journey against the real server', () => {
  let database: TestDatabase
  let test: TestApp
  let bridge: AlipayServerBridge
  let app: AlipayApp
  let restoreConsole: () => void
  /** The trade numbers my.tradePay paid, in order. */
  const trades: string[] = []

  beforeAll(async () => {
    database = await openTestDatabase()
    // The compiled app signs its requests with the real time: the server's clock starts there too.
    test = await createTestApp(database.db, { clock: new FakeClock(new Date()) })
    bridge = alipayServerBridge(await listenOnAnyPort(test.app), (filePath) => app.host.readFile(filePath))
    app = new AlipayApp({ distDir: ALIPAY_DIST, respond: bridge.respond, photo: JPEG_BYTES, entropyFromServer: true })
    // The person pays in Alipay's sheet; Alipay then tells the server, and answers the app.
    app.host.setHandler('tradePay', async (options) => {
      const tradeNo = String(options.tradeNO)
      await notifyPaid(test, tradeNo, 'alipay')
      trades.push(tradeNo)
      return { resultCode: TRADE_PAY_PAID }
    })
    restoreConsole = app.captureConsole()
    await app.launch()
  }, WORLD_HOOK_TIMEOUT_MS)
  afterAll(async () => {
    restoreConsole?.()
    await test?.close()
    await database?.dispose()
  })

  /** The page on top, once it is `route` and has stopped updating. */
  const reach = async (route: string): Promise<PageInstance> => {
    await app.waitFor(() => app.current().route === route, `the page ${route} (on top: ${app.stack.at(-1)?.route}; errors: ${app.errors.join(' | ')})`)
    await app.settle()
    return app.current()
  }
  const waitForText = (page: PageInstance, text: string) =>
    app.waitFor(() => pageText(page.data).includes(text), `"${text}" on ${page.route} (it says: ${pageText(page.data)})`)
  const tapText = async (text: string | RegExp) => {
    app.tap(await app.findTappable(text))
    await app.settle()
  }
  const problems = () => [...app.errors, ...bridge.failures]

  it('applies and pays: plate, silent login, consent, form, photos, package, my.tradePay, result, order list', async () => {
    // The plate, on the plate keyboard.
    await app.reLaunch(`/${ROUTES.plateEntry.page}`)
    const plate = await reach(ROUTES.plateEntry.page)
    await waitForText(plate, '下一步')
    await typePlate(app, PLATE)
    // The keys typed while the page loads show once it has.
    await waitForText(plate, PLATE)
    await tapText('下一步')

    // Signed in silently with my.getAuthCode's code: no login page on the way to consent.
    const agree = await reach(ROUTES.agree.page)
    const tokenCalls = bridge.calls.filter((call) => call.url === pathOf(API.token.path, { channel: BANK.channelId }))
    expect(tokenCalls.map(({ status, data: body }) => ({ status, body }))).toEqual([
      { status: 200, body: { grantType: 'authCode', provider: 'alipay', code: FAKE_AUTH_CODE } },
    ])
    expect(app.opened.map((page) => page.route)).not.toContain(ROUTES.login.page)

    // Consent: the two agreements and the package issuers' own, once they have loaded, all ticked.
    expect(pageText(agree.data)).toContain(PLATE)
    await app.waitFor(() => !pageText(agree.data).includes('正在加载发行方服务协议'), 'the issuer agreements')
    const boxes = [...nodes(agree.data)].filter((node) => typeof node.cl === 'string' && node.cl.split(' ').includes('consent-check__box'))
    expect(boxes.length).toBeGreaterThan(0)
    for (const box of boxes) {
      app.tap(box)
      await app.settle()
    }
    await tapText('同意并继续')

    // The information form, field by field.
    const form = await reach(ROUTES.upinfo.page)
    expect(pageText(form.data)).toContain(PLATE)
    for (const [label, value] of OWNER_FIELDS) {
      app.input(await app.findInput(label), value)
      await app.settle()
    }
    // The delivery choice: its name, then what it means.
    await tapText(/^网点领取/)

    // Four photos from the album, each confirmed and uploaded to the server.
    for (const [index, slot] of PHOTO_SLOTS.entries()) {
      // The slot reads its state, then its title.
      await tapText(new RegExp(`${slot}$`))
      await reach(ROUTES.selectImage.page)
      await tapText('从相册选择')
      await reach(ROUTES.confirmSelect.page)
      await tapText('确认上传')
      await reach(ROUTES.upinfo.page)
      await app.waitFor(() => pageText(form.data).split(UPLOADED).length - 1 === index + 1, `${index + 1} photos uploaded (errors: ${problems().join(' | ')})`)
    }
    expect(app.host.chosen).toHaveLength(PHOTO_SLOTS.length)
    // Compressed with Alipay's own parameters, then sent as the image kind my.uploadFile requires.
    expect(app.host.callsOf('compressImage').map((options) => Object.keys(options).filter((key) => !['success', 'fail', 'complete'].includes(key)).sort())).toEqual(
      PHOTO_SLOTS.map(() => ['apFilePaths', 'compressLevel']),
    )
    expect(app.host.callsOf('uploadFile').map((options) => options.fileType)).toEqual(PHOTO_SLOTS.map(() => 'image'))
    expect(bridge.calls.filter((call) => call.api === 'uploadFile').map((call) => call.status)).toEqual(PHOTO_SLOTS.map(() => 200))
    await tapText('下一步')

    // A package: its details, then chosen.
    const packages = await reach(ROUTES.selectLand.page)
    await waitForText(packages, PACKAGE_NAME)
    await tapText(`查看${PACKAGE_NAME}详情`)
    const detail = await reach(ROUTES.selectDetail.page)
    await waitForText(detail, PACKAGE_NAME)
    await tapText(/^选择此套餐/)

    // my.tradePay: Alipay charges the trade the server issued and notifies the server.
    const pay = await reach(ROUTES.pay.page)
    const orderId = pay.query.orderId ?? ''
    expect(orderId).not.toBe('')
    await waitForText(pay, orderId)
    await tapText(PAY_BUTTON)
    const result = await reach(ROUTES.payResult.page)
    expect(trades).toHaveLength(1)
    const payCalls = bridge.calls.filter((call) => call.url === pathOf(API.payDeposit.path, { channel: BANK.channelId, orderId }))
    expect(payCalls.map((call) => (call.data as { payMethod?: string }).payMethod)).toEqual(['alipay'])
    await waitForText(result, '支付成功')

    // The server has the order paid.
    const person = await sessionOfAuthCode(test, 'alipay', FAKE_AUTH_CODE)
    const payInfo = data<PayOrderInfo>(await test.inject({ method: 'GET', url: pathOf(API.payOrderInfo.path, { orderId }), headers: bearer(person) }))
    expect(payInfo.depositPayState).toBe(PAY_STATE.SUCCESS)

    // The order list shows it, awaiting audit.
    await app.reLaunch(`/${ROUTES.plateEntry.page}`)
    await reach(ROUTES.plateEntry.page)
    await tapText('我的订单')
    const list = await reach(ROUTES.orderList.page)
    await waitForText(list, PLATE)
    expect(pageText(list.data)).toContain(statusLabel('awaitingAudit'))

    expect(app.opened.map((page) => page.route)).not.toContain(ROUTES.login.page)
    expect(problems()).toEqual([])
  })
})
