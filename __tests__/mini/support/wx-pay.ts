/**
 * WeChat Pay on the simulated host: `wx.requestPayment` checks the parameters as WeChat would
 * (the simulated cashier's signature over them), takes the payment id from `package`
 * (`prepay_id=<id>`), tells the server the outcome the way the platform does (its simulated
 * notification, through the same inject as the app's requests), then answers the app. Every
 * payment is recorded.
 */
import type { WechatPayParams } from '../../../types/api/payment'
import { PREPAY_ID_PREFIX, simulatedPaySign, simulatedPaySignKey } from '../../../server/payments/cashier'
import type { TestApp } from '../../server/support/test-app'
import { notifyPaid } from './outside-parties'
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

export interface RecordedPayment {
  paymentId: string
  /** The notification's HTTP status (200 when the server settled the payment). */
  notifyStatus: number
}

export interface WxPay {
  readonly payments: RecordedPayment[]
}

export function installWechatPay(test: Pick<TestApp, 'inject' | 'config'>): WxPay {
  const payments: RecordedPayment[] = []
  Object.assign(wxObject(), {
    requestPayment: ({ timeStamp, nonceStr, package: prepay, signType, paySign, ...callbacks }: WechatPayParams & WxCallbacks) =>
      answer('requestPayment', callbacks, async () => {
        const key = simulatedPaySignKey(test.config.payloadKeyHex)
        if (signType !== 'RSA' || paySign !== simulatedPaySign(key, { timeStamp, nonceStr, package: prepay })) throw new Error('sign error')
        if (!prepay.startsWith(PREPAY_ID_PREFIX)) throw new Error(`package is not a prepay id: ${prepay}`)
        const paymentId = prepay.slice(PREPAY_ID_PREFIX.length)
        payments.push({ paymentId, notifyStatus: await notifyPaid(test, paymentId, 'wechat') })
        return {}
      }),
  })
  return { payments }
}
