/**
 * The request layer's UI and transport on Taro (loaded on first use), with Taro mocked: the toast
 * and the one-button dialog (the UI service's), the login redirect and the page reload on H5 and
 * on the mini-programs.
 */
import Taro from '@tarojs/taro'
import { TOAST_DURATION_MS } from '../../src/domain/constants'
import { createNavigator } from '../../src/platform/navigator'
import { loadTaroTransport } from '../../src/platform/taro-deferred'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { DialogDismissedError } from '../../src/platform/taro-interaction'
import { createRequestUi } from '../../src/platform/request-ui'
import { createUiService } from '../../src/platform/ui-service'
import { TransportFailure } from '../../src/services/request/transport'
import { settle } from './services/fakes'

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: {
    showToast: jest.fn(() => Promise.resolve()),
    showModal: jest.fn(),
    redirectTo: jest.fn(() => Promise.resolve()),
    reLaunch: jest.fn(() => Promise.resolve()),
    navigateTo: jest.fn(() => Promise.resolve()),
    getCurrentPages: jest.fn(() => [{}, {}]),
    getCurrentInstance: jest.fn(),
    request: jest.fn(),
  },
}))

const taro = jest.mocked(Taro)

/** The page on screen, as Taro's router reports it (with its own internal parameters). */
function onPage(path: string, params: Record<string, string>) {
  taro.getCurrentInstance.mockReturnValue({
    router: { path, params: { ...params, $taroTimestamp: '1700000000000', stamp: '7' }, onReady: '', onHide: '', onShow: '' },
  } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
}

function requestUi(target: 'h5' | 'weapp', clickId?: string) {
  process.env.TARO_ENV = target
  const host = createTaroNavigationHost()
  return createRequestUi(createNavigator(host, () => clickId), createUiService(host))
}

describe('request UI on Taro', () => {
  const env = process.env.TARO_ENV
  beforeEach(() => jest.clearAllMocks())
  afterEach(() => {
    process.env.TARO_ENV = env
  })

  it('toasts plain text for the default 1500 ms', async () => {
    requestUi('h5').toast('服务器繁忙，请稍后重试')
    await settle()
    expect(TOAST_DURATION_MS).toBe(1500)
    expect(taro.showToast).toHaveBeenCalledWith({ title: '服务器繁忙，请稍后重试', icon: 'none', duration: TOAST_DURATION_MS })
  })

  it('shows the one-button dialog and resolves when it is confirmed', async () => {
    taro.showModal.mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    await expect(requestUi('h5').alert({ title: '登录信息已过期，请重新登录', confirmText: '重新登录' })).resolves.toBeUndefined()
    expect(taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ title: '登录信息已过期，请重新登录', confirmText: '重新登录', showCancel: false }),
    )
  })

  it('rejects when the host dismisses the dialog without a confirmation', async () => {
    taro.showModal.mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    await expect(requestUi('h5').alert({ title: 't', confirmText: 'ok' })).rejects.toBeInstanceOf(DialogDismissedError)
  })

  it('opens the login page over the current page, with the page and its query to return to', async () => {
    onPage('/pages/apply/pay/index', { orderId: 'O-1', plate: '%E4%BA%ACA12345' })
    requestUi('h5', 'click-9').goToLogin()
    await settle()
    const back = '/pages/apply/pay/index?orderId=O-1&plate=%E4%BA%ACA12345'
    expect(taro.navigateTo).toHaveBeenCalledWith({
      url: `/pages/entry/login/index?redirect=${encodeURIComponent(back)}&bd_vid=click-9`,
    })
  })

  it('finds the current page by its H5 URL too', async () => {
    onPage('/apply/order?stamp=7', { orderId: 'O-2' })
    requestUi('h5').goToLogin()
    await settle()
    expect(taro.navigateTo).toHaveBeenCalledWith({
      url: `/pages/entry/login/index?redirect=${encodeURIComponent('/pages/order/detail/index?orderId=O-2')}`,
    })
  })

  it('reloads the document on H5', () => {
    const reload = jest.fn()
    const globals = globalThis as { window?: unknown }
    globals.window = { location: { reload } }
    try {
      requestUi('h5').reloadPage()
      expect(reload).toHaveBeenCalledTimes(1)
      expect(taro.reLaunch).not.toHaveBeenCalled()
    } finally {
      delete globals.window
    }
  })

  it('relaunches the current page with its query on the mini-programs', async () => {
    onPage('/pages/apply/pay/index', { orderId: 'O-1' })
    requestUi('weapp').reloadPage()
    await settle()
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O-1' })
  })
})

describe('transport on Taro', () => {
  beforeEach(() => jest.clearAllMocks())

  it("passes the call to Taro's request and reads status, data and headers", async () => {
    taro.request.mockResolvedValue({ statusCode: 200, data: { code: 200 }, header: { 'x-a': '1' }, errMsg: 'request:ok' } as never)
    const transport = await loadTaroTransport()
    const response = await transport.request({
      url: 'https://app.test/a',
      method: 'POST',
      header: { Authorization: 'Bearer t' },
      body: '{"a":1}',
      timeoutMs: 30_000,
    })
    expect(taro.request).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'https://app.test/a', method: 'POST', header: { Authorization: 'Bearer t' }, data: '{"a":1}', timeout: 30_000 }),
    )
    expect(response).toEqual({ statusCode: 200, data: { code: 200 }, header: { 'x-a': '1' } })
  })

  it('turns a Taro failure into a transport failure of its kind', async () => {
    taro.request.mockRejectedValue({ errMsg: 'request:fail timeout' })
    const failure = (await loadTaroTransport()).request({ url: '/a', method: 'GET', header: {}, timeoutMs: 1 })
    await expect(failure).rejects.toBeInstanceOf(TransportFailure)
    await expect(failure).rejects.toMatchObject({ kind: 'timeout' })
  })
})
