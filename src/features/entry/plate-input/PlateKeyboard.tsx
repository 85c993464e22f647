import { View } from '@tarojs/components'
import { panelFor, panelKeys } from '../../../domain/plate-entry'
import type { PlateEntry } from '../../../domain/plate-entry'
import { Pressable } from '../../../components/pressable/Pressable'

export interface PlateKeyboardProps {
  value: PlateEntry
  onKey: (key: string) => void
  onDelete: () => void
  onDone: () => void
}

/**
 * The plate keyboard's panel: province abbreviations for the first box, letters for the second,
 * letters and digits after that (never I or O), then delete and done. Loaded when the keyboard
 * first opens, so the entry page paints without it.
 */
export function PlateKeyboard({ value, onKey, onDelete, onDone }: PlateKeyboardProps) {
  const panel = panelFor(value)
  return (
    <View className='plate-input__keyboard' data-testid='plate-keyboard' data-panel={panel} role='group' aria-label='车牌键盘'>
      <View className={`plate-input__keys plate-input__keys--${panel}`}>
        {panelKeys(panel).map((key) => (
          <Pressable key={key} label={key} testId={`plate-key-${key}`} className='plate-input__key' onPress={() => onKey(key)}>
            {key}
          </Pressable>
        ))}
      </View>
      <View className='plate-input__actions'>
        <Pressable label='删除' testId='plate-key-delete' className='plate-input__key plate-input__key--wide' onPress={onDelete}>
          删除
        </Pressable>
        <Pressable label='完成' testId='plate-key-done' className='plate-input__key plate-input__key--done' onPress={onDone}>
          完成
        </Pressable>
      </View>
    </View>
  )
}
