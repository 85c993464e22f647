import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { boxCount, deleteKey, isFull, plateText, switchKind, typeKey } from '../../../domain/plate-entry'
import type { PlateEntry } from '../../../domain/plate-entry'
import { PLATE_KIND_LABEL } from '../../../domain/plate'
import { PLATE_INPUT_COPY, PLATE_INPUT_ID, PLATE_KEYBOARD_ID, plateBoxesLabel } from '../../../config/plate-input-copy'
import type { PlateKind } from '../../../domain/plate'
import { keyboardButtonProps } from '../../../components/pressable/activation-keys'
import { Pressable } from '../../../components/pressable/Pressable'
// With the input, not on first use: the entry page opens with the keyboard, usable at once.
import { PlateKeyboard } from './PlateKeyboard'
import { revealAbove } from '../../../platform/h5/reveal-above'
import './plate-input.scss'

export interface PlateInputProps {
  value: PlateEntry
  onChange: (entry: PlateEntry) => void
  /** The domain's reason, shown under the boxes. */
  error?: string
  /** The keyboard opens at once (an empty plate on the entry page). */
  initiallyOpen?: boolean
  /**
   * Told when the keyboard opens or closes: it is fixed to the bottom of the screen, so the page
   * makes room under its content (PLATE_KEYBOARD_ROOM_CLASS) to keep nothing hidden behind it.
   */
  onKeyboardChange?: (open: boolean) => void
}

const KINDS: readonly PlateKind[] = ['blue', 'green']

/**
 * The keyboard is fixed to the bottom of the window: where it would cover the input (a short or
 * zoomed screen), the page scrolls the kinds and the boxes into sight above it, as it opens and
 * at each key (what arrived above the input meanwhile may have pushed it down). A web page's
 * only: the mini-programs lay out their own keyboard room.
 */
function useInputInSight(open: boolean, typed: number): void {
  useEffect(() => {
    if (!open || process.env.TARO_ENV !== 'h5') return
    const input = document.getElementById(PLATE_INPUT_ID)
    const keyboard = document.getElementById(PLATE_KEYBOARD_ID)
    if (input && keyboard) revealAbove(input, keyboard)
  }, [open, typed])
}

/**
 * A plate input built for phones: a blue / green switch that sets 7 or 8 boxes, the province
 * panel for the first box, then letters and digits without I or O. The system keyboard never
 * opens; every key is a button with an accessible name. The keyboard closes itself once every
 * box is filled, so what follows the input comes into view.
 */
export function PlateInput({ value, onChange, error, initiallyOpen = false, onKeyboardChange }: PlateInputProps) {
  const [open, setOpen] = useState(initiallyOpen)
  useInputInSight(open, value.chars.length)
  const show = (next: boolean) => {
    setOpen(next)
    onKeyboardChange?.(next)
  }
  const boxes = Array.from({ length: boxCount(value.kind) }, (_, index) => value.chars[index] ?? '')
  const active = Math.min(value.chars.length, boxes.length - 1)
  const typed = plateText(value)

  const type = (key: string) => {
    const next = typeKey(value, key)
    onChange(next)
    if (isFull(next)) show(false)
  }

  return (
    <View id={PLATE_INPUT_ID} className='plate-input'>
      <View className='plate-input__kinds' role='radiogroup' aria-label={PLATE_INPUT_COPY.kindsLabel}>
        {KINDS.map((kind) => (
          <View
            key={kind}
            className={`plate-input__kind ${value.kind === kind ? 'plate-input__kind--on' : ''} plate-input__kind--${kind}`}
            role='radio'
            aria-checked={value.kind === kind}
            aria-label={PLATE_KIND_LABEL[kind]}
            data-testid={`plate-kind-${kind}`}
            onClick={() => onChange(switchKind(value, kind))}
            {...keyboardButtonProps(() => onChange(switchKind(value, kind)))}
          >
            {PLATE_KIND_LABEL[kind]}
          </View>
        ))}
      </View>
      <Pressable
        label={plateBoxesLabel(typed, boxes.length)}
        onPress={() => show(true)}
        testId='plate-boxes'
        className='plate-input__boxes'
      >
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
        <PlateKeyboard value={value} onKey={type} onDelete={() => onChange(deleteKey(value))} onDone={() => show(false)} />
      ) : null}
    </View>
  )
}
