import { useEffect } from 'react'
import { useAppServices } from '../../components/app-services/app-services'
import { usePageVisible } from '../../components/page-shell/use-page-visible'
import { StatusView } from '../../components/status-view/StatusView'
import type { RouteName } from '../../config/routes'
import { navigateFromTap } from '../../platform/navigator'

export interface StepRedirectProps {
  /** The step the journey needs first. */
  to: RouteName
  testId: string
  title: string
  description: string
  actionText: string
}

/**
 * A step of the apply journey opened before the one it needs (no plate yet, agreements not
 * accepted): goes back there at once, and says so with a way to go by hand meanwhile. Only while
 * its page is on screen: a page hidden in the stack (the form under the payment result, once the
 * settled application is cleared) waits, and goes when it is shown again.
 */
export function StepRedirect({ to, testId, title, description, actionText }: StepRedirectProps) {
  const { navigator } = useAppServices()
  const visible = usePageVisible()
  useEffect(() => {
    if (visible) navigateFromTap(navigator.replace(to))
  }, [visible, to, navigator])
  return <StatusView testId={testId} title={title} description={description} actionText={actionText} onAction={() => navigateFromTap(navigator.replace(to))} />
}
