/**
 * Mounting pages with @tarojs/test-utils-react: one mounted page at a time, unmounted after each
 * test (the utils' queries search the whole document). Pages are mounted inside the app's
 * providers (a RootStore and app services over fakes, see test-app.tsx), as src/app.tsx does.
 */
import TestUtils from '@tarojs/test-utils-react'
import { createElement, useState } from 'react'
import type { ComponentType } from 'react'
import type { AppServices } from '../../src/bootstrap/create-app-services'
import { AppServicesProvider } from '../../src/components/app-services/app-services'
import { StoreProvider } from '../../src/stores/store-context'
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
      StoreProvider,
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
