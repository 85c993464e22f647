import type { RouteName } from '../../config/routes'
import type { Notice } from '../../domain/notice'
import { linkOf } from '../../platform/link'
import { NavigationError } from '../../platform/navigator'
import { useAction } from '../action/use-action'
import { useAppServices } from '../app-services/app-services'
import { trackedPage } from '../page-shell/use-page-tracking'

export const NOTICE_MESSAGES = { openFailed: '公告详情打开失败，请稍后重试' } as const

/**
 * "查看详情" of a notice on `route`: tracked, then its redirect path opened through the link
 * helper (a page, a web page, a PDF; "未知类型" otherwise). A failure (a PDF that does not
 * download) is said by a toast.
 */
export function useNoticeLink(route: RouteName): (notice: Notice) => void {
  const { navigator, tracker } = useAppServices()
  const { run } = useAction(
    async (notice: Notice) => {
      tracker.click(trackedPage(route), 'noticeOpen', { noticeId: String(notice.id) })
      await navigator.openLink(linkOf(notice.redirectPath)).catch((cause: unknown) => {
        // A jump refused while another runs needs nothing; the navigator has said "未知类型" itself.
        if (!(cause instanceof NavigationError)) throw cause
      })
    },
    { report: 'toast', message: () => NOTICE_MESSAGES.openFailed },
  )
  return (notice) => void run(notice)
}
