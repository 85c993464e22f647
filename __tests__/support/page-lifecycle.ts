/**
 * Taro's lifecycle hooks (useDidShow, useDidHide, usePullDownRefresh) and its page stack need a running Taro app, which a page mounted on
 * its own does not have. Page tests get stand-ins that register with the mounted components like
 * the real hooks and fire when a test says the page (or app) was shown or hidden.
 */
import Taro from '@tarojs/taro'
import { useEffect, useRef } from 'react'

type Lifecycle = 'show' | 'hide' | 'pullDownRefresh'

const listeners: Record<Lifecycle, Set<() => void>> = { show: new Set(), hide: new Set(), pullDownRefresh: new Set() }

function standIn(lifecycle: Lifecycle) {
  return (callback: () => void): void => {
    const latest = useRef(callback)
    latest.current = callback
    useEffect(() => {
      const listener = () => latest.current()
      listeners[lifecycle].add(listener)
      return () => void listeners[lifecycle].delete(listener)
    }, [])
  }
}

// Nor is its router running, which keeps the page stack: a page mounted on its own is the only page.
Taro.getCurrentPages = () => [Taro.getCurrentInstance().page].filter((page) => page !== undefined && page !== null)

Taro.useDidShow = standIn('show')
Taro.useDidHide = standIn('hide')
Taro.usePullDownRefresh = standIn('pullDownRefresh')

export const lifecycle = {
  /** The mounted page is shown (again). */
  show: () => listeners.show.forEach((listener) => listener()),
  /** The mounted page (or the app) is hidden. */
  hide: () => listeners.hide.forEach((listener) => listener()),
  /** The user pulls the mounted page down to refresh it. */
  pullDownRefresh: () => listeners.pullDownRefresh.forEach((listener) => listener()),
}
