import { useEffect, useRef, useState } from 'react'
import { useAction } from '../../../components/action/use-action'
import { useStores } from '../../../stores/store-context'
import { useAppServices } from '../../../components/app-services/app-services'
import { useIsPageVisible, usePageVisible } from '../../../components/page-shell/use-page-visible'
import { StatusView } from '../../../components/status-view/StatusView'
import { navigateFromTap } from '../../../platform/navigator'

/**
 * Lands links from outside the app on the order list: logs the person in first when needed
 * (silently, else through the login page, which returns here; the channel's promoter login is
 * not enough, the orders are a person's), then replaces itself with the list. The login is the
 * store's, shared with the request client's: one already in flight is joined or waited for, never
 * run side by side (a remembered phone's ticket works once). It forwards only while its page is
 * on screen (see usePageVisible), and again when it is shown after being hidden. The login page
 * opens by itself once: a person who comes back from it without logging in is asked, not sent
 * there again (back must lead out).
 */
export function RedirectToOrderList() {
  const { user } = useStores()
  const { navigator } = useAppServices()
  const visible = usePageVisible()
  const isVisible = useIsPageVisible()
  const loginAsked = useRef(false)
  const [needsLogin, setNeedsLogin] = useState(false)
  // A failure shows on the page, with the way to try again.
  const go = useAction(
    async () => {
      // Resolves at once when the session is already the person's.
      const loggedIn = await user.login('person').then(
        () => true,
        () => false,
      )
      // Covered by another page meanwhile: it goes on when it is shown again.
      if (!isVisible()) return
      if (!loggedIn) {
        if (loginAsked.current) {
          setNeedsLogin(true)
          return
        }
        loginAsked.current = true
        await navigator.toLogin()
        return
      }
      setNeedsLogin(false)
      await navigator.replace('orderList')
    },
    { report: 'inline', message: () => '跳转失败' },
  )
  const { run } = go

  useEffect(() => {
    if (visible) void run()
  }, [visible, run])

  if (go.error) {
    return <StatusView role='alert' testId='redirect-order-list-error' title={go.error} description='请稍后重试。' actionText='查看订单' onAction={() => void run()} />
  }
  if (needsLogin) {
    return (
      <StatusView
        testId='redirect-order-list-login'
        title='登录后查看您的订单'
        actionText='登录'
        onAction={() => navigateFromTap(navigator.toLogin())}
      />
    )
  }
  return <StatusView testId='redirect-order-list-loading' title='正在进入订单列表…' />
}
