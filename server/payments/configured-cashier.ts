/**
 * The cashier a server runs with, from its configuration: the simulated one, or the merchant
 * accounts of CASHIER_PROVIDER=vendors (server/payments/payment-config.ts), told where to notify
 * (PUBLIC_BASE_URL + /pay/v1/notify/{vendor}) and where to send the browser back after paying
 * (the app's pay result page of the order).
 */
import type { AlipayAccount } from '../alipay/alipay-account'
import type { Config } from '../config'
import type { AppMetrics } from '../http/metrics'
import { createAlipayVendor } from './alipay'
import { payResultPath } from './app-pages'
import { createSimulatedCashier, createVendorCashier, payNotifyPath } from './cashier'
import type { Cashier } from './cashier'
import type { WechatPayAccount } from './payment-config'
import type { PaymentVendor } from './vendor'
import { instrumentVendor } from './vendor-metrics'
import { createWechatPayVendor } from './wechat-pay'

/** `metrics`: where the vendors' calls are counted and timed. */
export function createConfiguredCashier(config: Config, publicBaseUrl: () => string, metrics?: AppMetrics): Cashier {
  const accounts = config.payments
  if (!accounts) return createSimulatedCashier(publicBaseUrl)
  const base = config.publicBaseUrl
  const home = `${base}/`
  const { wechat, alipay, timeoutMs } = accounts
  const measured = (vendor: PaymentVendor): PaymentVendor => (metrics ? instrumentVendor(vendor, metrics) : vendor)
  const wechatVendor = (account: WechatPayAccount): PaymentVendor => {
    const { baseUrl, h5AppName, ...credentials } = account
    return createWechatPayVendor({
      ...credentials,
      ...(baseUrl ? { baseUrl } : {}),
      notifyUrl: `${base}${payNotifyPath('wechat')}`,
      h5ReturnUrl: home,
      h5Scene: { appName: h5AppName, appUrl: home },
      timeoutMs,
    })
  }
  const alipayVendor = (account: AlipayAccount): PaymentVendor => {
    const { gateway, ...keys } = account
    return createAlipayVendor({ ...keys, ...(gateway ? { gateway } : {}), notifyUrl: `${base}${payNotifyPath('alipay')}`, returnUrl: home, timeoutMs })
  }
  return createVendorCashier({
    wechat: wechat ? measured(wechatVendor(wechat)) : undefined,
    alipay: alipay ? measured(alipayVendor(alipay)) : undefined,
    ...(accounts.h5 ? { h5: accounts.h5 } : {}),
    returnUrl: (orderId) => `${base}${payResultPath(orderId)}`,
  })
}
