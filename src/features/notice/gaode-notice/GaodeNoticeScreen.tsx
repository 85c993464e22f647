import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../../stores/store-context'
import { useNoticeLink } from '../../../components/notices/use-notice-link'
import { StatusView } from '../../../components/status-view/StatusView'
import { NoticeCard } from '../parts/NoticeCard'
import '../notice-pages.scss'

/**
 * The map channel's notice page (/apply/land/gaode-notice): every notice of the channel's remote
 * configuration that is current (between its start and end times), wherever it applies, in full.
 * Loads the notices unless they are here already; a failure is shown in place with a retry.
 */
export const GaodeNoticeScreen = observer(function GaodeNoticeScreen() {
  const { notice } = useStores()
  const open = useNoticeLink('gaodeNotice')

  useEffect(() => {
    void notice.ensureLoaded()
  }, [notice])

  const { status, error } = notice.load
  if (status === 'error') {
    return (
      <StatusView role='alert' testId='gaode-notice-error' title='公告加载失败' description={error?.message} actionText='重试' onAction={() => void notice.fetch()} />
    )
  }
  if (status !== 'ready') return <StatusView testId='gaode-notice-loading' title='正在加载公告…' />

  const current = notice.current(Date.now())
  if (current.length === 0) return <StatusView testId='gaode-notice-empty' title='暂无公告' description='当前没有需要告知您的事项。' />
  return (
    <View className='notice-pages' role='list' aria-label='公告列表' data-testid='gaode-notice-list'>
      {current.map((item) => (
        <View key={item.id} role='listitem'>
          <NoticeCard notice={item} testId={`gaode-notice-${item.id}`} onOpen={() => open(item)} />
        </View>
      ))}
    </View>
  )
})
