import { useState } from 'react'
import { ownMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { useIsPageVisible } from '../../../components/page-shell/use-page-visible'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import type { ApplyFormField } from '../../../domain/apply-form'
import { missingPhotosMessage } from '../../../domain/photo'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { orConsentAgain } from '../missing-parts'
import { FIELD_LABELS } from './upinfo-fields'

const PAGE = trackedPage('upinfo')
const SAVE_FAILED = '保存失败，请稍后重试'

export interface SaveInformation {
  saving: boolean
  /** 下一步 waits for photos still uploading before it saves. */
  waitingForPhotos: boolean
  /** What stands in the way, in the user's words: shown once 下一步 has been tried. */
  problems: string[]
  next(): Promise<void>
}

/**
 * 下一步 of the information form: checks every field and photo, waits for the photos still
 * uploading, saves the form (step UPDATE) and opens the package choice, whose packages are asked
 * for at the same time (`goingOn` is told first: going on is not leaving the form). A photo whose
 * upload failed stops it, as a missing one does; its slot says why. Once tried, what still stands
 * in the way is listed, and updates as it is fixed.
 */
export function useSaveInformation(goingOn: () => void): SaveInformation {
  const { apply, commodity, photoUpload } = useStores()
  const { navigator, tracker } = useAppServices()
  const isVisible = useIsPageVisible()
  const [attempted, setAttempted] = useState(false)
  const [waitingForPhotos, setWaitingForPhotos] = useState(false)

  const wrong = Object.keys(apply.form.errors) as ApplyFormField[]
  const photos = missingPhotosMessage(photoUpload.unsent)
  const blockers = [...(wrong.length ? [`请检查：${wrong.map((field) => FIELD_LABELS[field]).join('、')}`] : []), ...(photos ? [photos] : [])]
  const save = useAction(
    async () => {
      tracker.click(PAGE, 'upinfo-next')
      setAttempted(true)
      if (!apply.form.validateAll() || blockers.length) return
      // The packages load while the photos finish and the form saves, so the next page has them
      // when it opens. A failure is kept in the store's load state, which the next page shows with a retry.
      void commodity.ensure()
      // Only this order's photos count: an upload of an order let go of may run on until its timeout.
      if (photoUpload.uploading) {
        setWaitingForPhotos(true)
        await photoUpload.settled()
        setWaitingForPhotos(false)
        // The form may have been changed meanwhile, an upload may have failed, or the person has
        // gone elsewhere (to choose another photo, back to the agreements): checked again.
        if (!isVisible() || !apply.form.validateAll() || photoUpload.unsent.length) return
      }
      const saved = await orConsentAgain(apply.saveInformation(), navigator)
      if (!saved) return
      goingOn()
      navigateFromTap(navigator.open('selectLand'))
    },
    { report: 'inline', message: ownMessageOr(SAVE_FAILED) },
  )
  const problems = [...(attempted ? blockers : []), ...(save.error ? [save.error] : [])]

  return { saving: save.busy, waitingForPhotos, problems, next: save.run }
}
