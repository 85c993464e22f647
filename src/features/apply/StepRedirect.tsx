import { useEffect } from 'react'
import { useAppServices } from '../../components/app-services/app-services'
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
 * accepted): goes back there at once, and says so with a way to go by hand meanwhile.
 */
export function StepRedirect({ to, testId, title, description, actionText }: StepRedirectProps) {
  const { navigator } = useAppServices()
  useEffect(() => navigateFromTap(navigator.replace(to)), [to, navigator])
  return <StatusView testId={testId} title={title} description={description} actionText={actionText} onAction={() => navigateFromTap(navigator.replace(to))} />
}
