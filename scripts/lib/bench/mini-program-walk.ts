/**
 * One cold launch of the WeChat build in the headless mini-program world (__tests__/mini/support),
 * run by jest for mini-program.ts: the world needs jest's jsdom environment, its module registry
 * (the build's files run in the phone's scope through its transform) and its hooks. Writes one
 * sample, as JSON, to the file named by BENCH_MINI_OUT.
 *
 * Script time only: the world draws a page inside `setData` (j-component renders into jsdom there,
 * where a phone hands the data to its view thread), so the time spent inside every `setData` call
 * is left out of each span; the requests' round trips (MINI_REQUEST_LATENCY_MS) are in it.
 */
import '../../../__tests__/mini/support/server-under-jsdom'
import { writeFileSync } from 'node:fs'
import { JOURNEY_PLATE } from '../../../__tests__/mini/support/journey-data'
import { pageText, tapText } from '../../../__tests__/mini/support/page-actions'
import type { OpenPage, PageStack } from '../../../__tests__/mini/support/page-stack'
import { settle, waitFor } from '../../../__tests__/mini/support/settle'
import { weappWorld } from '../../../__tests__/mini/support/weapp-world'
import { ROUTES } from '../../../src/config/routes'
import type { MiniProgramSample } from './mini-program'

const PLATE_KEYBOARD = '.plate-input__keyboard'
/** The keyboard's first key: the keyboard is drawn once its keys are. */
const FIRST_KEY = '京'
/** A span that has not ended by then failed (a cold launch and three round trips take seconds). */
const SPAN_TIMEOUT_MS = 30_000

jest.setTimeout(120_000)

interface SetDataCall {
  readonly route: string
  readonly startedAt: number
  readonly endedAt: number
  /** The page, as drawn once the call returned, shows the plate keyboard. */
  readonly keyboard: boolean
}

/** Records every `setData` of every page the stack opens, from its first; `opened` hears of each page as it opens. */
function recordSetData(stack: PageStack, opened: (page: OpenPage) => void): SetDataCall[] {
  const calls: SetDataCall[] = []
  const watch = (page: OpenPage): OpenPage => {
    const instance = page.instance as unknown as { setData(data: unknown, callback?: () => void): void }
    const setData = instance.setData.bind(instance)
    instance.setData = (data, callback) => {
      const startedAt = performance.now()
      setData(data, callback)
      const keyboard = page.component.dom?.querySelector(PLATE_KEYBOARD)?.textContent?.includes(FIRST_KEY) ?? false
      calls.push({ route: page.route, startedAt, endedAt: performance.now(), keyboard })
    }
    return page
  }
  // The host opens pages through these (wx-navigation.ts); a page's first setData comes after it opened.
  for (const method of ['reLaunch', 'navigateTo', 'redirectTo'] as const) {
    const open = stack[method].bind(stack)
    stack[method] = (url: string) => {
      const page = watch(open(url))
      opened(page)
      return page
    }
  }
  return calls
}

/**
 * Waits for the first call from `from` on that `ends` the span, and answers the span: from `from`
 * to that call, less the time inside every setData in between.
 */
async function scriptSpan(what: () => string, calls: readonly SetDataCall[], from: number, ends: (call: SetDataCall) => boolean): Promise<number> {
  const end = () => calls.find((call) => call.startedAt >= from && ends(call))
  // What the page shows is read when the wait fails, not when it starts.
  await waitFor('the end of the span', () => end() !== undefined, SPAN_TIMEOUT_MS).catch((error: unknown) => {
    throw new Error(`${String(error)}: ${what()}`)
  })
  const endAt = end()!.startedAt
  const drawing = calls.filter((call) => call.startedAt >= from && call.startedAt < endAt).reduce((sum, call) => sum + (call.endedAt - call.startedAt), 0)
  return endAt - from - drawing
}

describe('the WeChat build, launched cold', () => {
  const world = weappWorld()

  it('launches to the plate keyboard, then signs in on 下一步 and reaches the consent page', async () => {
    const plateRoute = ROUTES.plateEntry.page
    const agreeRoute = ROUTES.agree.page
    /** Requests and wx.login calls made before the consent page opened (the server answers at once; the app hears after the round trip). */
    let beforeConsent = { requests: 0, logins: 0 }
    const calls = recordSetData(world.stack, (page) => {
      if (page.route === agreeRoute) beforeConsent = { requests: world.server.calls.length, logins: world.device.loginCodes.length }
    })
    // As the host does at launch: the entry page opens right after App's onLaunch.
    const plate = world.stack.reLaunch(`/${plateRoute}`)
    const onTop = () => `on top: ${world.stack.top()?.route}; it says: ${pageText(world.stack.top() ?? plate)}`
    const launchToKeyboardMs = await scriptSpan(() => `the plate keyboard, ${onTop()}`, calls, world.launchedAt(), (call) => call.route === plateRoute && call.keyboard)
    await settle()

    for (const key of JOURNEY_PLATE) {
      tapText(plate, key, PLATE_KEYBOARD)
      await settle()
    }
    const atTap = { requests: world.server.calls.length, logins: world.device.loginCodes.length }
    const tappedAt = performance.now()
    tapText(plate, '下一步')
    const loginToConsentMs = await scriptSpan(() => `the consent page, ${onTop()}`, calls, tappedAt, (call) => call.route === agreeRoute)
    const sample: MiniProgramSample = {
      launchToKeyboardMs,
      loginToConsentMs,
      loginRequests: beforeConsent.requests - atTap.requests,
      wxLogins: beforeConsent.logins - atTap.logins,
    }
    await settle()
    expect(world.problems()).toEqual([])
    const out = process.env.BENCH_MINI_OUT
    if (!out) throw new Error('BENCH_MINI_OUT names no file for the sample')
    writeFileSync(out, JSON.stringify(sample))
  })
})
