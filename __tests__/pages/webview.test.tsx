import Taro from '@tarojs/taro'
import WebviewPage from '../../src/pages/jump/webview/index'
import { EXTERNAL_URL_REASON } from '../../src/domain/external-url'
import { byTestId, getByText, mountPage, textOf } from '../support/page-test'

function openWith(params: Record<string, string>): void {
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({
    router: { params, path: '/pages/jump/webview/index', onReady: '', onHide: '', onShow: '' },
  } as ReturnType<typeof Taro.getCurrentInstance>)
}

describe('webview page', () => {
  afterEach(() => jest.restoreAllMocks())

  it('embeds the URL-decoded src', async () => {
    openWith({ src: encodeURIComponent('https://example.com/help?a=1&b=2') })
    const page = await mountPage(WebviewPage)
    const frame = page.queries.querySelector('iframe')
    expect(frame?.getAttribute('src')).toBe('https://example.com/help?a=1&b=2')
    expect(byTestId(page, 'webview-error')).toBeNull()
  })

  it('shows an error view when src is missing', async () => {
    openWith({})
    const page = await mountPage(WebviewPage)
    expect(page.queries.querySelector('iframe')).toBeNull()
    expect(textOf(page, 'webview-error')).toContain('无法打开页面')
    expect(textOf(page, 'webview-error')).toContain(EXTERNAL_URL_REASON.missing)
  })

  it('refuses a non-http(s) src and offers a way back', async () => {
    openWith({ src: encodeURIComponent('javascript:alert(1)') })
    const back = jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as ReturnType<typeof Taro.getCurrentPages>)
    const navigateBack = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    const page = await mountPage(WebviewPage)
    expect(page.queries.querySelector('iframe')).toBeNull()
    expect(textOf(page, 'webview-error')).toContain(EXTERNAL_URL_REASON.invalid)
    expect(byTestId(page, 'webview-error')?.getAttribute('role')).toBe('alert')
    page.fireEvent.click(getByText(page, '返回'))
    expect(back).toHaveBeenCalled()
    expect(navigateBack).toHaveBeenCalledTimes(1)
  })
})
