/**
 * Whether a page is the one on screen. A page that is opened is shown; covered by another page
 * (navigateTo) or with the app in the background it is hidden, until it is shown again.
 *
 * The rule it serves: a page navigates by itself (a step gate's redirect, a page that forwards on
 * arrival, what a timer or an awaited call does next) only while it is visible. A page hidden in
 * the stack that navigated would replace the page on screen: a store change that reaches every
 * mounted page (an application cleared once it is settled) must not take the person away from the
 * page they are reading. A hidden page checks again when it is shown.
 */
import Taro from '@tarojs/taro'
import { createContext, createElement, useCallback, useContext, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'

interface PageVisibility {
  /** For rendering and effects: changes when the page is shown or hidden. */
  visible: boolean
  /** For code that runs later (after a call, on a timer): whether the page is on screen now. */
  isVisible(): boolean
}

// Outside a page (a component mounted on its own) there is nothing to hide it.
const PageVisibilityContext = createContext<PageVisibility>({ visible: true, isVisible: () => true })

/**
 * Tracks its page's visibility for the components inside it. It belongs in the page's root
 * component (routePage puts it there): Taro tells the page's first show only to the hooks mounted
 * with the page, so a component mounted later could not tell by itself.
 */
export function PageVisibilityProvider({ children }: { children?: ReactNode }) {
  // A page is mounted as it opens: it is on screen until told otherwise.
  const [visible, setVisible] = useState(true)
  const now = useRef(true)
  Taro.useDidShow(() => {
    now.current = true
    setVisible(true)
  })
  Taro.useDidHide(() => {
    now.current = false
    setVisible(false)
  })
  const isVisible = useCallback(() => now.current, [])
  const value = useMemo(() => ({ visible, isVisible }), [visible, isVisible])
  return createElement(PageVisibilityContext.Provider, { value }, children)
}

/** Whether the page is on screen; an effect that navigates depends on it and does nothing while it is false. */
export function usePageVisible(): boolean {
  return useContext(PageVisibilityContext).visible
}

/** Asks whether the page is on screen now: for a navigation that follows an awaited call or a timer. */
export function useIsPageVisible(): () => boolean {
  return useContext(PageVisibilityContext).isVisible
}
