import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { ENTRY_COPY } from '../../../config/entry-copy'
import type { PlateEntry } from '../../../domain/plate-entry'
import { Heading } from '../../../components/heading/Heading'
import { PLATE_KEYBOARD_ROOM_CLASS } from '../../../config/plate-input-copy'
import { PlateInput } from '../plate-input/PlateInput'
import { JourneyIntro } from './JourneyIntro'
import './entry-plate.scss'

export interface PlateCardProps {
  plate: PlateEntry
  onChange: (entry: PlateEntry) => void
  /** The domain's reason, shown under the boxes. */
  error?: string
  keyboardOpen: boolean
  onKeyboardChange: (open: boolean) => void
  /** Above the input in the card: what holds whatever plate is typed (new applications paused). */
  notice?: ReactNode
  /** Below the input in the card: outcomes and the 下一步 button. */
  children?: ReactNode
  /** Below the card. */
  footer?: ReactNode
  /** Above the journey's steps: what concerns the person rather than the plate (an order under way). */
  lead?: ReactNode
}

/** The entry page's layout: the lead (if any), the journey's steps, then the card with the plate input. */
export function PlateCard({ plate, onChange, error, keyboardOpen, onKeyboardChange, notice, children, footer, lead }: PlateCardProps) {
  return (
    <View className={`entry-plate ${keyboardOpen ? PLATE_KEYBOARD_ROOM_CLASS : ''}`}>
      {lead}
      <JourneyIntro />
      <View className='entry-plate__card'>
        <Heading level={1} className='entry-plate__heading'>{ENTRY_COPY.heading}</Heading>
        <Text className='entry-plate__hint'>{ENTRY_COPY.hint}</Text>
        {notice}
        <PlateInput value={plate} onChange={onChange} error={error} initiallyOpen={keyboardOpen} onKeyboardChange={onKeyboardChange} />
        {children}
      </View>
      {footer}
    </View>
  )
}
