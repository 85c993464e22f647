/**
 * Views acting as buttons (the status views' actions, the error view's reload, the custom
 * header's back) can be reached with Tab and activated with Enter or Space.
 */
import Taro from '@tarojs/taro'
import LandPage from '../../src/pages/land/land/index'
import SelectLandPage from '../../src/pages/apply/select-land/index'
import { PageShell } from '../../src/components/page-shell/PageShell'
import { StatusView } from '../../src/components/status-view/StatusView'
import { getBySelector, mountPage, withLocationMock } from '../support/page-test'

function Broken(): never {
  throw new Error('render failed')
}

function PageThatThrows() {
  return (
    <PageShell route='pay'>
      <Broken />
    </PageShell>
  )
}

describe('keyboard access', () => {
  afterEach(() => jest.restoreAllMocks())

  it('makes every role="button" element on a page focusable', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as ReturnType<typeof Taro.getCurrentPages>)
    for (const Page of [LandPage, SelectLandPage]) {
      const page = await mountPage(Page)
      const buttons = [...page.queries.querySelectorAll('[role="button"]')]
      expect(buttons.length).toBeGreaterThan(0)
      for (const button of buttons) expect(button.getAttribute('tabindex')).toBe('0')
      page.unmout()
    }
  })

  it("activates a status view's action with Enter and with Space", async () => {
    const retry = jest.fn()
    const page = await mountPage(() => <StatusView testId='status' title='加载失败' actionText='重试' onAction={retry} />)
    const action = getBySelector(page, '[data-testid="status"] [role="button"]')
    page.fireEvent.keyDown(action, { key: 'Tab' })
    expect(retry).not.toHaveBeenCalled()
    page.fireEvent.keyDown(action, { key: 'Enter' })
    expect(retry).toHaveBeenCalledTimes(1)
    // Space acts when it is released, like a native button; pressing it only stops the scroll.
    page.fireEvent.keyDown(action, { key: ' ' })
    expect(retry).toHaveBeenCalledTimes(1)
    page.fireEvent.keyUp(action, { key: ' ' })
    expect(retry).toHaveBeenCalledTimes(2)
  })

  it("reloads a crashed page from the error view's action with Enter", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await withLocationMock('reload', async (reload) => {
      const page = await mountPage(PageThatThrows)
      const action = getBySelector(page, '[data-testid="page-crash"] [role="button"]')
      expect(action.getAttribute('tabindex')).toBe('0')
      page.fireEvent.keyDown(action, { key: 'Enter' })
      expect(reload).toHaveBeenCalledTimes(1)
    })
  })

  it("goes back from the custom header's back button with Enter", async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as ReturnType<typeof Taro.getCurrentPages>)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    const page = await mountPage(SelectLandPage)
    const button = getBySelector(page, '[data-testid="custom-header"] [role="button"][aria-label="返回"]')
    page.fireEvent.keyDown(button, { key: 'Enter' })
    expect(back).toHaveBeenCalledWith({ delta: 1 })
  })
})
