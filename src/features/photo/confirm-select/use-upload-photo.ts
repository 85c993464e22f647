import Taro from '@tarojs/taro'
import { useRef, useState } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import type { PhotoSubject } from '../../../domain/photo'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'

const PAGE = trackedPage('confirmSelect')

/**
 * 确认上传: starts the upload of the photo at `path` as `subject` and goes back to the form at
 * once, whose slot follows the upload (photo-upload-store.ts); nothing is sent from a preview that
 * has expired. The page is being left after the tap: a second tap does nothing. When the way back
 * fails (refused while another navigation runs), the page stays and its buttons work again; the
 * upload goes on, and confirming the same photo again shares it.
 */
export function useUploadPhoto(subject: PhotoSubject, path: string, expired: boolean): { sent: boolean; onUpload: () => void } {
  const { photoUpload } = useStores()
  const { navigator, tracker } = useAppServices()
  const [sent, setSent] = useState(false)
  // A ref, not the state: two taps in one frame both see the state before either rendered.
  const sending = useRef(false)

  const onUpload = () => {
    if (expired || sending.current) return
    sending.current = true
    setSent(true)
    tracker.click(PAGE, 'confirm-upload')
    photoUpload.start(subject, path)
    // Opened directly, there is no form behind the page to go back to.
    const leaving = Taro.getCurrentPages().length > 1 ? navigator.back() : navigator.replace('upinfo')
    navigateFromTap(
      leaving.catch((cause: unknown) => {
        sending.current = false
        setSent(false)
        throw cause
      }),
    )
  }
  return { sent, onUpload }
}
