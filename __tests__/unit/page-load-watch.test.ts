import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '../../src/domain/constants'
import { createPageLoadWatch, isChunkLoadError } from '../../src/platform/h5/page-load-watch'
import type { PageLoadView } from '../../src/platform/h5/page-load-watch'

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
    watch.start()
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS - 1)
    watch.done()
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS)
    expect(calls).toEqual([])
    expect(watch.state).toBe('idle')
  })

  it('shows the indicator once the delay has passed, and hides it when the page is shown', () => {
    const { calls, watch } = setup()
    watch.start()
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS - 1)
    expect(calls).toEqual([])
    jest.advanceTimersByTime(1)
    expect(calls).toEqual(['loading'])
    expect(watch.state).toBe('loading')
    watch.done()
    expect(calls).toEqual(['loading', 'hide'])
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS)
    expect(calls).toEqual(['loading', 'hide'])
  })

  it('switches to the error view at the timeout', () => {
    const { calls, watch } = setup()
    watch.start()
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS - 1)
    expect(calls).toEqual(['loading'])
    jest.advanceTimersByTime(1)
    expect(calls).toEqual(['loading', 'error'])
    expect(watch.state).toBe('error')
  })

  it('shows the error view at once when loading fails, and no indicator afterwards', () => {
    const { calls, watch } = setup()
    watch.start()
    watch.fail()
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS)
    expect(calls).toEqual(['error'])
  })

  it('restarts the clock for a new navigation, clearing what the last one showed', () => {
    const { calls, watch } = setup()
    watch.start()
    jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS)
    watch.start()
    expect(calls).toEqual(['loading', 'hide'])
    expect(watch.state).toBe('pending')
    jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS - PAGE_LOAD_DELAY_MS)
    expect(calls).toEqual(['loading', 'hide', 'loading'])
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
