import { Text, View } from '@tarojs/components'
import { useRef, useState } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { PageShell } from '../../../components/page-shell/PageShell'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { PhotoGuide } from '../../../components/photo-guide/PhotoGuide'
import { ensurePhotoConsent } from '../../../components/photo-guide/photo-consent'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { isPhotoSubject } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import { IMAGE_PICKER_MESSAGE, ImageError, chooseImage } from '../../../platform/image-picker'
import type { ChosenImage, ImageSource } from '../../../platform/image-picker'
import { platformImagePreparer } from '../../../platform/image-prepare'
import './index.scss'
import { navigateFromTap } from '../../../platform/navigator'

const PAGE = trackedPage('selectImage')
const prepareImage = platformImagePreparer()

type Step = { kind: 'idle' } | { kind: 'declined' } | { kind: 'processing' } | { kind: 'failed'; message: string }

function SelectImageBody({ subject }: { subject: PhotoSubject }) {
  const { navigator, tracker } = useAppServices()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  // Held while the consent question or the compression runs, not while the picker is open: a
  // browser that reports no cancel would otherwise leave the buttons dead.
  const busy = useRef(false)

  const exclusive = async <T,>(run: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined
    busy.current = true
    try {
      return await run()
    } finally {
      busy.current = false
    }
  }

  const choose = async (source: ImageSource) => {
    tracker.click(PAGE, `select-${source}`)
    const agreed = await exclusive(() => ensurePhotoConsent())
    if (agreed === undefined) return
    if (!agreed) {
      setStep({ kind: 'declined' })
      return
    }
    setStep({ kind: 'idle' })
    let chosen: ChosenImage | undefined
    try {
      chosen = await chooseImage(source)
    } catch (error) {
      setStep({ kind: 'failed', message: error instanceof ImageError ? error.message : IMAGE_PICKER_MESSAGE.failed })
      return
    }
    if (!chosen) return
    const picked = chosen
    await exclusive(async () => {
      setStep({ kind: 'processing' })
      const prepared = await prepareImage(picked)
      if (!prepared.ok) {
        setStep({ kind: 'failed', message: prepared.reason })
        return
      }
      setStep({ kind: 'idle' })
      navigateFromTap(navigator.replace('confirmSelect', { subject, path: prepared.path }))
    })
  }

  const processing = step.kind === 'processing'
  return (
    <View className='select-image'>
      <PhotoGuide subject={subject} />
      <View className='select-image__status' aria-live='polite'>
        {processing ? (
          <View className='select-image__processing' role='status' data-testid='select-processing'>
            正在处理图片…
          </View>
        ) : null}
        {step.kind === 'failed' ? (
          <View className='select-image__error' role='alert' data-testid='select-error'>
            {step.message}
          </View>
        ) : null}
        {step.kind === 'declined' ? (
          <View className='select-image__error' role='alert' data-testid='select-declined'>
            需要您同意使用相机和相册后才能上传照片，可再次点击按钮授权
          </View>
        ) : null}
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

export default function SelectImagePage() {
  const { subject } = useRouteParams('subject')
  return <PageShell route='selectImage'>{isPhotoSubject(subject) ? <SelectImageBody subject={subject} /> : <UnknownPhoto />}</PageShell>
}
