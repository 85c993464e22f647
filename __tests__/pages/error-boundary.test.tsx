import { ErrorBoundary } from '../../src/components/error-boundary/ErrorBoundary'
import { getBySelector, mountPage, textOf } from '../support/page-test'

function Broken(): never {
  throw new Error('render failed')
}

function PageThatThrows() {
  return (
    <ErrorBoundary>
      <Broken />
    </ErrorBoundary>
  )
}

describe('error boundary', () => {
  afterEach(() => jest.restoreAllMocks())

  it('replaces a page that throws with an error view and a reload action', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const page = await mountPage(PageThatThrows)
    expect(textOf(page, 'page-crash')).toContain('页面出错了')
    expect(getBySelector(page, '[data-testid="page-crash"] [role="button"]').textContent).toBe('重新加载')
    expect(consoleError).toHaveBeenCalled()
  })
})
