import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { StatusView } from '../../../components/status-view/StatusView'
import { useStores } from '../../../stores/store-context'

export interface PackagesGateProps {
  /** `<prefix>-loading` and `<prefix>-error` name the two states for tests. */
  testIdPrefix: string
  loadingClassName: string
  loadingText: string
  /** What shows once the channel's packages are here. */
  children: ReactNode
}

/**
 * The packages of the promotion in use, asked for on arrival: a list of it already loaded (coming
 * back from a detail page) stays, a failed one, or one of another promotion, is asked again. Until
 * they are here it shows loading, or the failure with a retry.
 */
export const PackagesGate = observer(function PackagesGate({ testIdPrefix, loadingClassName, loadingText, children }: PackagesGateProps) {
  const { commodity } = useStores()
  const { promotionChannelId } = commodity
  const { status, error } = commodity.load

  useEffect(() => {
    void commodity.ensure(promotionChannelId)
  }, [commodity, promotionChannelId])

  if (!commodity.listsCurrent || status === 'idle' || status === 'loading') {
    return (
      <View className={loadingClassName} role='status' aria-busy data-testid={`${testIdPrefix}-loading`}>
        {loadingText}
      </View>
    )
  }
  if (status === 'error') {
    return (
      <StatusView
        role='alert'
        testId={`${testIdPrefix}-error`}
        title='套餐加载失败'
        description={error?.message}
        actionText='重新加载'
        onAction={() => void commodity.fetch(promotionChannelId)}
      />
    )
  }
  return <>{children}</>
})
