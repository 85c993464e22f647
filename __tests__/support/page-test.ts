/**
 * Mounting pages with @tarojs/test-utils-react: one mounted page at a time, unmounted after each
 * test (the utils' queries search the whole document). Pages are mounted inside the app's
 * providers (a RootStore and app services over fakes, see test-app.tsx), as src/app.tsx does.
 */
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { createElement, useState } from 'react'
import type { ComponentType } from 'react'
import type { AppServices } from '../../src/app/create-app-services'
import { AppStoreProvider } from '../../src/app/store-provider'
import { HOTLINE } from '../../src/domain/constants'
import { AppServicesProvider } from '../../src/components/app-services/app-services'
import './page-lifecycle'
import { TestApp, pageTestWorld } from './test-app'

const mounted: TestUtils[] = []

afterEach(() => {
  while (mounted.length) mounted.pop()?.unmout()
  document.body.innerHTML = ''
})

/** Mounts a component on its own, without the app's providers. */
export async function mountBare(Page: ComponentType): Promise<TestUtils> {
  const testUtils = new TestUtils()
  await testUtils.mount(Page)
  mounted.push(testUtils)
  return testUtils
}

/** Mounts a page inside the app's providers: the given services, or fresh ones over fakes. */
export async function mountPage(Page: ComponentType, services: AppServices = pageTestWorld().services): Promise<TestUtils> {
  return mountBare(() => createElement(TestApp, { services }, createElement(Page)))
}

/**
 * Mounts a page as the app root renders it on a cold start: no stores or services until
 * `arrive()` (src/app.tsx provides them once they have loaded).
 */
export async function mountColdStart(Page: ComponentType, world = pageTestWorld()) {
  let arrive: () => void = () => undefined
  function ColdStart() {
    const [ready, setReady] = useState(false)
    arrive = () => setReady(true)
    return createElement(
      AppStoreProvider,
      { store: ready ? world.services.store : undefined },
      createElement(AppServicesProvider, { services: ready ? world.services : undefined }, createElement(Page)),
    )
  }
  const page = await mountBare(ColdStart)
  return { page, world, arrive: () => page.act(async () => arrive()) }
}

export function byTestId(testUtils: TestUtils, id: string): Element | null {
  return testUtils.queries.querySelector(`[data-testid="${id}"]`)
}

/** The element matching `selector`; throws (failing the test) when there is none. */
export function getBySelector(testUtils: TestUtils, selector: string): Element {
  const element = testUtils.queries.querySelector(selector)
  if (!element) throw new Error(`No element matches ${selector}`)
  return element
}

export function getByTestId(testUtils: TestUtils, id: string): Element {
  return getBySelector(testUtils, `[data-testid="${id}"]`)
}

export function getByText(testUtils: TestUtils, text: string): Element {
  const element = testUtils.queries.queryByText(text)
  if (!element) throw new Error(`No element has the text ${text}`)
  return element
}

export function textOf(testUtils: TestUtils, id: string): string {
  return byTestId(testUtils, id)?.textContent ?? ''
}

/** Expects the text of each element named (by test id) in `texts` to be exactly the one given for it. */
export function expectTexts(testUtils: TestUtils, texts: Record<string, string>): void {
  expect(Object.fromEntries(Object.keys(texts).map((id) => [id, textOf(testUtils, id)]))).toEqual(texts)
}

/** Lets pending promise callbacks (and the React updates they cause) run. */
export async function flush(testUtils: TestUtils): Promise<void> {
  await testUtils.act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })
}

/**
 * Waits (in real time, up to `timeoutMs`) until `done` holds, letting React and the components'
 * own scheduling (Taro's inputs update their inner element a tick or a frame later) run; fails
 * the test when it never does.
 */
export async function eventually(testUtils: TestUtils, done: () => boolean, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!done() && Date.now() < until) {
    await testUtils.act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)))
  }
  expect(done()).toBe(true)
}

/** The input inside the element of test id `id`, waited for (a field that just appeared renders its input a little later). */
export async function inputIn(testUtils: TestUtils, id: string): Promise<HTMLInputElement> {
  // The id is on Taro's input element (FormField) or, through nativeProps, on the input itself (SmsCodeField).
  const find = () => {
    const element = byTestId(testUtils, id)
    return element instanceof HTMLInputElement ? element : (element?.querySelector('input') ?? null)
  }
  await eventually(testUtils, () => find() !== null)
  return find() as HTMLInputElement
}

/** Types `value` into the input inside the element of test id `id` (its value set, then an input event). */
export async function typeInto(testUtils: TestUtils, id: string, value: string): Promise<void> {
  const input = await inputIn(testUtils, id)
  input.value = value
  testUtils.fireEvent.input(input)
}

/**
 * Runs `test` with `window.location[method]` a mock (jsdom's location cannot be spied on, nor
 * configured per test; the H5 branches call these through window), the real location put back
 * afterwards whatever happens.
 */
export async function withLocationMock(method: 'reload' | 'replace', test: (mock: jest.Mock) => Promise<void>): Promise<void> {
  const mock = jest.fn()
  const original = window.location
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, [method]: mock } })
  try {
    await test(mock)
  } finally {
    Object.defineProperty(window, 'location', { configurable: true, value: original })
  }
}

/**
 * Before each test of the enclosing describe block, Taro's navigateTo spied on (answering ok), and
 * localStorage cleared first when `clearStorage`; every mock restored after each test. Answers the
 * running test's spy.
 */
export function spyNavigateToEachTest({ clearStorage = false } = {}): () => jest.SpyInstance {
  let navigateTo: jest.SpyInstance | undefined
  beforeEach(() => {
    if (clearStorage) localStorage.clear()
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(() => jest.restoreAllMocks())
  return () => {
    if (!navigateTo) throw new Error('navigateTo is spied on in a test only')
    return navigateTo
  }
}

/**
 * Taps the entry links 我的订单 and 客服 in turn, `settle` after each: the order list opens
 * (`navigateTo`), then the hotline is called (`makePhoneCall`).
 */
export async function expectEntryLinks(
  testUtils: TestUtils,
  settle: () => Promise<void>,
  { navigateTo, makePhoneCall }: { navigateTo: jest.SpyInstance; makePhoneCall: jest.SpyInstance },
): Promise<void> {
  testUtils.fireEvent.click(getByTestId(testUtils, 'entry-orders'))
  await settle()
  expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/order/order-list/index' })
  testUtils.fireEvent.click(getByTestId(testUtils, 'entry-service'))
  await settle()
  expect(makePhoneCall).toHaveBeenCalledWith({ phoneNumber: HOTLINE })
}

/**
 * Taps the offer to log in (`actionId`), `settle` after: the login page opens over the page
 * (`navigateTo`); the page is never replaced (`redirectTo`), neither before the tap nor after.
 */
export async function expectLoginOffered(
  testUtils: TestUtils,
  actionId: string,
  settle: () => Promise<void>,
  { navigateTo, redirectTo }: { navigateTo: jest.SpyInstance; redirectTo: jest.SpyInstance },
): Promise<void> {
  expect(redirectTo).not.toHaveBeenCalled()
  testUtils.fireEvent.click(getByTestId(testUtils, actionId))
  await settle()
  expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining('/pages/entry/login/index') }))
  expect(redirectTo).not.toHaveBeenCalled()
}
