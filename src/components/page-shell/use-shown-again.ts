/**
 * Runs `callback` each time the page is shown again after being hidden (back from another page,
 * the app back from the background), never for its first show. Taro tells that first show to the
 * components mounted with the page and not to those mounted later; which of the two a screen is
 * depends on how fast the services came. Either way, what the page asked for as it opened is not
 * asked for again.
 */
import Taro from '@tarojs/taro'
import { useRef } from 'react'

export function useShownAgain(callback: () => void): void {
  const hidden = useRef(false)
  Taro.useDidHide(() => {
    hidden.current = true
  })
  Taro.useDidShow(() => {
    if (!hidden.current) return
    hidden.current = false
    callback()
  })
}
