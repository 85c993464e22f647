/**
 * A payment provider's calls counted and timed in the app's metrics (server/http/metrics.ts):
 * count by vendor, operation and outcome (ok, or the error code's class: retryable / refused),
 * and their duration. It lives with the payments (issue 30): it wraps a PaymentVendor, and the
 * HTTP layer's metrics must not import the payments.
 */
import type { AppMetrics } from '../http/metrics'
import { VendorError } from './vendor'
import type { PaymentVendor } from './vendor'

type Operation = 'start' | 'query' | 'close' | 'refund'

/** `vendor` with each call counted and timed in `metrics`. */
export function instrumentVendor(vendor: PaymentVendor, metrics: AppMetrics): PaymentVendor {
  const timed = <A extends unknown[], R>(operation: Operation, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const stop = metrics.vendorSeconds.startTimer({ vendor: vendor.name, operation })
      try {
        const result = await call(...args)
        metrics.vendorCalls.inc({ vendor: vendor.name, operation, outcome: 'ok' })
        return result
      } catch (error) {
        const outcome = error instanceof VendorError && !error.retryable ? 'refused' : 'retryable'
        metrics.vendorCalls.inc({ vendor: vendor.name, operation, outcome })
        throw error
      } finally {
        stop()
      }
    }
  return {
    name: vendor.name,
    methods: vendor.methods,
    start: timed('start', (method, trade) => vendor.start(method, trade)),
    query: timed('query', (paymentId) => vendor.query(paymentId)),
    close: timed('close', (paymentId) => vendor.close(paymentId)),
    refund: timed('refund', (refund) => vendor.refund(refund)),
    readNotification: (request) => vendor.readNotification(request),
    answer: (accepted) => vendor.answer(accepted),
  }
}
