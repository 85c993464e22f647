import { View } from '@tarojs/components'
import type { ReactNode } from 'react'

export interface HeadingProps {
  /** 1 for the page's title, 2 for its sections. */
  level: 1 | 2
  className?: string
  testId?: string
  children?: ReactNode
}

/** A heading as assistive technology reads it: the hosts' views have no h1 or h2 of their own. */
export function Heading({ level, className, testId, children }: HeadingProps) {
  return (
    <View className={className} role='heading' aria-level={level} data-testid={testId}>
      {children}
    </View>
  )
}
