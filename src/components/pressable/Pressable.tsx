import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { keyboardButtonProps } from './activation-keys'

export interface PressableProps {
  /** The accessible name, read out by screen readers. */
  label: string
  onPress: () => void
  className?: string
  testId?: string
  children?: ReactNode
}

/**
 * A View that acts as a button for every user: tap or click, and on H5 reachable with Tab
 * (tabIndex 0) and activated with Enter or Space.
 */
export function Pressable({ label, onPress, className, testId, children }: PressableProps) {
  return (
    <View
      className={className}
      role='button'
      aria-label={label}
      data-testid={testId}
      onClick={onPress}
      {...keyboardButtonProps(onPress)}
    >
      {children}
    </View>
  )
}
