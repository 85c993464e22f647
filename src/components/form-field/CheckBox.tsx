import { Text, View } from '@tarojs/components'
import { keyboardButtonProps } from '../pressable/activation-keys'
import './form-field.scss'

export interface CheckBoxProps {
  checked: boolean
  onToggle: () => void
  /** The accessible name: what ticking it means. */
  label: string
  /** What the row shows next to the box. */
  text: string
  testId: string
  className?: string
}

/** A checkbox with its text beside it: the whole row toggles, by tap or keyboard. */
export function CheckBox({ checked, onToggle, label, text, testId, className }: CheckBoxProps) {
  return (
    <View
      className={['check-box', checked ? 'check-box--on' : '', className ?? ''].filter(Boolean).join(' ')}
      role='checkbox'
      aria-checked={checked}
      aria-label={label}
      data-testid={testId}
      onClick={onToggle}
      {...keyboardButtonProps(onToggle)}
    >
      <View className='check-box__mark' />
      <Text className='check-box__text'>{text}</Text>
    </View>
  )
}
