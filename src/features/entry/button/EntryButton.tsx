import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { keyboardButtonProps } from '../../../components/pressable/activation-keys'
import './entry-button.scss'

export interface EntryButtonProps {
  /** The accessible name; the visible text when no children are given. */
  label: string
  onPress: () => void
  /** Ignores taps and says so to screen readers. */
  disabled?: boolean
  /** Work in progress: shows `busyText`, ignores taps and is announced as busy. */
  busy?: boolean
  busyText?: string
  variant?: 'primary' | 'plain' | 'link'
  testId?: string
  className?: string
  children?: ReactNode
}

/**
 * The entry pages' button, built from a View so the entry page loads no UI library: a 44 px touch
 * target, reachable and activated from the keyboard, inert while disabled or busy (a second tap
 * while the first one's work runs does nothing).
 */
export function EntryButton({ label, onPress, disabled = false, busy = false, busyText, variant = 'primary', testId, className, children }: EntryButtonProps) {
  const inert = disabled || busy
  const press = () => {
    if (!inert) onPress()
  }
  const classes = ['entry-button', `entry-button--${variant}`, inert ? 'entry-button--inert' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <View
      className={classes}
      role='button'
      aria-label={busy && busyText ? busyText : label}
      aria-disabled={inert}
      aria-busy={busy}
      data-testid={testId}
      onClick={press}
      {...keyboardButtonProps(press)}
    >
      {busy && busyText ? busyText : (children ?? label)}
    </View>
  )
}
