/**
 * The cashier: where the user pays a started payment. A real payment service implements Cashier
 * (its checkout address for the payment, and its notification settling it); the simulated one
 * (the default outside production) is the page this server serves under /sim/cashier, addressed
 * from PUBLIC_BASE_URL, never from the request's Host header, so a forged Host cannot send the
 * user elsewhere.
 */
import { SIMULATOR_PATHS } from '../../types/api/paths'

export interface Cashier {
  /** Set on the simulator only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /** The address the app opens to pay; `token` is the payment's one-time secret. */
  checkoutUrl(paymentId: string, token: string): string
}

export function cashierPath(paymentId: string, token: string): string {
  return `${SIMULATOR_PATHS.cashier.replace('{paymentId}', encodeURIComponent(paymentId))}?token=${encodeURIComponent(token)}`
}

/**
 * The simulated cashier page on this server, reached at `publicBaseUrl()` (read per payment: with
 * PORT=0 the default address is known only once the server listens).
 */
export function createSimulatedCashier(publicBaseUrl: () => string): Cashier {
  return {
    simulated: true,
    checkoutUrl: (paymentId, token) => `${publicBaseUrl()}${cashierPath(paymentId, token)}`,
  }
}
