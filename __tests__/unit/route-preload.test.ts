/**
 * @jest-environment jsdom
 */
import { addressOf, queryOf } from '../../src/platform/h5/hash-address'
import { preloadRouteChunks, routeChunksPreloaded } from '../../src/platform/h5/route-preload'
import type { RoutePreloadPlan } from '../../src/platform/h5/route-preload'

const PLAN: RoutePreloadPlan = {
  files: ['./js/page.1.js', './css/page.1.css', './js/app-services.2.js'],
  routes: { '/apply/order-list': [0, 1, 2], '/apply/order': [2] },
}

/** The links preloadRouteChunks put into the head, as rel, as, fetchpriority and href. */
function linksAt(hash: string): string[][] {
  document.head.innerHTML = ''
  window.location.hash = hash
  const win = { location: window.location } as Window
  preloadRouteChunks(document, win, PLAN)
  // Said to the app exactly when something was asked for: it then runs the services at once.
  expect(routeChunksPreloaded(win)).toBe(document.head.querySelector('link') !== null)
  return Array.from(document.head.querySelectorAll('link'), (link) => [link.rel, link.getAttribute('as') ?? '', link.getAttribute('fetchpriority') ?? '', link.getAttribute('href') ?? ''])
}

describe("index.html's first script: what the page at the address needs", () => {
  it('asks for the scripts (preloaded, after the app’s own) and applies the styles, under the href the chunk loaders use', () => {
    expect(linksAt('#/apply/order-list')).toEqual([
      ['preload', 'script', 'low', './js/page.1.js'],
      ['stylesheet', '', 'low', './css/page.1.css'],
      ['preload', 'script', 'low', './js/app-services.2.js'],
    ])
  })

  it('reads the address without its query', () => {
    expect(linksAt('#/apply/order?orderId=O1')).toEqual([['preload', 'script', 'low', './js/app-services.2.js']])
  })

  it('asks for nothing at an address the plan leaves to index.html’s own tags (the entry page, a landing page)', () => {
    expect(linksAt('#/')).toEqual([])
    expect(linksAt('')).toEqual([])
    expect(linksAt('#/apply/baidu-land?a=1')).toEqual([])
  })
})

describe('hash addresses', () => {
  it.each([
    ['#/apply/order?orderId=O1', '/apply/order', '?orderId=O1'],
    ['#/apply/order-list', '/apply/order-list', ''],
    ['', '', ''],
    ['#/a?b=1?c', '/a', '?b=1?c'],
  ])('%s is %s with query %s', (hash, address, query) => {
    expect(addressOf(hash)).toBe(address)
    expect(queryOf(hash)).toBe(query)
  })
})
