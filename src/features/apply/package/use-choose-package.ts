/**
 * Choosing a package, from the list or the detail page: the package goes into the application,
 * which is submitted with it (step 200, one call), then the payment page opens.
 * What the server says is still missing is shown, with the way to the form that completes it.
 */
import { useCallback, useState } from 'react'
import { ownMessageOr, useAction } from '../../../components/action/use-action'
import { ignoreRefusedJump, navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { useApplyFeature } from '../apply-state'
import { useAppServices } from '../../../components/app-services/app-services'
import { pageForMissing, submitThenPay } from '../missing-parts'
import { PACKAGE_LOCKED_NOTE } from '../../../config/payment'

const CHOOSE_MESSAGES = {
  locked: PACKAGE_LOCKED_NOTE,
  failed: '套餐提交失败，请重试',
} as const

export interface ChoosePackage {
  /** The package being chosen right now. */
  choosingId: string | undefined
  /** Why the last choice did not go through. */
  error: string | undefined
  /** What the application still lacks (the server's words); empty when nothing is missing. */
  missing: readonly string[]
  /** The application is submitted: its package can no longer change. */
  locked: boolean
  choose(commodityId: string): void
  /** Opens the form where the missing parts are completed. */
  completeMissing(): void
}

export function useChoosePackage(): ChoosePackage {
  const { apply } = useStores()
  const { province } = useApplyFeature()
  const { navigator } = useAppServices()
  const [choosingId, setChoosingId] = useState<string | undefined>(undefined)
  const [missing, setMissing] = useState<readonly string[]>([])

  const { run, busy, error } = useAction(
    async (commodityId: string) => {
      setChoosingId(commodityId)
      setMissing([])
      const orderId = apply.orderId
      if (!orderId) {
        // No application yet: it starts with the plate.
        navigateFromTap(navigator.open('plateEntry'))
        return
      }
      if (apply.submitted) {
        if (commodityId === apply.commodityId) navigateFromTap(navigator.open('pay', { orderId }))
        else throw new Error(CHOOSE_MESSAGES.locked)
        return
      }
      apply.chooseCommodity(commodityId)
      if (province.mustVerify(apply.plateNumber, orderId)) {
        // A province plate's order passes its issuer's SMS verification first; that step submits it.
        await navigator.open('provinceVerify', { orderId }).catch(ignoreRefusedJump)
        return
      }
      // The final commit saves the package it carries even when something is still missing: one round trip.
      await submitThenPay(apply, navigator, setMissing, 'open')
    },
    { report: 'inline', message: ownMessageOr(CHOOSE_MESSAGES.failed) },
  )
  const choose = useCallback((commodityId: string) => void run(commodityId), [run])

  const completeMissing = useCallback(() => {
    navigateFromTap(navigator.open(pageForMissing(missing)))
  }, [navigator, missing])

  return { choosingId: busy ? choosingId : undefined, error, missing, locked: apply.submitted, choose, completeMissing }
}
