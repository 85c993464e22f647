import { Text, View } from '@tarojs/components'
import { PHOTO_HINTS, PHOTO_INFO } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import './photo-guide.scss'

/**
 * How to take the photo: a frame shaped like the document (or the car's front) with corner
 * marks, what to photograph, and the hints that make a photo pass the audit.
 */
export function PhotoGuide({ subject }: { subject: PhotoSubject }) {
  const { title, guide } = PHOTO_INFO[subject]
  return (
    <View className='photo-guide'>
      <View className={`photo-guide__frame photo-guide__frame--${subject}`} role='img' aria-label={`拍摄示意：${title}，请让证件或车头充满取景框`} data-testid='photo-guide-frame'>
        <View className='photo-guide__corner photo-guide__corner--tl' />
        <View className='photo-guide__corner photo-guide__corner--tr' />
        <View className='photo-guide__corner photo-guide__corner--bl' />
        <View className='photo-guide__corner photo-guide__corner--br' />
        <Text className='photo-guide__label'>{title}</Text>
      </View>
      <Text className='photo-guide__text' data-testid='photo-guide-text'>
        {guide}
      </Text>
      <View className='photo-guide__hints' role='list' aria-label='拍摄要求' data-testid='photo-guide-hints'>
        {PHOTO_HINTS.map((hint) => (
          <View key={hint} className='photo-guide__hint' role='listitem'>
            <View className='photo-guide__tick' />
            <Text>{hint}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}
