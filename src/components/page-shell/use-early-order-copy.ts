/**
 * An order page's screen takes index.html's early copy of it away (H5: platform/h5/early-order-view.ts)
 * in the commit that first shows what the page came to (the order, the empty list, an error), so
 * the copy and the screen never show together and the copy is not drawn after.
 */
import { useLayoutEffect } from 'react'
import { removeEarlyOrderCopy } from '../../platform/h5/early-order-takeover'

export function useEarlyOrderCopyGone(shown: boolean): void {
  useLayoutEffect(() => {
    if (process.env.TARO_ENV === 'h5' && shown) removeEarlyOrderCopy(document, window)
  }, [shown])
}
