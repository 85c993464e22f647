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
  return (
    <Pressable
      className={`photo-slot photo-slot--${subject} ${received ? 'photo-slot--received' : ''}`}
      label={`${title}，${received ? '已上传，点击重新上传' : '未上传，点击上传'}`}
      testId={`photo-slot-${subject}`}
      onPress={onPress}
    >
      <View className='photo-slot__frame' data-state={received ? 'received' : 'missing'} data-testid={`photo-slot-${subject}-state`}>
        <View className='photo-slot__icon' />
        <Text className='photo-slot__status'>{received ? '已上传' : '点击上传'}</Text>
      </View>
      <Text className='photo-slot__title'>{title}</Text>
    </Pressable>
  )
}
