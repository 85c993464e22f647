import { useAppServices } from '../../../components/app-services/app-services'
import { paymentAppDeepLink } from '../../../platform/deep-link'
import { NavigationError } from '../../../platform/navigator'
import { parseQuery } from '../../../platform/query'
import { HAND_OVER_MESSAGES, HandOverError, reasonOf } from '../jump/hand-over-error'
import { JumpView } from '../jump/JumpView'
import { useHandOver } from '../jump/use-hand-over'

export interface ToAlipaysScreenProps {
  appId: string
  /** The page to open; empty for the mini-program's home page. */
  page: string
  /** Its query string. */
  query: string
}

/** A deep link nothing took means the payment app is missing here; any other failure says its own reason. */
function alipayReason(cause: unknown): string {
  return cause instanceof NavigationError && cause.kind === 'notOpened' ? HAND_OVER_MESSAGES.alipayNotOpened : reasonOf(cause)
}

/**
 * /pages/to-alipays (跳转中): opens a payment-app mini-program's page. On H5 through its deep link
 * (app id, page and query), which fails when the page is still on screen shortly after (the app is
 * not installed); the payment app's mini-program opens it directly, WeChat's cannot (said, with
 * only 返回).
 */
export function ToAlipaysScreen({ appId, page, query }: ToAlipaysScreenProps) {
  const { navigator } = useAppServices()
  const { state, retry } = useHandOver(async () => {
    if (!appId) throw new HandOverError(HAND_OVER_MESSAGES.missingTarget, true)
    await navigator.openMiniProgram({ platform: 'alipay', appId, path: page, query }, async () => paymentAppDeepLink(appId, page, parseQuery(query)))
  }, alipayReason)
  return <JumpView state={state} openedText='已为您打开支付宝' openText='打开支付宝' onRetry={retry} />
}
