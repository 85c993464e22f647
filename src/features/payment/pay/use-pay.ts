import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { STAY_BUSY, ownMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { useIsPageVisible } from '../../../components/page-shell/use-page-visible'
import { PAY_MESSAGES } from '../../../config/payment'
import { PAY_STATE } from '../../../domain/enums'
import { depositSettled } from '../../../domain/order'
import { ignoreRefusedJump, navigateFromTap } from '../../../platform/navigator'
import { nativePaymentOf, payNatively } from '../../../platform/native-pay'
import { onBackFromCashier, openCashier } from '../../../platform/open-cashier'
import { useStores } from '../../../stores/store-context'

export interface Pay {
  paying: boolean
  /** Why the last attempt failed (or that it was cancelled). */
  error: string | undefined
  /** Where the page is going (the cashier, the platform's payment, or the result). */
  notice: string | undefined
  pay(): Promise<void>
}

/**
 * Paying the order: starts the payment and opens the cashier (H5), or pays with the platform's own
 * payment (the mini-programs) and goes on to the result page, which follows the pay state; or goes
 * straight to the result when nothing is to be paid. A cancelled or failed platform payment stays
 * here, saying so, and may be paid again. One attempt at a time; while the page is being left the
 * button stays busy.
 */
export function usePay(orderId: string): Pay {
  const { payment } = useStores()
  const { navigator, tracker } = useAppServices()
  const [notice, setNotice] = useState<string | undefined>(undefined)
  const cashierOpened = useRef(false)
  const isVisible = useIsPageVisible()

  // While the page is being left the button stays busy: a second tap would start again.
  const { run, busy, error, release } = useAction(
    async () => {
      try {
        const response = await payment.start(orderId)
        if (depositSettled(response)) {
          setNotice(response.depositPayState === PAY_STATE.NOT_NEEDED ? PAY_MESSAGES.notNeeded : PAY_MESSAGES.alreadyPaid)
          await navigator.replace('payResult', { orderId }).catch(ignoreRefusedJump)
          return STAY_BUSY
        }
        const native = nativePaymentOf(response)
        if (native) {
          setNotice(PAY_MESSAGES.nativePaying)
          const result = await payNatively(native)
          if (result === 'cancelled') throw new Error(PAY_MESSAGES.nativeCancelled)
          if (result === 'failed') throw new Error(PAY_MESSAGES.nativeFailed)
          // Paid, or not known yet: the result page follows the pay state the platform settles.
          setNotice(PAY_MESSAGES.nativeToResult)
          await navigator.replace('payResult', { orderId }).catch(ignoreRefusedJump)
          return STAY_BUSY
        }
        if (!response.cashierUrl) throw new Error(PAY_MESSAGES.noCashier)
        setNotice(PAY_MESSAGES.toCashier)
        cashierOpened.current = true
        await openCashier(response.cashierUrl, navigator, tracker.flush).catch(ignoreRefusedJump)
        return STAY_BUSY
      } catch (cause) {
        cashierOpened.current = false
        setNotice(undefined)
        throw cause
      }
    },
    { report: 'inline', message: ownMessageOr(PAY_MESSAGES.failed) },
  )

  // Back from the cashier without its return (the mini-programs' web view, or the browser's
  // back button): paid goes on to the result, anything else may be paid again. Only while the
  // page is still on screen when the answer comes: a page covered meanwhile stays where it is.
  const backFromCashier = useCallback(() => {
    if (!cashierOpened.current) return
    cashierOpened.current = false
    release()
    setNotice(undefined)
    void payment.loadInfo(orderId).then(() => {
      if (isVisible() && payment.info?.orderId === orderId && payment.info.depositPayState === PAY_STATE.SUCCESS) {
        navigateFromTap(navigator.replace('payResult', { orderId }))
      }
    })
  }, [payment, navigator, orderId, release, isVisible])
  Taro.useDidShow(backFromCashier)
  useEffect(() => onBackFromCashier(backFromCashier), [backFromCashier])

  return { paying: busy, error, notice, pay: run }
}
