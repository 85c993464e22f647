/**
 * Stand-ins that do not claim to be simulators, for building an app with `production: true`
 * (buildApp refuses simulated parts there): each refuses or answers nothing.
 */
import type { IdentityProvider } from '../../../server/auth/identity-providers'
import type { AppDeps } from '../../../server/deps'

const refusingProvider: IdentityProvider = { resolve: async () => undefined }

export function realOutsidePartyStubs(): Pick<AppDeps, 'identity' | 'sms' | 'phoneNumbers' | 'cashier' | 'risk' | 'issuer'> {
  return {
    identity: { bank: refusingProvider, authCode: { map: refusingProvider, wechat: refusingProvider, alipay: refusingProvider } },
    sms: { sender: { send: async () => undefined, notify: async () => undefined }, outbox: undefined },
    phoneNumbers: { phoneForCode: async () => undefined },
    cashier: { checkoutUrl: (paymentId) => `https://cashier.invalid/${paymentId}` },
    risk: { review: async () => ({ required: false, reason: '' }) },
    issuer: { submitOrder: () => Promise.reject(new Error('no issuer in this test')) },
  }
}
