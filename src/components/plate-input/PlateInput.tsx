import { View } from '@tarojs/components'
import { useState } from 'react'
import { boxCount, deleteKey, isFull, panelFor, panelKeys, switchKind, typeKey } from '../../domain/plate-entry'
import type { PlateEntry } from '../../domain/plate-entry'
import type { PlateKind } from '../../domain/plate'
import { keyboardButtonProps } from '../pressable/activation-keys'
import { Pressable } from '../pressable/Pressable'
import './plate-input.scss'

export interface PlateInputProps {
  value: PlateEntry
  onChange: (entry: PlateEntry) => void
  /** The domain's reason, shown under the boxes. */
  error?: string
  /** The keyboard opens at once (an empty plate on the entry page). */
  initiallyOpen?: boolean
}

const KIND_LABEL: Readonly<Record<PlateKind, string>> = { blue: '蓝牌', green: '新能源绿牌' }
const KINDS: readonly PlateKind[] = ['blue', 'green']

/**
 * A plate input built for phones: a blue / green switch that sets 7 or 8 boxes, the province
 * panel for the first box, then letters and digits without I or O. The system keyboard never
 * opens; every key is a button with an accessible name.
 */
export function PlateInput({ value, onChange, error, initiallyOpen = false }: PlateInputProps) {
  const [open, setOpen] = useState(initiallyOpen)
  const boxes = Array.from({ length: boxCount(value.kind) }, (_, index) => value.chars[index] ?? '')
  const active = Math.min(value.chars.length, boxes.length - 1)
  const panel = panelFor(value)

  return (
    <View className='plate-input'>
      <View className='plate-input__kinds' role='radiogroup' aria-label='车牌类型'>
        {KINDS.map((kind) => (
          <View
            key={kind}
            className={`plate-input__kind ${value.kind === kind ? 'plate-input__kind--on' : ''} plate-input__kind--${kind}`}
            role='radio'
            aria-checked={value.kind === kind}
            aria-label={KIND_LABEL[kind]}
            data-testid={`plate-kind-${kind}`}
            onClick={() => onChange(switchKind(value, kind))}
            {...keyboardButtonProps(() => onChange(switchKind(value, kind)))}
          >
            {KIND_LABEL[kind]}
          </View>
        ))}
      </View>
      <Pressable label={`车牌号 ${value.chars.join('') || '未填写'}，点击输入`} onPress={() => setOpen(true)} testId='plate-boxes' className='plate-input__boxes'>
        {boxes.map((char, index) => (
          <View
            key={index}
            className={`plate-input__box ${open && index === active && !isFull(value) ? 'plate-input__box--active' : ''} ${
              value.kind === 'green' && index === boxes.length - 1 ? 'plate-input__box--energy' : ''
            }`}
            data-testid={`plate-box-${index}`}
          >
            {char}
          </View>
        ))}
      </Pressable>
      {error ? (
        <View className='plate-input__error' role='alert' data-testid='plate-error'>
          {error}
        </View>
      ) : null}
      {open ? (
        <View className='plate-input__keyboard' data-testid='plate-keyboard' data-panel={panel}>
          <View className={`plate-input__keys plate-input__keys--${panel}`}>
            {panelKeys(panel).map((key) => (
              <Pressable
                key={key}
                label={key}
                testId={`plate-key-${key}`}
                className='plate-input__key'
                onPress={() => onChange(typeKey(value, key))}
              >
                {key}
              </Pressable>
            ))}
          </View>
          <View className='plate-input__actions'>
            <Pressable label='删除' testId='plate-key-delete' className='plate-input__key plate-input__key--wide' onPress={() => onChange(deleteKey(value))}>
              删除
            </Pressable>
            <Pressable label='完成' testId='plate-key-done' className='plate-input__key plate-input__key--done' onPress={() => setOpen(false)}>
              完成
            </Pressable>
          </View>
        </View>
      ) : null}
    </View>
  )
}
