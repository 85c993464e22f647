/** Paying with the platform's own payment: what WeChat Pay and Alipay say, mapped to one result. */
import Taro from '@tarojs/taro'
import { ALIPAY_RESULT_CODE, alipayResult, nativePaymentOf, payNatively, wechatFailureResult } from '../../src/platform/native-pay'
import type { NativePayHost } from '../../src/platform/native-pay'
import { payMethodOf } from '../../src/services/api/payment-api'
import type { WechatPayParams } from '../../types/api/payment'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { requestPayment: jest.fn() } }))

const PARAMS: WechatPayParams = { timeStamp: '1772352000', nonceStr: 'n'.repeat(32), package: 'prepay_id=P1', signType: 'RSA', paySign: 'c2lnbg==' }

function host(overrides: Partial<NativePayHost> = {}): NativePayHost {
  return {
    requestPayment: jest.fn(async () => ({ errMsg: 'requestPayment:ok' })),
    tradePay: jest.fn(async () => ({ resultCode: ALIPAY_RESULT_CODE.paid })),
    ...overrides,
  }
}

describe('payNatively on WeChat', () => {
  it('passes the issued parameters to wx.requestPayment and answers paid when it resolves', async () => {
    const wechat = host()
    expect(await payNatively({ method: 'wechat', params: PARAMS }, wechat)).toBe('paid')
    expect(wechat.requestPayment).toHaveBeenCalledWith(PARAMS)
    expect(wechat.tradePay).not.toHaveBeenCalled()
  })

  it.each([
    [{ errMsg: 'requestPayment:fail cancel' }, 'cancelled'],
    [{ errMsg: 'requestPayment:cancel' }, 'cancelled'],
    [{ errMsg: 'requestPayment:fail 支付验证签名失败' }, 'failed'],
    [{ errMsg: 'requestPayment:fail cancelled by system' }, 'failed'],
    [new Error('boom'), 'failed'],
    [undefined, 'failed'],
  ])('maps a rejection %p to %s', async (failure, result) => {
    expect(wechatFailureResult(failure)).toBe(result)
    expect(await payNatively({ method: 'wechat', params: PARAMS }, host({ requestPayment: () => Promise.reject(failure) }))).toBe(result)
  })
})

describe('payNatively on Alipay', () => {
  it.each([
    [{ resultCode: '9000' }, 'paid'],
    [{ resultCode: 9000 }, 'paid'],
    [{ response: { resultCode: 9000 } }, 'paid'],
    [{ resultCode: '8000' }, 'pending'],
    [{ resultCode: '6004' }, 'pending'],
    [{ resultCode: '6001' }, 'cancelled'],
    [{ resultCode: '4000' }, 'failed'],
    [{ resultCode: '6002' }, 'failed'],
    [{}, 'failed'],
    [undefined, 'failed'],
  ])('maps my.tradePay answering %p to %s', async (answer, result) => {
    expect(alipayResult(answer)).toBe(result)
    const alipay = host({ tradePay: jest.fn(async () => answer) })
    expect(await payNatively({ method: 'alipay', tradeNo: 'P1' }, alipay)).toBe(result)
    expect(alipay.tradePay).toHaveBeenCalledWith('P1')
  })

  it('answers failed when my.tradePay cannot run', async () => {
    expect(await payNatively({ method: 'alipay', tradeNo: 'P1' }, host({ tradePay: () => Promise.reject(new Error('no tradePay')) }))).toBe('failed')
  })
})

describe('payNatively through Taro', () => {
  afterEach(() => Reflect.deleteProperty(Taro, 'tradePay'))

  it('calls Taro.requestPayment on WeChat', async () => {
    jest.mocked(Taro.requestPayment).mockResolvedValue({ errMsg: 'requestPayment:ok' })
    expect(await payNatively({ method: 'wechat', params: PARAMS })).toBe('paid')
    expect(Taro.requestPayment).toHaveBeenCalledWith(PARAMS)
  })

  it('calls Taro.tradePay (the alipay build’s my.tradePay) with the trade number, failing where the build has none', async () => {
    expect(await payNatively({ method: 'alipay', tradeNo: 'P1' })).toBe('failed')
    const tradePay = jest.fn(async () => ({ resultCode: '6001' }))
    Object.assign(Taro, { tradePay })
    expect(await payNatively({ method: 'alipay', tradeNo: 'P1' })).toBe('cancelled')
    expect(tradePay).toHaveBeenCalledWith({ tradeNO: 'P1' })
  })
})

describe('nativePaymentOf', () => {
  it('reads the platform payment from a payDeposit answer, none for the web cashier or nothing to pay', () => {
    expect(nativePaymentOf({ orderId: 'O1', depositPayState: 3, wechatPay: PARAMS })).toEqual({ method: 'wechat', params: PARAMS })
    expect(nativePaymentOf({ orderId: 'O1', depositPayState: 3, alipayTradeNo: 'P1' })).toEqual({ method: 'alipay', tradeNo: 'P1' })
    expect(nativePaymentOf({ orderId: 'O1', depositPayState: 3, cashierUrl: 'https://app.test/sim/cashier/P1?token=t' })).toBeUndefined()
    expect(nativePaymentOf({ orderId: 'O1', depositPayState: 5 })).toBeUndefined()
  })
})

describe('payMethodOf', () => {
  it('pays on the web cashier on H5 and with the platform’s payment in the mini-programs', () => {
    expect([payMethodOf('h5'), payMethodOf('weapp'), payMethodOf('alipay')]).toEqual(['h5', 'wechat', 'alipay'])
  })
})
