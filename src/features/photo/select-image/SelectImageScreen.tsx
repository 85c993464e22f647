import { Text, View } from '@tarojs/components'
import { useAppServices } from '../../../components/app-services/app-services'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { isPhotoSubject } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import { navigateFromTap } from '../../../platform/navigator'
import { StatusLine } from '../StatusLine'
import type { PhotoStatus } from '../StatusLine'
import { PhotoGuide } from './PhotoGuide'
import { useChoosePhoto } from './use-choose-photo'
import type { Step } from './use-choose-photo'
import './select-image.scss'

/** What the page says about the step it is at. */
function stepStatus(step: Step): PhotoStatus | undefined {
  switch (step.kind) {
    case 'idle':
      return undefined
    case 'processing':
      return { className: 'select-image__processing', role: 'status', testId: 'select-processing', text: '正在处理图片…' }
    case 'failed':
      return { className: 'select-image__error', role: 'alert', testId: 'select-error', text: step.message }
    case 'declined':
      return { className: 'select-image__error', role: 'alert', testId: 'select-declined', text: '需要您同意使用相机和相册后才能上传照片，可再次点击按钮授权' }
    case 'unasked':
      return { className: 'select-image__error', role: 'alert', testId: 'select-unasked', text: '暂时无法打开授权提示，请检查网络后再次点击按钮' }
  }
}

function ChoosePhoto({ subject }: { subject: PhotoSubject }) {
  const { step, choose } = useChoosePhoto(subject)
  const processing = step.kind === 'processing'
  return (
    <View className='select-image'>
      <PhotoGuide subject={subject} />
      <View className='select-image__status' aria-live='polite'>
        <StatusLine status={stepStatus(step)} />
      </View>
      <View className='select-image__actions'>
        <Button
          block
          type='primary'
          className='select-image__action'
          disabled={processing}
          aria-label='拍照'
          data-testid='select-camera'
          onClick={() => void choose('camera')}
        >
          拍照
        </Button>
        <Button
          block
          className='select-image__action'
          disabled={processing}
          aria-label='从相册选择'
          data-testid='select-album'
          onClick={() => void choose('album')}
        >
          从相册选择
        </Button>
      </View>
      <Text className='select-image__note'>照片在手机上压缩后加密上传，仅用于本次ETC申办审核</Text>
    </View>
  )
}

function UnknownPhoto() {
  const { navigator } = useAppServices()
  return (
    <StatusView
      role='alert'
      testId='select-invalid'
      title='无法识别要上传的照片'
      description='请返回资料填写页，点击需要上传的照片'
      actionText='返回'
      onAction={() => navigateFromTap(navigator.back())}
    />
  )
}

/** 上传图片 [subject]: how to take the photo, then the camera or the album. */
export function SelectImageScreen({ subject }: { subject: string }) {
  return isPhotoSubject(subject) ? <ChoosePhoto subject={subject} /> : <UnknownPhoto />
}
