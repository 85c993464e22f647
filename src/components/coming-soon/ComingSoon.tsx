import { ROUTES } from '../../config/routes'
import type { RouteName } from '../../config/routes'
import { useAppServices } from '../app-services/app-services'
import { StatusView } from '../status-view/StatusView'

const HOME: RouteName = 'home'

/** The body of a page whose behaviour has not shipped yet: says so and offers the way home. */
export function ComingSoon({ route }: { route: RouteName }) {
  const { navigator } = useAppServices()
  const isHome = ROUTES[route].page === ROUTES[HOME].page
  return (
    <StatusView
      testId='coming-soon'
      title='功能即将开放'
      description='该页面正在建设中，敬请期待。'
      actionText={isHome ? undefined : '返回首页'}
      onAction={isHome ? undefined : () => void navigator.relaunch(HOME)}
    />
  )
}
