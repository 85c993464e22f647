// NutUI components are imported one package at a time (with their own styles) so a page only
// ships the components it uses.
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css'
import NutButton from '@nutui/nutui-react-taro/dist/es/packages/button'
import type { ComponentProps } from 'react'
import { Icon } from '../icon/Icon'
import { keyboardButtonProps } from '../pressable/activation-keys'
import './button.scss'

export type ButtonProps = Omit<ComponentProps<typeof NutButton>, 'onClick'> & { onClick?: () => void }

/**
 * NutUI's button, reachable for every user: on H5 it renders a custom element that is neither a
 * button to screen readers nor focusable, so it gets the button role, Tab, Enter and Space, and
 * says when it is disabled (or busy). Pressing it while disabled or loading does nothing. Busy, it
 * shows the app's CSS spinner: NutUI's own is an icon-font `<i>`, which the mini-programs'
 * templates cannot draw.
 */
export function Button({ onClick, loading, children, ...props }: ButtonProps) {
  const inactive = Boolean(props.disabled || loading)
  const press = (): void => {
    if (!inactive) onClick?.()
  }
  const access = { role: 'button', 'aria-disabled': inactive, ...(loading ? { 'aria-busy': true } : {}), ...keyboardButtonProps(press) }
  return (
    <NutButton {...access} {...props} onClick={press}>
      {loading ? <Icon name='spinner' className='ui-button__spinner' /> : null}
      {children}
    </NutButton>
  )
}
