import Taro from '@tarojs/taro'
import { useState } from 'react'
import { STAY_BUSY, ownMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { PHOTO_UPLOAD } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'

const PAGE = trackedPage('confirmSelect')
const UPLOAD_FAILED = '上传失败，请重试'

export type Upload = { kind: 'ready' } | { kind: 'uploading'; percent?: number } | { kind: 'failed'; message: string } | { kind: 'done' }

/**
 * Uploading the photo at `path` as `subject` of the application, with its progress; once it is
 * received, back to the form. One upload at a time; none from a preview that has expired.
 */
export function useUploadPhoto(subject: PhotoSubject, path: string, expired: boolean): { upload: Upload; onUpload: () => Promise<void> } {
  const { apply } = useStores()
  const { navigator, tracker, ui } = useAppServices()
  const [percent, setPercent] = useState<number>()
  const [done, setDone] = useState(false)

  // A received photo keeps the action busy: the page is going back to the form.
  const { run, busy, error } = useAction(
    async () => {
      if (expired) return
      tracker.click(PAGE, 'confirm-upload')
      setPercent(undefined)
      // A late report (after the answer) changes nothing: the upload no longer shows progress.
      await apply.uploadPhoto(PHOTO_UPLOAD[subject], path, setPercent)
      setDone(true)
      ui.toast('上传成功', 'success')
      // Back to the form, which shows the photo as received; opened directly, there is nothing behind.
      navigateFromTap(Taro.getCurrentPages().length > 1 ? navigator.back() : navigator.replace('upinfo'))
      return STAY_BUSY
    },
    { report: 'inline', message: ownMessageOr(UPLOAD_FAILED) },
  )

  const upload: Upload = done
    ? { kind: 'done' }
    : busy
      ? { kind: 'uploading', percent }
      : error
        ? { kind: 'failed', message: error }
        : { kind: 'ready' }
  return { upload, onUpload: run }
}
