/** The settings of merchant accounts at the WeChat Pay and Alipay stand-ins, as a deployment writes them (CASHIER_PROVIDER=vendors). */
import type { AlipayStandIn } from './alipay-standin'
import type { WechatPayStandIn } from './wechat-pay-standin'

export function merchantAccountsEnv(wechat: WechatPayStandIn, alipay: AlipayStandIn): Record<string, string> {
  const wx = wechat.settings()
  const ali = alipay.settings()
  return {
    CASHIER_PROVIDER: 'vendors',
    WECHAT_PAY_MCH_ID: wx.mchId,
    WECHAT_PAY_APP_ID: wx.appId,
    WECHAT_PAY_MERCHANT_SERIAL: wx.merchantSerial,
    WECHAT_PAY_PRIVATE_KEY: wx.merchantPrivateKeyPem,
    WECHAT_PAY_PUBLIC_KEY_ID: wx.platformPublicKeyId,
    WECHAT_PAY_PUBLIC_KEY: wx.platformPublicKeyPem,
    WECHAT_PAY_API_V3_KEY: wx.apiV3Key,
    WECHAT_PAY_BASE_URL: wechat.baseUrl,
    ALIPAY_APP_ID: ali.appId,
    ALIPAY_PRIVATE_KEY: ali.privateKeyPem,
    ALIPAY_PUBLIC_KEY: ali.alipayPublicKeyPem,
    ALIPAY_GATEWAY: alipay.gateway,
    PAY_H5_VENDOR: 'alipay',
  }
}
