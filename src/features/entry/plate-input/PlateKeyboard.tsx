import { View } from '@tarojs/components'
import { panelFor, panelKeys } from '../../../domain/plate-entry'
import type { PlateEntry } from '../../../domain/plate-entry'
import { Pressable } from '../../../components/pressable/Pressable'
import { PLATE_INPUT_COPY, PLATE_KEYBOARD_ID } from '../../../config/plate-input-copy'

export interface PlateKeyboardProps {
  value: PlateEntry
  onKey: (key: string) => void
  onDelete: () => void
  onDone: () => void
}

/**
 * The plate keyboard's panel: province abbreviations for the first box, letters for the second,
 * letters and digits after that (never I or O), then delete and done. index.html's first screen
 * draws the same keyboard before the app arrives (platform/h5/early-keyboard.ts).
 */
export function PlateKeyboard({ value, onKey, onDelete, onDone }: PlateKeyboardProps) {
  const panel = panelFor(value)
  return (
    <View id={PLATE_KEYBOARD_ID} className='plate-input__keyboard' data-testid='plate-keyboard' data-panel={panel} role='group' aria-label={PLATE_INPUT_COPY.keyboardLabel}>
      <View className={`plate-input__keys plate-input__keys--${panel}`}>
        {panelKeys(panel).map((key) => (
          <Pressable key={key} label={key} testId={`plate-key-${key}`} className='plate-input__key' onPress={() => onKey(key)}>
            {key}
          </Pressable>
        ))}
      </View>
      <View className='plate-input__actions'>
        <Pressable label={PLATE_INPUT_COPY.deleteKey} testId='plate-key-delete' className='plate-input__key plate-input__key--wide' onPress={onDelete}>
          {PLATE_INPUT_COPY.deleteKey}
        </Pressable>
        <Pressable label={PLATE_INPUT_COPY.doneKey} testId='plate-key-done' className='plate-input__key plate-input__key--done' onPress={onDone}>
          {PLATE_INPUT_COPY.doneKey}
        </Pressable>
      </View>
    </View>
  )
}
