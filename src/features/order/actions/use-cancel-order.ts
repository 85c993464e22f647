import { ownMessageOr, useAction } from '../../../components/action/use-action'
import type { Action } from '../../../components/action/use-action'
import { useUi } from '../../../components/app-services/app-services'
import { CANCEL_FAILED_REASON } from '../../../stores/order-store'
import type { CancelResult } from '../../../stores/order-store'
import { useStores } from '../../../stores/store-context'

/** The confirmation asked before a cancel: its title and what it says. */
export interface CancelQuestion {
  title: string
  content: string
}

/**
 * Cancelling the order `orderId` from a tap: with `confirmFirst`, asked first (a question that
 * cannot open counts as "no"); then cancelled once, busy while it runs. What the cancel came to is
 * the store's (cancelResults), for the page to show; `onResult` hears it too.
 */
export function useCancelOrder(
  orderId: string,
  question: CancelQuestion,
  onResult?: (result: CancelResult) => void,
): Action<[reason: string, confirmFirst: boolean]> {
  const { order: orders } = useStores()
  const ui = useUi()
  return useAction(
    async (reason: string, confirmFirst: boolean) => {
      if (confirmFirst) {
        const confirmed = await ui.confirm({ ...question, confirmText: '确认取消', cancelText: '再想想' }).catch(() => false)
        if (!confirmed) return
      }
      const result = await orders.cancel(orderId, reason)
      onResult?.(result)
    },
    // The store answers a failed cancel as a result; only something unforeseen reaches here.
    { report: 'toast', message: ownMessageOr(CANCEL_FAILED_REASON) },
  )
}
