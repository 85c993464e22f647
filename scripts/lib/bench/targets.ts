/**
 * What "usable" means for each page the benchmark loads, as probes the page runs on every frame
 * (first-load.ts). Strings, so no transpiler helper ends up in code the page runs.
 */
import { ROUTES } from '../../../src/config/routes'
import type { LoadTarget } from './first-load'

/** A key of the plate keyboard's first panel, and the box it fills. */
const FIRST_KEY = '京'
/** Taps on a key that shows but does not answer yet are repeated at most this often. */
const RETAP_MS = 100

/**
 * The entry page is usable when the plate keyboard answers: a tap on its first key has put the
 * character in the first box. Showing the keys is not enough (their handlers may not be there).
 */
const plateKeyboardAnswers = `(state) => {
  const box = document.querySelector('[data-testid="plate-box-0"]')
  if (box && box.textContent.includes(${JSON.stringify(FIRST_KEY)})) return true
  const key = document.querySelector('[data-testid="plate-key-${FIRST_KEY}"]')
  const now = performance.now()
  if (key && key.checkVisibility() && !(now - (state.tappedAt || -Infinity) < ${RETAP_MS})) {
    if (state.shownAt === undefined) state.shownAt = now
    state.tappedAt = now
    key.click()
  }
  return false
}`

/** The baseline's page is usable when its 下一步 button shows (its README's definition). */
const nextButtonShows = `() => {
  const button = [...document.querySelectorAll('button, [role="button"], .nut-button')].find((element) => element.textContent.includes('下一步'))
  return Boolean(button && button.checkVisibility() && button.getBoundingClientRect().height > 0)
}`

export const appEntry = (baseUrl: string): LoadTarget => ({ name: 'this app, entry `#/`', url: `${baseUrl}/#/`, usableProbe: plateKeyboardAnswers })

/** The landing page an ad opens, and the plate page its call to action leads to. */
const LANDING_URL = '/apply/baidu-land'
const PLATE_URL = '/apply/basic'

/**
 * A landing page is usable when its call to action answers a tap: the tap has led to the plate
 * page's address. Showing the button is not enough (its handler may not be there).
 */
const callToActionAnswers = `(state) => {
  if (location.hash.startsWith(${JSON.stringify(`#${PLATE_URL}`)})) return true
  const cta = document.querySelector('[data-testid="landing-apply"]')
  const now = performance.now()
  if (cta && cta.checkVisibility() && !(now - (state.tappedAt || -Infinity) < ${RETAP_MS})) {
    if (state.shownAt === undefined) state.shownAt = now
    state.tappedAt = now
    cta.click()
  }
  return false
}`

export const appLanding = (baseUrl: string): LoadTarget => ({ name: `this app, landing \`#${LANDING_URL}\``, url: `${baseUrl}/#${LANDING_URL}`, usableProbe: callToActionAnswers })

export const baselineEntry = (baseUrl: string): LoadTarget => ({ name: 'Taro + NutUI baseline', url: `${baseUrl}/`, usableProbe: nextButtonShows })

/** Whatever loading state is left: the lazy-page layer, a busy status, the order pages' placeholder. */
const loadingLeft = `() => {
  const layer = document.getElementById('page-load-layer')
  if (layer && !layer.hidden) return true
  return Boolean(document.querySelector('[data-testid="order-loading"], [role="status"][aria-busy]:not([aria-busy="false"])'))
}`

/** Visible and with some text (a status tag rendered empty has not shown the order). */
const shownWithText = `(element) => Boolean(element && element.checkVisibility() && element.textContent.trim())`

/** The order list is usable when the person's order shows as a card with its status, and nothing is loading. */
const orderCardShows = (orderId: string): string => `() => {
  const card = document.querySelector(${JSON.stringify(`[data-testid="order-row-${orderId}"]`)})
  const status = document.querySelector(${JSON.stringify(`[data-testid="order-status-${orderId}"]`)})
  return Boolean(card && card.checkVisibility()) && (${shownWithText})(status) && !(${loadingLeft})()
}`

/** The order detail is usable when it shows this order (its id) and its status, and nothing is loading. */
const orderStatusShows = (orderId: string): string => `() => {
  const id = document.querySelector('[data-testid="order-detail-id"]')
  const status = document.querySelector('[data-testid="order-detail-status"]')
  return Boolean(id && id.textContent.includes(${JSON.stringify(orderId)})) && (${shownWithText})(status) && !(${loadingLeft})()
}`

const ORDER_LIST_URL = ROUTES.orderList.urls[0]
const ORDER_URL = ROUTES.order.urls[0]

export const appOrderList = (baseUrl: string, orderId: string): LoadTarget => ({
  name: `this app, order list \`#${ORDER_LIST_URL}\``,
  url: `${baseUrl}/#${ORDER_LIST_URL}`,
  usableProbe: orderCardShows(orderId),
})

export const appOrderDetail = (baseUrl: string, orderId: string): LoadTarget => ({
  name: `this app, order detail \`#${ORDER_URL}?orderId=…\``,
  url: `${baseUrl}/#${ORDER_URL}?orderId=${encodeURIComponent(orderId)}`,
  usableProbe: orderStatusShows(orderId),
})
