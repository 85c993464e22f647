import { useEffect } from 'react'
import { useStores } from '../../../stores/store-context'

/**
 * The application's order, whose detail is asked for alongside the packages, never after them: it
 * says whether the order takes a write-off code (it was opened under a write-off campaign, activity
 * type 3) and the voucher it carries. Undefined without an order.
 */
export function useOrderVoucher(): string | undefined {
  const { apply, voucher } = useStores()
  const orderId = apply.orderId

  useEffect(() => {
    if (orderId) void voucher.ensure(orderId)
  }, [voucher, orderId])

  return orderId
}
