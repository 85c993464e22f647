import { APP_VERSION, TRACKING_FLUSH_COUNT, TRACKING_FLUSH_MS } from '../../../src/domain/constants'
import { MAX_QUEUED_EVENTS, createTracker } from '../../../src/services/tracking/tracker'
import type { TrackEvent, TrackingHeader } from '../../../src/services/tracking/tracker'
import { deferred, settle } from './fakes'

function setup() {
  const batches: { events: TrackEvent[]; header: TrackingHeader }[] = []
  let outcome: () => Promise<void> = () => Promise.resolve()
  let clickId: string | undefined
  const tracker = createTracker({
    send: (events, header) => {
      batches.push({ events, header })
      return outcome()
    },
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    app: 'etc-apply',
    trackingId: 'TRACK-1',
    uid: () => 'u-1',
    clickId: () => clickId,
    traceId: () => 'trace-1',
    deviceInfo: 'jest',
  })
  return {
    tracker,
    batches,
    failWith: () => {
      outcome = () => Promise.reject(new Error('offline'))
    },
    succeed: () => {
      outcome = () => Promise.resolve()
    },
    holdWith: (promise: Promise<void>) => {
      outcome = () => promise
    },
    clickWith: (id: string | undefined) => {
      clickId = id
    },
  }
}

describe('tracker', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('flushes at 10 events, with the spec header fields', async () => {
    const { tracker, batches } = setup()
    for (let i = 0; i < TRACKING_FLUSH_COUNT - 1; i++) tracker.click('/apply/pay', `button-${i}`)
    expect(batches).toHaveLength(0)
    tracker.exposure('/apply/pay', 'issuer-info')
    await settle()
    expect(batches).toHaveLength(1)
    expect(batches[0]?.events).toHaveLength(TRACKING_FLUSH_COUNT)
    expect(batches[0]?.header).toEqual({
      app: 'etc-apply',
      app_id: 'TRACK-1',
      uid: 'u-1',
      trace_id: 'trace-1',
      device_info: 'jest',
      app_version: APP_VERSION,
    })
    expect(tracker.queued).toBe(0)
  })

  it("carries the visit's click id on every event once there is one", async () => {
    const { tracker, batches, clickWith } = setup()
    tracker.pageView('/apply/land')
    clickWith('bd-123')
    tracker.click('/apply/land', 'cta')
    tracker.exposure('/apply/land', 'packages')
    await tracker.flush()
    expect(batches[0]?.events.map((event) => event.bd_vid)).toEqual([undefined, 'bd-123', 'bd-123'])
    expect(batches[0]?.events[0]).not.toHaveProperty('bd_vid')
  })

  it('flushes 2 s after the first queued event', async () => {
    const { tracker, batches } = setup()
    tracker.pageView('/apply/basic')
    jest.advanceTimersByTime(TRACKING_FLUSH_MS / 2)
    tracker.click('/apply/basic', 'next')
    jest.advanceTimersByTime(TRACKING_FLUSH_MS / 2 - 1)
    expect(batches).toHaveLength(0)
    jest.advanceTimersByTime(1)
    await settle()
    expect(batches.map((b) => b.events.map((e) => e.type))).toEqual([['pageView', 'click']])
  })

  it('flushes on page hide, and the timer then has nothing left to send', async () => {
    const { tracker, batches } = setup()
    tracker.pageView('/apply/upinfo')
    await tracker.flush()
    jest.advanceTimersByTime(TRACKING_FLUSH_MS)
    await settle()
    expect(batches).toHaveLength(1)
  })

  it('sends nothing when there is nothing queued', async () => {
    const { tracker, batches } = setup()
    await tracker.flush()
    jest.advanceTimersByTime(TRACKING_FLUSH_MS)
    expect(batches).toHaveLength(0)
  })

  it('keeps the events of a failed flush for the next one, without retrying on its own', async () => {
    const { tracker, batches, failWith, succeed } = setup()
    failWith()
    tracker.pageView('/a')
    await tracker.flush()
    expect(tracker.queued).toBe(1)
    jest.advanceTimersByTime(TRACKING_FLUSH_MS * 5)
    await settle()
    expect(batches).toHaveLength(1)
    succeed()
    tracker.click('/a', 'b')
    await tracker.flush()
    expect(batches[1]?.events.map((e) => e.type)).toEqual(['pageView', 'click'])
    expect(tracker.queued).toBe(0)
  })

  it('bounds the backlog while the endpoint is down, keeping the newest events', async () => {
    const { tracker, failWith } = setup()
    failWith()
    for (let i = 0; i < MAX_QUEUED_EVENTS * 2; i++) tracker.click('/a', `t${i}`)
    await tracker.flush()
    await settle()
    expect(tracker.queued).toBeLessThanOrEqual(MAX_QUEUED_EVENTS)
  })

  it('sends one batch at a time and schedules what arrived meanwhile', async () => {
    const { tracker, batches, holdWith } = setup()
    const hold = deferred<void>()
    holdWith(hold.promise)
    tracker.pageView('/a')
    void tracker.flush()
    tracker.click('/a', 'during')
    void tracker.flush()
    await settle()
    expect(batches).toHaveLength(1)
    hold.resolve()
    await settle()
    jest.advanceTimersByTime(TRACKING_FLUSH_MS)
    await settle()
    expect(batches.map((b) => b.events.map((e) => e.target ?? e.type))).toEqual([['pageView'], ['during']])
  })
})
