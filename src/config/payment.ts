/** Paying an order and following its result: polling limits and the words the pay pages show. */
import { HOTLINE, SECOND_MS } from '../domain/constants'
import { BUSINESS_MODE } from '../domain/enums'

/**
 * The result page asks for the pay state this often. It must stay above the request layer's
 * DEDUPE_WINDOW_MS: identical calls inside that window share one (stale) answer.
 */
export const PAY_POLL_INTERVAL_MS = 3 * SECOND_MS
/** The result page stops asking after this long and offers a refresh instead. */
export const PAY_POLL_TIMEOUT_MS = 60 * SECOND_MS

/** Said before a package is chosen: the choice submits the order, and the package is fixed from then on. */
export const PACKAGE_LOCK_NOTE = '选择套餐即提交订单，提交后套餐不可更改，请确认后选择。'
/** Said once it is, and how to change it all the same. */
export const PACKAGE_LOCKED_NOTE = '订单已提交，套餐不可更改；如需更换，请先取消订单后重新申办。'

/** What the money of a package is called, by its BUSINESS_MODE. */
export const PAY_MODE_LABEL: Readonly<Record<number, string>> = {
  [BUSINESS_MODE.DEPOSIT]: '押金',
  [BUSINESS_MODE.FEE]: '服务费',
}

export function payModeLabel(businessMode: number): string {
  return PAY_MODE_LABEL[businessMode] ?? PAY_MODE_LABEL[BUSINESS_MODE.DEPOSIT] ?? ''
}

/** What happens after payment, in order. */
export const AFTER_PAYMENT_STEPS: readonly { readonly title: string; readonly detail: string }[] = [
  { title: '审核', detail: '发行方审核您提交的资料，一般1-3个工作日' },
  { title: '发货', detail: '审核通过后寄出设备或通知您到网点领取' },
  { title: '激活', detail: '收到设备后按说明安装并激活即可使用' },
]

/** When the money comes back, by business mode. */
export function refundNote(businessMode: number): string {
  return businessMode === BUSINESS_MODE.FEE
    ? '服务费为一次性费用，审核未通过或订单取消时原路退还。'
    : '押金在设备激活后原路退还，审核未通过或订单取消时同样全额退还。'
}

/** The pay page's "温馨提示", by business mode (the refund rule differs). */
export function payTips(businessMode: number): string[] {
  return [
    PACKAGE_LOCKED_NOTE,
    refundNote(businessMode),
    '支付完成后，发行方将审核您的资料，审核结果和物流进度可在“我的订单”中查看。',
    `如有疑问，请联系客服 ${HOTLINE}。`,
  ]
}

/** What the pay page says about the card issuer, below its name. */
export const ISSUER_NOTE = 'ETC设备和通行卡由发行方发行并提供售后服务，通行费按发行方规则结算。'

/** What the pay page says while it leaves for the cashier or the result, or when paying fails. */
export const PAY_MESSAGES = {
  notNeeded: '本订单无需支付，正在查看办理结果…',
  alreadyPaid: '该订单已支付，正在查看支付结果…',
  toCashier: '正在前往收银台…',
  noCashier: '暂时无法发起支付，请稍后重试',
  failed: '发起支付失败，请重试',
  // The mini-programs' own payment (wx.requestPayment, my.tradePay).
  nativePaying: '正在调起支付…',
  nativeToResult: '正在查看支付结果…',
  nativeCancelled: '已取消支付',
  nativeFailed: '支付未成功，请重试',
} as const

/** The pay page's sections tracked for exposure, by their tracking target. */
export const PAY_SECTIONS = { tips: 'friendlyReminder', issuer: 'issuerInfo' } as const
