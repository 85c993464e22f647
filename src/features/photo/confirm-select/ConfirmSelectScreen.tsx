import { Image, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { PHOTO_INFO, isPhotoSubject } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import { navigateFromTap } from '../../../platform/navigator'
import { useUploadPhoto } from './use-upload-photo'
import './confirm-select.scss'

function ConfirmUpload({ subject, path }: { subject: PhotoSubject; path: string }) {
  const { navigator } = useAppServices()
  // The preview is a temporary file: after a reload of the web page it is gone.
  const [expired, setExpired] = useState(false)
  const { sent, onUpload } = useUploadPhoto(subject, path, expired)
  const { title } = PHOTO_INFO[subject]

  return (
    <View className='confirm-select'>
      <Text className='confirm-select__title'>请确认{title}清晰完整</Text>
      <View className='confirm-select__preview'>
        {expired ? (
          <View className='confirm-select__expired' role='alert' data-testid='confirm-expired'>
            图片已失效，请重新选择
          </View>
        ) : (
          <Image
            className='confirm-select__image'
            src={path}
            mode='aspectFit'
            aria-label={`${title}预览`}
            data-testid='confirm-preview'
            onError={() => setExpired(true)}
          />
        )}
      </View>
      <View className='confirm-select__actions'>
        <Button
          className='confirm-select__action'
          disabled={sent}
          aria-label='重新选择'
          data-testid='confirm-retake'
          onClick={() => navigateFromTap(navigator.replace('selectImage', { subject }))}
        >
          重新选择
        </Button>
        <Button
          type='primary'
          className='confirm-select__action'
          disabled={sent || expired}
          aria-label='确认上传'
          data-testid='confirm-upload'
          onClick={onUpload}
        >
          确认上传
        </Button>
      </View>
    </View>
  )
}

function NothingToUpload({ subject }: { subject: string }) {
  const { navigator } = useAppServices()
  return (
    <StatusView
      role='alert'
      testId='confirm-invalid'
      title='没有要上传的图片'
      description='请重新拍照或从相册选择'
      actionText='重新选择'
      onAction={() => navigateFromTap(isPhotoSubject(subject) ? navigator.replace('selectImage', { subject }) : navigator.back())}
    />
  )
}

/** 确认上传图片 [subject, path]: the chosen photo, checked by the user, then uploaded while the form is back. */
export function ConfirmSelectScreen({ subject, path }: { subject: string; path: string }) {
  return isPhotoSubject(subject) && path ? <ConfirmUpload subject={subject} path={path} /> : <NothingToUpload subject={subject} />
}
