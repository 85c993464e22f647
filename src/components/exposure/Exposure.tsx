import { View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import type { RouteName } from '../../config/routes'
import { useAppServices } from '../app-services/app-services'
import { trackedPage } from '../page-shell/use-page-tracking'
import { observeVisible } from './observe-visible'

export interface ExposureProps {
  /** The page the section is on (tracked under its canonical URL, as page views are). */
  route: RouteName
  /** The section's name in the exposure event; unique on its page (it also makes the element id). */
  target: string
  className?: string
  testId?: string
  children?: ReactNode
}

/** The element id of a section: what the intersection observer selects. */
export const exposureElementId = (target: string): string => `exposure-${target}`

/**
 * A section of a page tracked once for exposure, when it first scrolls into view; showing the
 * page again later does not track it again until the page is opened anew.
 */
export function Exposure({ route, target, className, testId, children }: ExposureProps) {
  const { tracker } = useAppServices()
  const tracked = useRef(false)
  const id = exposureElementId(target)
  useEffect(
    () =>
      observeVisible(`#${id}`, () => {
        if (tracked.current) return
        tracked.current = true
        tracker.exposure(trackedPage(route), target)
      }),
    [id, route, target, tracker],
  )
  return (
    <View id={id} className={className} data-testid={testId}>
      {children}
    </View>
  )
}
