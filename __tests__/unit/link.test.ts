/**
 * The link helper's mapping from a notice's or banner's redirect path to what `openLink` opens:
 * a page of the route table, a PDF, a web page, or the unknown type.
 */
import { ROUTES, ROUTE_NAMES } from '../../src/config/routes'
import { UNKNOWN_LINK_TYPE, linkOf, pageTarget } from '../../src/platform/link'

describe('linkOf', () => {
  it.each(ROUTE_NAMES)('maps the page path and every H5 URL of %s to that page', (route) => {
    const def = ROUTES[route]
    expect(linkOf(`/${def.page}`)).toEqual({ type: 'page', route, query: {} })
    for (const url of def.urls) {
      const expected = url === '/' ? 'plateEntry' : route
      expect(linkOf(url)).toEqual({ type: 'page', route: expected, query: {} })
      expect(linkOf(`#${url}`)).toEqual({ type: 'page', route: expected, query: {} })
    }
  })

  it('carries a page address query, decoded', () => {
    expect(linkOf('/apply/order?orderId=O%201&from=notice')).toEqual({ type: 'page', route: 'order', query: { orderId: 'O 1', from: 'notice' } })
    expect(linkOf('  /pages/notice/upgrade/index?x=1  ')).toEqual({ type: 'page', route: 'upgradeNotice', query: { x: '1' } })
  })

  it.each([
    ['https://example.com/doc/rules.pdf', 'pdf', 'https://example.com/doc/rules.pdf'],
    ['http://example.com/RULES.PDF', 'pdf', 'http://example.com/RULES.PDF'],
    ['https://example.com/a.pdf?sign=1#page=2', 'pdf', 'https://example.com/a.pdf?sign=1#page=2'],
    ['https%3A%2F%2Fexample.com%2Fa.pdf', 'pdf', 'https://example.com/a.pdf'],
    ['https://example.com/activity', 'webview', 'https://example.com/activity'],
    ['http://example.com/a.pdf.html', 'webview', 'http://example.com/a.pdf.html'],
    ['https://example.com/page?file=a.pdf', 'webview', 'https://example.com/page?file=a.pdf'],
    ['https%3A%2F%2Fexample.com%2Fx%3Fa%3D1', 'webview', 'https://example.com/x?a=1'],
  ])('maps the address %s to a %s link (a PDF, or else a web view)', (path, type, url) => {
    expect(linkOf(path)).toEqual({ type, url })
  })

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['an empty path', ''],
    ['blanks', '   '],
    ['a path outside the route table', '/no/such/page'],
    ['a relative path', 'apply/pay'],
    ['another scheme', 'alipays://platformapi/startapp?appId=1'],
    ['a script', 'javascript:alert(1)'],
    ['a protocol-relative address', '//example.com/a'],
    ['a host without a scheme', 'example.com/a.pdf'],
  ])('maps %s to the unknown type', (_case, path) => {
    const link = linkOf(path)
    expect(link.type).toBe(UNKNOWN_LINK_TYPE)
    expect(['page', 'webview', 'pdf']).not.toContain(link.type)
  })
})

describe('pageTarget', () => {
  it('names an app page only', () => {
    expect(pageTarget('/apply/pay?orderId=1')).toEqual({ route: 'pay', query: { orderId: '1' } })
    expect(pageTarget('https://example.com/apply/pay')).toBeUndefined()
    expect(pageTarget(undefined)).toBeUndefined()
  })
})
