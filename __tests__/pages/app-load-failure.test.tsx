/**
 * The app's services failing to load on H5 (the network): the lazy-page error view says so and
 * reloads on a tap, without Taro's modal (whose code would then be part of every first load).
 */
import { installPageLoadWatch, showAppLoadFailure } from '../../src/platform/h5/install-page-load-watch'

describe("the app's own code failing to load", () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows the page-load error view, which asks for a reload', () => {
    installPageLoadWatch()
    expect(document.querySelector('[data-testid="page-load-error"]')).toBeNull()
    showAppLoadFailure()
    const error = document.querySelector('[data-testid="page-load-error"]')
    expect(error?.textContent).toContain('页面加载失败')
    expect(error?.closest('[hidden]')).toBeNull()
  })
})
