import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { ROUTES } from '../../../config/routes'
import type { RouteName } from '../../../config/routes'
import { UPGRADE_NOTICE_DEFAULT } from '../../../config/notice-pages'
import { useStores } from '../../../stores/store-context'
import { useNoticeLink } from '../../../components/notices/use-notice-link'
import { NoticeCard } from '../parts/NoticeCard'
import { UpgradePlates } from './UpgradePlates'
import '../notice-pages.scss'

const ROUTE: RouteName = 'upgradeNotice'

/** The notice of the upgrade page: the remote configuration's for its route, else the fixed text. */
const UpgradeNotice = observer(function UpgradeNotice() {
  const { notice } = useStores()
  const open = useNoticeLink(ROUTE)

  useEffect(() => {
    void notice.ensureLoaded()
  }, [notice])

  const { status } = notice.load
  if (status === 'idle' || status === 'loading') {
    return (
      <View className='notice-pages__state' role='status' data-testid='upgrade-notice-loading'>
        正在加载公告…
      </View>
    )
  }
  // A configuration that fails to load is no reason to withhold the page's own text.
  const now = Date.now()
  const remote = status === 'ready' ? ROUTES[ROUTE].urls.flatMap((url) => notice.targeting(url, now))[0] : undefined
  return <NoticeCard notice={remote ?? UPGRADE_NOTICE_DEFAULT} testId='upgrade-notice' onOpen={remote ? () => open(remote) : undefined} />
})

/**
 * /pages/notice/upgrade (公告): the notice, then the person's plates with open orders, one of
 * which they pick to continue that order, or a new plate to apply for.
 */
export function UpgradeNoticeScreen() {
  return (
    <View className='notice-pages'>
      <UpgradeNotice />
      <UpgradePlates />
    </View>
  )
}
