import { Image, Text, View } from '@tarojs/components'
import { Pressable } from '../../../components/pressable/Pressable'
import { Button } from '../../../components/ui/button'
import { PHOTO_INFO } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import type { PhotoUploadState } from '../../../stores/photo-upload-store'
import './photo-slot.scss'

export interface PhotoSlotProps {
  subject: PhotoSubject
  state: PhotoUploadState
  /** Opens the photo pages to choose a (new) photo. */
  onChoose: () => void
  /** Sends a failed photo's file again. */
  onRetry: () => void
}

/** What the frame says in each state, and what a tap on it does. */
const SLOT_TEXT: Readonly<Record<PhotoUploadState['kind'], { status: string; tap: string }>> = {
  missing: { status: '点击上传', tap: '' },
  uploading: { status: '上传中', tap: '，点击重新选择' },
  failed: { status: '上传失败', tap: '，点击重新选择' },
  received: { status: '已上传', tap: '，点击重新上传' },
}

/**
 * How much of the photo has gone out: a bar and its percent once the host reports it, a moving bar
 * until then. Not a busy or status region: the form around it is usable meanwhile.
 */
function SlotProgress({ subject, percent }: { subject: PhotoSubject; percent: number | undefined }) {
  const value = percent === undefined ? undefined : Math.max(0, Math.min(100, Math.round(percent)))
  return (
    <View
      className='photo-slot__progress'
      role='progressbar'
      aria-label={`${PHOTO_INFO[subject].title}上传中`}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(value === undefined ? {} : { 'aria-valuenow': value })}
      data-testid={`photo-slot-${subject}-progress`}
    >
      <View className='photo-slot__track'>
        {value === undefined ? (
          <View className='photo-slot__bar' />
        ) : (
          <View className='photo-slot__bar photo-slot__bar--known' style={{ width: `${value}%` }} />
        )}
      </View>
      <Text className='photo-slot__percent'>{value === undefined ? SLOT_TEXT.uploading.status : `${SLOT_TEXT.uploading.status} ${value}%`}</Text>
    </View>
  )
}

/**
 * One photo the application needs: what it is and where its photo stands (missing, uploading with
 * the chosen photo's preview, failed with why and 重新上传, received with its thumbnail while this
 * run of the app has it); a tap chooses a (new) one.
 * The progress and the failure sit outside the tappable frame: a button's content is not read out
 * as controls of their own.
 */
export function PhotoSlot({ subject, state, onChoose, onRetry }: PhotoSlotProps) {
  const { title } = PHOTO_INFO[subject]
  const { status, tap } = SLOT_TEXT[state.kind]
  const preview = state.kind === 'missing' ? undefined : state.path
  return (
    <View className={`photo-slot photo-slot--${subject} photo-slot--${state.kind}`}>
      <Pressable
        className='photo-slot__choose'
        // The name reads the visible text in its order (WCAG 2.5.3), then what a tap does.
        label={`${status}${title}${tap}`}
        testId={`photo-slot-${subject}`}
        onPress={onChoose}
      >
        <View className='photo-slot__frame' data-state={state.kind} data-testid={`photo-slot-${subject}-state`}>
          {/* Decorative: the slot's name says what it is. */}
          {preview ? <Image className='photo-slot__preview' src={preview} mode='aspectFill' nativeProps={{ alt: '' }} /> : <View className='photo-slot__icon' />}
          {state.kind === 'uploading' ? null : <Text className='photo-slot__status'>{status}</Text>}
        </View>
        <Text className='photo-slot__title'>{title}</Text>
      </Pressable>
      {state.kind === 'uploading' ? <SlotProgress subject={subject} percent={state.percent} /> : null}
      {state.kind === 'failed' ? (
        <View className='photo-slot__failure'>
          <View className='photo-slot__message' role='alert' data-testid={`photo-slot-${subject}-error`}>
            {state.message}
          </View>
          <Button
            size='small'
            className='photo-slot__retry'
            aria-label={`重新上传${title}`}
            data-testid={`photo-slot-${subject}-retry`}
            onClick={onRetry}
          >
            重新上传
          </Button>
        </View>
      ) : null}
    </View>
  )
}
