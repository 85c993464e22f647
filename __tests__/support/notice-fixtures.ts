import type { Notice } from '../../src/domain/notice'

/** A notice of the remote configuration shown on the routes of `effectRange` (comma list), every visit unless `extra` says otherwise. */
export const noticeOn =
  (effectRange: string) =>
  (id: string, extra: Partial<Notice> = {}): Notice => ({
    id,
    noticeType: 1,
    noticeTitle: `公告${id}`,
    noticeContent: `内容${id}`,
    redirectPath: null,
    noticeScene: { effectRange },
    ...extra,
  })
