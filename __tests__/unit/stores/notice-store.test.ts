/**
 * The notices store: which notices show where, the once-a-day type shown at most once in 24 hours
 * (what counts is when it was shown, dismissed or not, across reloads), closing for the visit,
 * and the current notices for the notice pages.
 */
import { NOTICE_SUPPRESS_MS } from '../../../src/domain/constants'
import { NOTICE_TYPE } from '../../../src/domain/enums'
import type { Notice } from '../../../src/domain/notice'
import { NOTICE_STORAGE, NoticeStore } from '../../../src/stores/notice-store'
import { fakeRoot } from '../../support/fake-root'

const notice = (id: number, extra: Partial<Notice> = {}): Notice => ({
  id,
  noticeType: 1,
  noticeTitle: `公告${id}`,
  noticeContent: `内容${id}`,
  noticeScene: { effectRange: '/apply/basic,/apply/pay' },
  ...extra,
})

const daily = notice(7, { noticeType: NOTICE_TYPE.ONCE_PER_DAY })

async function loaded(notices: Notice[]) {
  const root = fakeRoot({ notices: { notices: async () => notices } })
  await root.store.notice.fetch()
  return root
}

describe('NoticeStore', () => {
  it('shows each notice on the routes of its effect range only', async () => {
    const { store, now } = await loaded([notice(1), notice(2, { noticeScene: { effectRange: '/apply/order-list' } })])
    expect(store.notice.visibleOn('/apply/basic', now()).map((item) => item.id)).toEqual([1])
    expect(store.notice.visibleOn('/apply/order-list', now()).map((item) => item.id)).toEqual([2])
    expect(store.notice.visibleOn('/apply/upinfo', now())).toEqual([])
  })

  it('shows a once-a-day notice once in 24 hours, though never dismissed, on every route and after a reload', async () => {
    const root = await loaded([daily])
    const at = root.now()
    expect(root.store.notice.visibleOn('/apply/basic', at)).toEqual([daily])
    root.store.notice.markShown([daily], at)
    expect(root.store.notice.visibleOn('/apply/basic', at + 1)).toEqual([])
    expect(root.store.notice.visibleOn('/apply/pay', at + NOTICE_SUPPRESS_MS - 1)).toEqual([])
    expect(root.store.notice.visibleOn('/apply/pay', at + NOTICE_SUPPRESS_MS)).toEqual([daily])

    const reloaded = new NoticeStore(root.api.notices, root.storage)
    await reloaded.fetch()
    expect(reloaded.visibleOn('/apply/basic', at + 1)).toEqual([])
    expect(reloaded.visibleOn('/apply/basic', at + NOTICE_SUPPRESS_MS)).toEqual([daily])
  })

  it('records only once-a-day notices as shown, and forgets records older than a day', async () => {
    const other = notice(8, { noticeType: NOTICE_TYPE.ONCE_PER_DAY })
    const root = await loaded([notice(1), daily, other])
    const at = root.now()
    root.store.notice.markShown([notice(1), daily], at)
    expect(root.store.notice.shownAt).toEqual({ 7: at })
    // A type-1 notice shown keeps showing.
    expect(root.store.notice.visibleOn('/apply/basic', at + 1).map((item) => item.id)).toEqual([1, 8])
    root.store.notice.markShown([other], at + NOTICE_SUPPRESS_MS)
    expect(root.store.notice.shownAt).toEqual({ 8: at + NOTICE_SUPPRESS_MS })
    expect(root.storage.get(NOTICE_STORAGE.shown, (value) => value as Record<string, number>)).toEqual({ 8: at + NOTICE_SUPPRESS_MS })
  })

  it('keeps a closed notice away for the rest of the visit, on every route, but not after a reload', async () => {
    const root = await loaded([notice(1), notice(2)])
    root.store.notice.close(notice(1))
    expect(root.store.notice.isClosed(notice(1))).toBe(true)
    expect(root.store.notice.visibleOn('/apply/basic', root.now()).map((item) => item.id)).toEqual([2])
    expect(root.store.notice.visibleOn('/apply/pay', root.now()).map((item) => item.id)).toEqual([2])

    const reloaded = new NoticeStore(root.api.notices, root.storage)
    await reloaded.fetch()
    expect(reloaded.visibleOn('/apply/basic', root.now()).map((item) => item.id)).toEqual([1, 2])
  })

  it('lists the current notices wherever they apply, and those targeting a route whether shown or closed', async () => {
    const root = await loaded([])
    const at = root.now()
    const past = notice(3, { endTime: at - 1 })
    const future = notice(4, { startTime: at + 1 })
    const elsewhere = notice(5, { noticeScene: { effectRange: '/pages/notice/upgrade' } })
    const dailyHere = notice(6, { noticeType: NOTICE_TYPE.ONCE_PER_DAY, noticeScene: { effectRange: '/pages/notice/upgrade' } })
    const store = new NoticeStore({ notices: async () => [past, future, elsewhere, dailyHere] }, root.storage)
    await store.fetch()
    expect(store.current(at).map((item) => item.id)).toEqual([5, 6])
    store.markShown([dailyHere], at)
    store.close(elsewhere)
    expect(store.targeting('/pages/notice/upgrade', at).map((item) => item.id)).toEqual([5, 6])
    expect(store.visibleOn('/pages/notice/upgrade', at)).toEqual([])
  })

  it('loads the notices once for every page that asks, and again after a failure', async () => {
    let calls = 0
    let failing = true
    const root = fakeRoot({
      notices: {
        notices: async () => {
          calls += 1
          if (failing) throw new Error('网络错误')
          return [notice(1)]
        },
      },
    })
    const store = root.store.notice
    await Promise.all([store.ensureLoaded(), store.ensureLoaded()])
    expect([calls, store.load.status]).toEqual([1, 'error'])

    failing = false
    const loading = store.ensureLoaded()
    expect(store.load.status).toBe('loading')
    await Promise.all([loading, store.ensureLoaded()])
    expect([calls, store.load.status, store.notices.map((item) => item.id)]).toEqual([2, 'ready', [1]])

    await store.ensureLoaded()
    expect(calls).toBe(2)
  })

  it('keeps a failed load as a value, and reads a configuration without a list as no notices', async () => {
    const failing = fakeRoot({ notices: { notices: () => Promise.reject(new Error('网络错误')) } })
    await failing.store.notice.fetch()
    expect(failing.store.notice.load).toEqual({ status: 'error', error: new Error('网络错误') })
    const empty = fakeRoot({ notices: { notices: async () => null as unknown as Notice[] } })
    await empty.store.notice.fetch()
    expect([empty.store.notice.load.status, empty.store.notice.visibleOn('/apply/basic', 0)]).toEqual(['ready', []])
  })
})
