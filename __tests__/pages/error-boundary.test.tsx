import { CustomHeader } from '../../src/components/custom-header/CustomHeader'
import { PageShell } from '../../src/components/page-shell/PageShell'
import { byTestId, getBySelector, mountPage, textOf, withLocationMock } from '../support/page-test'

function Broken(): never {
  throw new Error('render failed')
}

/** A page built like every page of the app, whose content throws. */
function PageThatThrows() {
  return (
    <PageShell route='selectLand' header={<CustomHeader route='selectLand' />}>
      <Broken />
    </PageShell>
  )
}

describe('a page whose content throws', () => {
  afterEach(() => jest.restoreAllMocks())

  it('shows an error view inside the page shell, keeping the header, with a reload action', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const page = await mountPage(PageThatThrows)
    expect(byTestId(page, 'page-selectLand')).not.toBeNull()
    expect(byTestId(page, 'custom-header')).not.toBeNull()
    expect(textOf(page, 'page-crash')).toContain('页面出错了')
    expect(getBySelector(page, '[data-testid="page-crash"] [role="button"]').textContent).toBe('重新加载')
    expect(consoleError).toHaveBeenCalled()
  })

  it('reloads the page from the error view', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await withLocationMock('reload', async (reload) => {
      const page = await mountPage(PageThatThrows)
      page.fireEvent.click(getBySelector(page, '[data-testid="page-crash"] [role="button"]'))
      expect(reload).toHaveBeenCalledTimes(1)
    })
  })
})
