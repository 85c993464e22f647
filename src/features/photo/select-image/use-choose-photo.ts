import { useState } from 'react'
import { ownMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { PHOTO_REASON } from '../../../domain/photo'
import type { PhotoSubject } from '../../../domain/photo'
import { IMAGE_PICKER_MESSAGE } from '../../../config/image-picker-copy'
import { ImageError, chooseImage } from '../../../platform/image-picker'
import type { ChosenImage, ImageSource } from '../../../platform/image-picker'
import { platformImagePreparer } from '../../../platform/image-prepare'
import { navigateFromTap } from '../../../platform/navigator'
import { ensurePhotoConsent } from './photo-consent'

const PAGE = trackedPage('selectImage')
const prepareImage = platformImagePreparer()

export type Step = { kind: 'idle' } | { kind: 'declined' } | { kind: 'unasked' } | { kind: 'processing' } | { kind: 'failed'; message: string }

/**
 * Choosing the photo for `subject`: the one-time consent, the camera or album, then the
 * compression; a prepared photo opens its preview. Taps while the consent question or the
 * compression runs are ignored.
 */
export function useChoosePhoto(subject: PhotoSubject): { step: Step; choose: (source: ImageSource) => Promise<void> } {
  const { navigator, tracker, ui } = useAppServices()
  const [step, setStep] = useState<Step>({ kind: 'idle' })

  // Two actions, busy while the consent question or the compression runs, not while the picker
  // is open: a browser that reports no cancel would otherwise leave the buttons dead.
  const prepare = useAction(
    async (picked: ChosenImage) => {
      const prepared = await prepareImage(picked)
      if (!prepared.ok) throw new Error(prepared.reason)
      navigateFromTap(navigator.replace('confirmSelect', { subject, path: prepared.path }))
    },
    { report: 'inline', message: ownMessageOr(PHOTO_REASON.unreadable) },
  )

  const pick = async (source: ImageSource) => {
    let chosen: ChosenImage | undefined
    try {
      chosen = await chooseImage(source)
    } catch (error) {
      setStep({ kind: 'failed', message: error instanceof ImageError ? error.message : IMAGE_PICKER_MESSAGE.failed })
      return
    }
    if (chosen) await prepare.run(chosen)
  }

  const ask = useAction(
    async (source: ImageSource) => {
      // A tap while the last photo is being prepared is ignored too.
      if (prepare.busy) return
      const consent = await ensurePhotoConsent(ui)
      prepare.clearError()
      setStep({ kind: consent === 'agreed' ? 'idle' : consent })
      if (consent === 'agreed') void pick(source)
    },
    // The consent question answers 'unasked' when it cannot open: nothing else can fail here.
    { report: 'toast', message: ownMessageOr(IMAGE_PICKER_MESSAGE.failed) },
  )

  const choose = (source: ImageSource) => {
    tracker.click(PAGE, `select-${source}`)
    return ask.run(source)
  }

  const shown: Step = prepare.busy ? { kind: 'processing' } : prepare.error ? { kind: 'failed', message: prepare.error } : step
  return { step: shown, choose }
}
