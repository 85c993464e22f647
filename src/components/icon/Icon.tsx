import { View } from '@tarojs/components'
import './icon.scss'

/**
 * The app's icons, drawn with CSS shapes in Views so they draw the same on H5 and in both
 * mini-programs (whose templates have no node for the `<i>` an icon font renders). An icon is
 * 1em square in the current text colour: its container's font-size and colour size and tint it.
 * Icons are decorative (hidden from assistive technology): the control or text beside them says
 * what they mean.
 */
export type IconName = 'arrow-left' | 'success' | 'failure' | 'warning' | 'clock' | 'spinner'

/** The shapes each icon is drawn with; the filled ones are a disc with white marks. */
const ICON_SHAPES: Readonly<Record<IconName, { filled: boolean; parts: readonly string[] }>> = {
  'arrow-left': { filled: false, parts: ['chevron'] },
  success: { filled: true, parts: ['check'] },
  failure: { filled: true, parts: ['bar icon__bar--cross-a', 'bar icon__bar--cross-b'] },
  warning: { filled: true, parts: ['bar icon__bar--upright', 'dot'] },
  clock: { filled: true, parts: ['hand icon__hand--hour', 'hand icon__hand--minute'] },
  // A ring with one open quarter, turning (the busy state of a button).
  spinner: { filled: false, parts: [] },
}

export interface IconProps {
  name: IconName
  className?: string
}

export function Icon({ name, className }: IconProps) {
  const { filled, parts } = ICON_SHAPES[name]
  const classes = ['icon', `icon--${name}`, filled ? 'icon--filled' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <View className={classes} aria-hidden>
      {parts.map((part) => (
        <View key={part} className={`icon__${part}`} />
      ))}
    </View>
  )
}
