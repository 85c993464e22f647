/**
 * Stand-ins that do not claim to be simulators, for building an app with `production: true`
 * (buildApp refuses simulated parts there): each refuses or answers nothing.
 */
import type { IdentityProvider } from '../../../server/auth/identity-providers'
import type { AppDeps } from '../../../server/deps'
import { createVendorCashier } from '../../../server/payments/cashier'
import type { Cashier } from '../../../server/payments/cashier'
import type { PaymentVendor } from '../../../server/payments/vendor'

const refusingProvider: IdentityProvider = { resolve: async () => undefined }

/** A merchant account that takes browser payments only, at an address that leads nowhere, and never hears of a payment. */
const webOnlyVendor: PaymentVendor = {
  name: 'wechat',
  methods: ['h5'],
  start: async (_method, trade) => ({ cashierUrl: `https://cashier.invalid/${trade.paymentId}` }),
  query: async () => ({ state: 'absent' }),
  close: async () => 'closed',
  refund: async () => 'succeeded',
  readNotification: async () => undefined,
  answer: (accepted) => ({ status: accepted ? 200 : 500, contentType: 'text/plain', body: '' }),
}

/** A cashier that is not the simulator and offers the browser's payment only. */
export function webOnlyCashier(): Cashier {
  return createVendorCashier({ wechat: webOnlyVendor, h5: 'wechat' })
}

export function realOutsidePartyStubs(): Pick<AppDeps, 'identity' | 'sms' | 'phoneNumbers' | 'cashier' | 'risk' | 'issuer' | 'wechatPlatform' | 'ocr'> {
  return {
    identity: { bank: refusingProvider, authCode: { map: refusingProvider, wechat: refusingProvider, alipay: refusingProvider } },
    sms: { sender: { send: async () => undefined, notify: async () => undefined }, outbox: undefined },
    phoneNumbers: { phoneForCode: async () => undefined },
    cashier: webOnlyCashier(),
    risk: { review: async () => ({ required: false, reason: '' }) },
    issuer: { submitOrder: () => Promise.reject(new Error('no issuer in this test')) },
    wechatPlatform: {
      jsSdkConfig: () => Promise.reject(new Error('no WeChat platform in this test')),
      urlLink: () => Promise.reject(new Error('no WeChat platform in this test')),
    },
    ocr: { read: () => Promise.reject(new Error('no OCR provider in this test')) },
  }
}
