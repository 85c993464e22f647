import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { PageShell } from '../../../components/page-shell/PageShell'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { UploadProgress } from '../../../components/photo-progress/UploadProgress'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { TOAST_DURATION_MS } from '../../../domain/constants'
import { PHOTO_INFO, PHOTO_UPLOAD, isPhotoSubject } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import { useStores } from '../../../stores/store-context'
import './index.scss'
import { navigateFromTap } from '../../../platform/navigator'

const PAGE = trackedPage('confirmSelect')
const UPLOAD_FAILED = '上传失败，请重试'

type Upload = { kind: 'ready' } | { kind: 'uploading'; percent?: number } | { kind: 'failed'; message: string } | { kind: 'done' }

const ConfirmBody = observer(function ConfirmBody({ subject, path }: { subject: PhotoSubject; path: string }) {
  const { apply } = useStores()
  const { navigator, tracker } = useAppServices()
  const [upload, setUpload] = useState<Upload>({ kind: 'ready' })
  // The preview is a temporary file: after a reload of the web page it is gone.
  const [expired, setExpired] = useState(false)
  const running = useRef(false)
  const { title } = PHOTO_INFO[subject]
  const locked = upload.kind === 'uploading' || upload.kind === 'done'

  const onUpload = async () => {
    if (running.current || expired) return
    running.current = true
    tracker.click(PAGE, 'confirm-upload')
    setUpload({ kind: 'uploading' })
    try {
      // A late report (after the answer) changes nothing.
      await apply.uploadPhoto(PHOTO_UPLOAD[subject], path, (percent) =>
        setUpload((current) => (current.kind === 'uploading' ? { kind: 'uploading', percent } : current)),
      )
    } catch (error) {
      setUpload({ kind: 'failed', message: error instanceof Error && error.message ? error.message : UPLOAD_FAILED })
      running.current = false
      return
    }
    setUpload({ kind: 'done' })
    void Taro.showToast({ title: '上传成功', icon: 'success', duration: TOAST_DURATION_MS })
    // Back to the form, which shows the photo as received; opened directly, there is nothing behind.
    navigateFromTap(Taro.getCurrentPages().length > 1 ? navigator.back() : navigator.replace('upinfo'))
  }

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
      <View className='confirm-select__status' aria-live='polite'>
        {upload.kind === 'uploading' ? <UploadProgress label='正在上传…' percent={upload.percent} /> : null}
        {upload.kind === 'failed' ? (
          <View className='confirm-select__error' role='alert' data-testid='confirm-error'>
            {upload.message}
          </View>
        ) : null}
        {upload.kind === 'done' ? (
          <View className='confirm-select__done' role='status' data-testid='confirm-done'>
            上传成功
          </View>
        ) : null}
      </View>
      <View className='confirm-select__actions'>
        <Button
          className='confirm-select__action'
          disabled={locked}
          aria-label='重新选择'
          data-testid='confirm-retake'
          onClick={() => navigateFromTap(navigator.replace('selectImage', { subject }))}
        >
          重新选择
        </Button>
        <Button
          type='primary'
          className='confirm-select__action'
          loading={upload.kind === 'uploading'}
          disabled={locked || expired}
          aria-label={upload.kind === 'failed' ? '重新上传' : '确认上传'}
          aria-busy={upload.kind === 'uploading'}
          data-testid='confirm-upload'
          onClick={() => void onUpload()}
        >
          {upload.kind === 'failed' ? '重新上传' : '确认上传'}
        </Button>
      </View>
    </View>
  )
})

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

export default function ConfirmSelectPage() {
  const { subject, path } = useRouteParams('subject', 'path')
  return (
    <PageShell route='confirmSelect'>
      {isPhotoSubject(subject) && path ? <ConfirmBody subject={subject} path={path} /> : <NothingToUpload subject={subject} />}
    </PageShell>
  )
}
