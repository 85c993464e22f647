import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '../../src/domain/constants'
import { ROUTER_EVENTS, connectPageLoadWatch } from '../../src/platform/h5/connect-page-load-watch'
import { createPageLoadWatch, isChunkLoadError } from '../../src/platform/h5/page-load-watch'
import type { PageLoadView } from '../../src/platform/h5/page-load-watch'

const A = '/apply/pay'
const B = '/pages/utils/testDemo'

function setup() {
  const calls: string[] = []
  const view: PageLoadView = {
    showLoading: () => calls.push('loading'),
    showError: () => calls.push('error'),
    hide: () => calls.push('hide'),
  }
  const watch = createPageLoadWatch(view, {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  })
  return { calls, watch }
}

describe('page load watch', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('uses the spec timings: 200 ms before the indicator, 60 s before the error view', () => {
    expect(PAGE_LOAD_DELAY_MS).toBe(200)
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(60_000)
  })

  it('shows nothing for a page that loads within the delay', () => {
    const { calls, watch } = setup()
    watch.start(A)
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS - 1)
    watch.done(A)
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS)
    expect(calls).toEqual([])
    expect(watch.state).toBe('idle')
  })

  it('shows the indicator once the delay has passed, and hides it when the page is shown', () => {
    const { calls, watch } = setup()
    watch.start(A)
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS - 1)
    expect(calls).toEqual([])
    jest.advanceTimersByTime(1)
    expect(calls).toEqual(['loading'])
    expect(watch.state).toBe('loading')
    watch.done(A)
    expect(calls).toEqual(['loading', 'hide'])
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS)
    expect(calls).toEqual(['loading', 'hide'])
  })

  it('switches to the error view at the timeout', () => {
    const { calls, watch } = setup()
    watch.start(A)
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS - 1)
    expect(calls).toEqual(['loading'])
    jest.advanceTimersByTime(1)
    expect(calls).toEqual(['loading', 'error'])
    expect(watch.state).toBe('error')
  })

  it('shows the error view at once when loading fails, and no indicator afterwards', () => {
    const { calls, watch } = setup()
    watch.start(A)
    watch.fail()
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS)
    expect(calls).toEqual(['error'])
  })

  it('hides the error view if the page arrives after all', () => {
    const { calls, watch } = setup()
    watch.start(A)
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS)
    watch.done(A)
    expect(calls).toEqual(['loading', 'error', 'hide'])
    expect(watch.state).toBe('idle')
  })

  it('restarts the clock for a new navigation, clearing what the last one showed', () => {
    const { calls, watch } = setup()
    watch.start(A)
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS)
    watch.start(B)
    expect(calls).toEqual(['loading', 'hide'])
    expect(watch.state).toBe('pending')
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS)
    expect(calls).toEqual(['loading', 'hide', 'loading'])
  })

  it('ignores a page the user left that finishes loading late', () => {
    const { calls, watch } = setup()
    watch.start(A)
    watch.start(B)
    watch.done(A)
    expect(watch.state).toBe('pending')
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS)
    expect(calls).toEqual(['loading'])
    watch.done(B)
    expect(calls).toEqual(['loading', 'hide'])
  })

  it('ignores a chunk failure when no navigation is in flight', () => {
    const { calls, watch } = setup()
    watch.start(A)
    watch.done(A)
    watch.fail()
    expect(calls).toEqual([])
    expect(watch.state).toBe('idle')
  })

  it('ignores the router re-announcing the page already on screen', () => {
    const { calls, watch } = setup()
    watch.start(A)
    watch.done(A)
    watch.start(A)
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS)
    expect(calls).toEqual([])
    expect(watch.state).toBe('idle')
  })

  it('watches a real navigation back to a page shown before', () => {
    const { calls, watch } = setup()
    watch.start(A)
    watch.done(A)
    watch.start(B)
    watch.done(B)
    watch.start(A)
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS)
    expect(calls).toEqual(['loading'])
  })
})

describe('connectPageLoadWatch', () => {
  function connect() {
    const listeners = new Map<string, (payload?: { toLocation?: { path?: string } }) => void>()
    let rejection: ((event: PromiseRejectionEvent) => void) | undefined
    const calls: string[] = []
    connectPageLoadWatch(
      {
        start: (path) => calls.push(`start ${path}`),
        done: (path) => calls.push(`done ${path}`),
        fail: () => calls.push('fail'),
        state: 'idle',
      },
      { on: (event, listener) => listeners.set(event, listener) },
      { addEventListener: (_type, listener) => (rejection = listener) },
    )
    const reject = (reason: unknown) => {
      const event = { reason, preventDefault: jest.fn() } as unknown as PromiseRejectionEvent
      rejection?.(event)
      return event
    }
    return { listeners, calls, reject }
  }

  it('starts and ends watches with the path the router reports', () => {
    const { listeners, calls } = connect()
    listeners.get(ROUTER_EVENTS.change)?.({ toLocation: { path: A } })
    listeners.get(ROUTER_EVENTS.changed)?.({ toLocation: { path: A } })
    listeners.get(ROUTER_EVENTS.notFound)?.({ toLocation: { path: '/nowhere' } })
    expect(calls).toEqual([`start ${A}`, `done ${A}`, 'done /nowhere'])
  })

  it('turns chunk-load failures into a failed load, and leaves other rejections alone', () => {
    const { calls, reject } = connect()
    const chunk = reject(Object.assign(new Error('Loading chunk 365 failed.'), { name: 'ChunkLoadError' }))
    expect(calls).toEqual(['fail'])
    expect(chunk.preventDefault).toHaveBeenCalled()
    const other = reject(new Error('network down'))
    expect(calls).toEqual(['fail'])
    expect(other.preventDefault).not.toHaveBeenCalled()
  })
})

describe('isChunkLoadError', () => {
  const named = (name: string, message: string): Error => Object.assign(new Error(message), { name })

  it.each([
    [named('ChunkLoadError', 'Loading chunk 163 failed.'), true],
    [new Error('Loading chunk 163 failed.\n(error: http://x/js/163.js)'), true],
    [new Error('Loading CSS chunk 15 failed.'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Loading chunk 1 failed', false],
    [undefined, false],
  ])('%p → %p', (reason, expected) => {
    expect(isChunkLoadError(reason)).toBe(expected)
  })
})
