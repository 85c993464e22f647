import { Text, View } from '@tarojs/components'
import { useAppServices } from '../../../components/app-services/app-services'
import { Button } from '../../../components/ui/button'
import { navigateFromTap } from '../../../platform/navigator'
import type { HandOverState } from './use-hand-over'
import './jump-view.scss'

export interface JumpViewProps {
  state: HandOverState
  /** What the page opened, for the line shown when the user comes back to it ("已为您打开…"). */
  openedText: string
  /** What is opened, on the button a mini-program needs the person to tap ("打开小程序"). */
  openText: string
  /** The tap that opens, and another try: offered once opened, and after a failure that can pass on another try (state.retryable). */
  onRetry: () => void
}

/**
 * A hand-over page (跳转中): in a mini-program first the button that opens (the host opens only
 * from a tap), a spinner while it opens, then what came of it, with 返回 and another try (none
 * after a failure no try can mend).
 */
export function JumpView({ state, openedText, openText, onRetry }: JumpViewProps) {
  const { navigator } = useAppServices()
  const back = () => navigateFromTap(navigator.back())

  if (state.phase === 'waiting') {
    return (
      <View className='jump-view' role='status' data-testid='jump-waiting'>
        <Text className='jump-view__title'>即将离开当前页面</Text>
        <View className='jump-view__actions'>
          <Button className='jump-view__action' onClick={back} aria-label='返回' data-testid='jump-back'>
            返回
          </Button>
          <Button type='primary' className='jump-view__action' onClick={onRetry} aria-label={openText} data-testid='jump-open'>
            {openText}
          </Button>
        </View>
      </View>
    )
  }

  if (state.phase === 'opening') {
    return (
      <View className='jump-view' role='status' aria-busy data-testid='jump-opening'>
        <View className='jump-view__spinner' aria-hidden />
        <Text className='jump-view__title'>跳转中…</Text>
      </View>
    )
  }

  const failed = state.phase === 'failed'
  const retryable = !failed || state.retryable
  return (
    <View className='jump-view' role={failed ? 'alert' : 'status'} data-testid={failed ? 'jump-failed' : 'jump-opened'}>
      <Text className='jump-view__title'>{failed ? '跳转失败' : openedText}</Text>
      {failed ? <Text className='jump-view__reason'>{state.reason}</Text> : null}
      <View className='jump-view__actions'>
        <Button className='jump-view__action' onClick={back} aria-label='返回' data-testid='jump-back'>
          返回
        </Button>
        {retryable ? (
          <Button type='primary' className='jump-view__action' onClick={onRetry} aria-label={failed ? '重试' : '再次打开'} data-testid='jump-retry'>
            {failed ? '重试' : '再次打开'}
          </Button>
        ) : null}
      </View>
    </View>
  )
}
