import { Text, View } from '@tarojs/components'
import { PHOTO_INFO } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import { Pressable } from '../../../components/pressable/Pressable'
import './photo-slot.scss'

export interface PhotoSlotProps {
  subject: PhotoSubject
  received: boolean
  onPress: () => void
}

/** One photo the application needs: what it is and whether it has been received; tap to (re)take it. */
export function PhotoSlot({ subject, received, onPress }: PhotoSlotProps) {
  const { title } = PHOTO_INFO[subject]
  const status = received ? '已上传' : '点击上传'
  return (
    <Pressable
      className={`photo-slot photo-slot--${subject} ${received ? 'photo-slot--received' : ''}`}
      // The name reads the visible text in its order (WCAG 2.5.3), then what a tap does once received.
      label={received ? `${status}${title}，点击重新上传` : `${status}${title}`}
      testId={`photo-slot-${subject}`}
      onPress={onPress}
    >
      <View className='photo-slot__frame' data-state={received ? 'received' : 'missing'} data-testid={`photo-slot-${subject}-state`}>
        <View className='photo-slot__icon' />
        <Text className='photo-slot__status'>{status}</Text>
      </View>
      <Text className='photo-slot__title'>{title}</Text>
    </Pressable>
  )
}
