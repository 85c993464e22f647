/**
 * The app root (src/app.tsx) builds the app services once the first page has painted, provides
 * the RootStore and the services to every page, and sends queued tracking events when the app or the H5 document is hidden.
 */
import { useEffect } from 'react'
import App from '../../src/app'
import { useAppServices } from '../../src/components/app-services/app-services'
import type { PageServices } from '../../src/components/app-services/app-services'
import { PageShell } from '../../src/components/page-shell/PageShell'
import { useStores } from '../../src/stores/store-context'
import { settle } from '../unit/services/fakes'
import { lifecycle } from '../support/page-lifecycle'
import { byTestId, flush, mountBare, textOf } from '../support/page-test'
import { API } from '../../types/api/paths'
import type { TrackingVisit } from '../../types/api/tracking'

let services: PageServices | undefined

/** A page of the app: shows who is logged in and tracks a click when it mounts. */
function Probe() {
  const { user } = useStores()
  const pageServices = useAppServices()
  services = pageServices
  useEffect(() => pageServices.tracker.click('/apply/basic', 'probe'), [pageServices])
  return <span data-testid='nickname'>{user.nickname}</span>
}

/** The app with a page in it, as first painted. */
const mountAppFrame = () =>
  mountBare(() => (
    <App>
      <PageShell route='plateEntry'>
        <Probe />
      </PageShell>
    </App>
  ))

/** The app with a page in it; its services load once the page has painted. */
async function mountApp() {
  const page = await mountAppFrame()
  for (let tries = 0; tries < 50 && !byTestId(page, 'nickname'); tries++) {
    await flush(page)
    await settle(10)
  }
  return page
}

/** What the server answers a tracking visit (the tracker asks for one before its first batch). */
const VISIT: TrackingVisit = { uid: `V${'0'.repeat(24)}`, visit_token: 'visit-token', expires_at: Number.MAX_SAFE_INTEGER }

/** The server's answer as the browser's fetch gives it (H5 requests go through fetch). */
const answer = (data: unknown) => ({ status: 200, headers: { forEach: () => undefined }, json: async () => ({ code: 200, data }) })

type FetchMock = jest.Mock<Promise<ReturnType<typeof answer>>, [string, RequestInit]>

const trackingCalls = (request: FetchMock) =>
  request.mock.calls.map(([url, init]) => ({ url, data: init.body })).filter((call) => call.url.endsWith('/log/v1/events'))

describe('app root', () => {
  let request: FetchMock
  const jsdomFetch = window.fetch
  beforeEach(() => {
    request = jest.fn(async (url: string, _init: RequestInit) => answer(url.endsWith(API.trackingVisit.path) ? VISIT : null))
    window.fetch = request as unknown as typeof fetch
  })
  afterEach(async () => {
    // The app's services live as long as the module: send what a test left queued.
    await services?.tracker.flush()
    window.fetch = jsdomFetch
    jest.restoreAllMocks()
  })

  it('paints the page frame first, then provides the RootStore and the app services to its pages', async () => {
    const first = await mountAppFrame()
    expect(byTestId(first, 'page-services-loading')).not.toBeNull()
    expect(byTestId(first, 'nickname')).toBeNull()
    first.unmout()
    const page = await mountApp()
    expect(textOf(page, 'nickname')).toBe('登录/注册')
    expect(services?.tracker.queued).toBe(1)
  })

  it('sends queued events to the same origin when the app is hidden', async () => {
    const page = await mountApp()
    expect(trackingCalls(request)).toEqual([])
    lifecycle.hide()
    await flush(page)
    await settle(30)
    const [batch] = trackingCalls(request)
    expect(batch?.url).toBe(`${window.location.origin}/log/v1/events`)
    expect(JSON.parse(String(batch?.data)).events).toEqual([expect.objectContaining({ type: 'click', target: 'probe' })])
    expect(services?.tracker.queued).toBe(0)
  })

  it.each([
    [
      'the document turns hidden',
      () => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
        document.dispatchEvent(new Event('visibilitychange'))
      },
    ],
    ['the page is left', () => void window.dispatchEvent(new Event('pagehide'))],
  ])('sends queued events on H5 when %s', async (_when, hide) => {
    const page = await mountApp()
    try {
      hide()
      await flush(page)
      await settle(30)
      expect(trackingCalls(request)).toHaveLength(1)
    } finally {
      delete (document as { visibilityState?: string }).visibilityState
    }
  })

  it('sends nothing while the document is only shown again', async () => {
    const page = await mountApp()
    document.dispatchEvent(new Event('visibilitychange'))
    await flush(page)
    await settle(30)
    expect(trackingCalls(request)).toEqual([])
  })
})
