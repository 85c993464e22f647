/**
 * Notices from the channel's remote configuration, and which of them to show where. A page shows
 * the notices of its route once they have loaded and records them as shown: a once-a-day notice
 * is then left out everywhere for a day (across reloads), while the page that showed it keeps it
 * until it is closed. A closed notice stays away for the rest of the visit.
 */
import { makeAutoObservable } from 'mobx'
import { isOncePerDay, noticeApplies, noticeCurrent, noticeTargets, showingStillCounts } from '../domain/notice'
import type { Notice } from '../domain/notice'
import { isNumber, recordOf, schema } from '../platform/schema'
import type { SecureStorage } from '../platform/secure-storage'
import type { AnswerOf } from './contract'
import { initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'

export interface NoticeApi {
  notices(): AnswerOf<'notices'>
}

export const NOTICE_STORAGE = { shown: 'noticeShown' } as const

/** When each once-a-day notice was last shown (epoch ms), by notice id. */
type ShownAt = Record<string, number>

const SHOWN_AT = schema(recordOf(isNumber))

const key = (notice: Notice): string => String(notice.id)

export class NoticeStore {
  notices: Notice[] = []
  load: LoadState = initialLoadState()
  shownAt: ShownAt
  /** Notices closed during this visit, by id. */
  closed: ReadonlySet<string> = new Set()

  constructor(
    private readonly api: NoticeApi,
    private readonly storage: SecureStorage,
  ) {
    this.shownAt = storage.get(NOTICE_STORAGE.shown, SHOWN_AT) ?? {}
    makeAutoObservable<NoticeStore, 'api' | 'storage'>(this, { api: false, storage: false })
  }

  fetch(): Promise<void> {
    return runLoad(
      (state) => (this.load = state),
      () => this.api.notices(),
      // A configuration without notices (null, or not a list) has none to show.
      (notices) => (this.notices = Array.isArray(notices) ? notices : []),
    )
  }

  /**
   * Loads the notices unless they are here or on their way: what every page showing notices calls
   * as it opens (the first one loads them, a failed load is tried again, the others share it).
   */
  ensureLoaded(): Promise<void> {
    return this.load.status === 'idle' || this.load.status === 'error' ? this.fetch() : Promise.resolve()
  }

  /** The notices inside their start and end times at `now`, wherever they apply. */
  current(now: number): Notice[] {
    return this.notices.filter((notice) => noticeCurrent(notice, now))
  }

  /** The current notices whose effect range names `route`, whether shown or closed before. */
  targeting(route: string, now: number): Notice[] {
    return this.current(now).filter((notice) => noticeTargets(notice, route))
  }

  /** The notices to show on `route` at `now`: applicable, not shown today if once-a-day, not closed. */
  visibleOn(route: string, now: number): Notice[] {
    return this.notices.filter((notice) => !this.isClosed(notice) && noticeApplies(notice, route, now, this.shownAt[key(notice)]))
  }

  isClosed(notice: Notice): boolean {
    return this.closed.has(key(notice))
  }

  /** Records the once-a-day notices among `notices` as shown at `now`, forgetting records older than a day. */
  markShown(notices: readonly Notice[], now: number): void {
    const daily = notices.filter(isOncePerDay)
    if (daily.length === 0) return
    const kept = Object.entries(this.shownAt).filter(([, at]) => showingStillCounts(at, now))
    this.shownAt = { ...Object.fromEntries(kept), ...Object.fromEntries(daily.map((notice) => [key(notice), now])) }
    this.storage.set(NOTICE_STORAGE.shown, this.shownAt)
  }

  /** Closes a notice for the rest of the visit, on every page. */
  close(notice: Notice): void {
    this.closed = new Set([...this.closed, key(notice)])
  }
}
