import { Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { STAY_BUSY, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { useIsPageVisible } from '../../../components/page-shell/use-page-visible'
import { Button } from '../../../components/ui/button'
import { TOAST_DURATION_MS } from '../../../domain/constants'
import { forgetElderMode } from '../../../platform/elder-mode'
import { clearOwnKeys, ownKeys } from '../../../platform/storage'
import { taroStorage } from '../../../platform/taro-storage'
import { useStores } from '../../../stores/store-context'
import './clear-storage.scss'

/**
 * Clears this app's cached data (its own keys only, and the journey's plate and form in memory)
 * after a confirmation, then returns. The login
 * ends on the server too (the session and the remembered phone's tickets); offline, the data here
 * is cleared all the same.
 */
export function ClearStorageScreen() {
  const { navigator, ui } = useAppServices()
  const { user, apply } = useStores()
  const [count, setCount] = useState(() => ownKeys(taroStorage).length)
  const returnTimer = useRef<ReturnType<typeof setTimeout>>()
  const isVisible = useIsPageVisible()
  // Leaving during the confirmation toast must not send the previous page back as well.
  useEffect(() => () => clearTimeout(returnTimer.current), [])

  // Once cleared it stays busy: the page returns when the toast has been read.
  const clear = useAction(
    async () => {
      const confirmed = await ui.confirm({
        title: '清除缓存',
        content: '将清除本应用在此设备上保存的数据（填写中的资料、登录状态等），清除后需重新登录。是否继续？',
        confirmText: '清除',
        cancelText: '取消',
      })
      if (!confirmed) return undefined
      await user.signOut()
      clearOwnKeys(taroStorage)
      // 长辈模式 was one of those keys: the pages follow the host's text size again.
      forgetElderMode()
      // What the journey holds in memory goes too: the plate page must not show the last plate.
      apply.clear()
      setCount(0)
      ui.toast('缓存已清除', 'success')
      // Hidden by then (the app in the background), it stays and may be used again: going back
      // would close whichever page is on screen.
      returnTimer.current = setTimeout(() => {
        if (isVisible()) void navigator.back()
        else clear.release()
      }, TOAST_DURATION_MS)
      return STAY_BUSY
    },
    // The host could not show the confirmation: say so, and let the user try again.
    { report: 'toast', message: () => '操作未完成，请重试' },
  )

  return (
    <View className='clear-storage'>
      <View className='clear-storage__card'>
        <Text className='clear-storage__label'>本应用缓存数据</Text>
        <Text className='clear-storage__count' data-testid='cache-count'>
          {count > 0 ? `${count} 项` : '暂无缓存'}
        </Text>
        <Text className='clear-storage__hint'>仅清除本应用保存的数据，不影响其他应用和您的订单。</Text>
      </View>
      <Button
        block
        type='primary'
        className='clear-storage__action'
        disabled={clear.busy}
        onClick={() => void clear.run()}
        aria-label='清除缓存'
        data-testid='clear-storage'
      >
        清除缓存
      </Button>
    </View>
  )
}
