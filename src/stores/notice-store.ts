/** Notices from the channel's remote configuration, and which of them to show where. */
import { makeAutoObservable } from 'mobx'
import { noticeApplies } from '../domain/notice'
import type { Notice } from '../domain/notice'
import { isNumber, recordOf, schema } from '../platform/schema'
import type { SecureStorage } from '../platform/secure-storage'
import type { AnswerOf } from './contract'
import { initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'

export interface NoticeApi {
  notices(): AnswerOf<'notices'>
}

export const NOTICE_STORAGE = { dismissed: 'noticeDismissed' } as const

type Dismissals = Record<string, number>

const DISMISSALS = schema(recordOf(isNumber))

export class NoticeStore {
  notices: Notice[] = []
  load: LoadState = initialLoadState()
  dismissed: Dismissals

  constructor(
    private readonly api: NoticeApi,
    private readonly storage: SecureStorage,
  ) {
    this.dismissed = storage.get(NOTICE_STORAGE.dismissed, DISMISSALS) ?? {}
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

  /** The notices to show on `route` at `now`. */
  visibleOn(route: string, now: number): Notice[] {
    return this.notices.filter((notice) => noticeApplies(notice, route, now, this.dismissed[String(notice.id)]))
  }

  dismiss(notice: Notice, now: number): void {
    this.dismissed = { ...this.dismissed, [String(notice.id)]: now }
    this.storage.set(NOTICE_STORAGE.dismissed, this.dismissed)
  }
}
