import { Text, View } from '@tarojs/components'
import { setElderMode } from '../../platform/elder-mode'
import { useElderMode } from '../page-shell/use-elder-mode'
import { keyboardButtonProps } from '../pressable/activation-keys'
import './elder-mode-switch.scss'

export const ELDER_MODE_LABEL = '长辈模式'

/**
 * The switch of 长辈模式 (platform/elder-mode.ts): larger text and buttons on every page, kept for
 * the person. A switch by role, named by its words, its state read out.
 */
export function ElderModeSwitch() {
  const on = useElderMode()
  const toggle = () => setElderMode(!on)
  return (
    <View
      className={`elder-mode-switch ${on ? 'elder-mode-switch--on' : ''}`}
      role='switch'
      aria-checked={on}
      aria-label={ELDER_MODE_LABEL}
      data-testid='elder-mode-switch'
      onClick={toggle}
      {...keyboardButtonProps(toggle)}
    >
      <Text className='elder-mode-switch__label'>{ELDER_MODE_LABEL}</Text>
      <Text className='elder-mode-switch__state'>{on ? '已开启：字大、按钮大' : '字太小？点这里放大'}</Text>
      <View className='elder-mode-switch__track' aria-hidden>
        <View className='elder-mode-switch__thumb' />
      </View>
    </View>
  )
}
