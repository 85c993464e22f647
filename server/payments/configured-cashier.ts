/**
 * The cashier a server runs with, from its configuration: the simulated one, or the merchant
 * accounts of CASHIER_PROVIDER=vendors (server/payments/payment-config.ts), told where to notify
 * (PUBLIC_BASE_URL + /pay/v1/notify/{vendor}) and where to send the browser back after paying
 * (the app's pay result page of the order).
 */
import type { Config } from '../config'
import { instrumentVendor } from '../http/metrics'
import type { AppMetrics } from '../http/metrics'
import { payResultPath } from '../simulators/cashier-page'
import { createAlipayVendor } from './alipay'
import { createSimulatedCashier, createVendorCashier, payNotifyPath } from './cashier'
import type { Cashier } from './cashier'
import type { PaymentVendor } from './vendor'
import { createWechatPayVendor } from './wechat-pay'

/** `metrics`: where the vendors' calls are counted and timed. */
export function createConfiguredCashier(config: Config, publicBaseUrl: () => string, metrics?: AppMetrics): Cashier {
  const accounts = config.payments
  if (!accounts) return createSimulatedCashier(publicBaseUrl)
  const base = config.publicBaseUrl
  const home = `${base}/`
  const { wechat, alipay, timeoutMs } = accounts
  const measured = (vendor: PaymentVendor): PaymentVendor => (metrics ? instrumentVendor(vendor, metrics) : vendor)
  return createVendorCashier({
    wechat: wechat
      ? measured(createWechatPayVendor({
          appId: wechat.appId,
          mchId: wechat.mchId,
          merchantSerial: wechat.merchantSerial,
          merchantPrivateKeyPem: wechat.merchantPrivateKeyPem,
          platformPublicKeyId: wechat.platformPublicKeyId,
          platformPublicKeyPem: wechat.platformPublicKeyPem,
          apiV3Key: wechat.apiV3Key,
          ...(wechat.baseUrl ? { baseUrl: wechat.baseUrl } : {}),
          notifyUrl: `${base}${payNotifyPath('wechat')}`,
          h5ReturnUrl: home,
          h5Scene: { appName: wechat.h5AppName, appUrl: home },
          timeoutMs,
        }))
      : undefined,
    alipay: alipay
      ? measured(createAlipayVendor({
          appId: alipay.appId,
          privateKeyPem: alipay.privateKeyPem,
          alipayPublicKeyPem: alipay.alipayPublicKeyPem,
          ...(alipay.gateway ? { gateway: alipay.gateway } : {}),
          notifyUrl: `${base}${payNotifyPath('alipay')}`,
          returnUrl: home,
          timeoutMs,
        }))
      : undefined,
    ...(accounts.h5 ? { h5: accounts.h5 } : {}),
    returnUrl: (orderId) => `${base}${payResultPath(orderId)}`,
  })
}
