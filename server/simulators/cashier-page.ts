/**
 * The simulated cashier's pages: small self-contained Chinese HTML (inline styles only, no
 * scripts, so the app's Content-Security-Policy applies unchanged). The payment page posts the
 * one-time token and the chosen outcome to the result address.
 */
import { escapeHtml } from '../../src/domain/html'
import { SIMULATOR_PATHS } from '../../types/api/paths'
import { payPagePath, payResultPath } from '../payments/app-pages'
import type { CashierView } from '../payments/payments'

/** The app's order list. */
const ORDER_LIST_PATH = '/#/apply/order-list'

const STYLE = `
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif; background: #f5f6f8; color: #1f2329; }
  main { max-width: 420px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 18px; text-align: center; margin: 8px 0 20px; }
  .card { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 1px 4px rgba(0,0,0,.06); }
  .amount { font-size: 32px; font-weight: 600; text-align: center; margin: 8px 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; font-size: 14px; margin: 0 0 20px; }
  dt { color: #8f959e; } dd { margin: 0; word-break: break-all; }
  button, a.button { display: block; box-sizing: border-box; width: 100%; padding: 12px; margin-top: 12px; border: 0; border-radius: 22px; font-size: 16px; text-align: center; text-decoration: none; }
  .pay { background: #1677ff; color: #fff; } .fail { background: #fff; color: #f53f3f; border: 1px solid #f53f3f; }
  .cancel { background: #fff; color: #4e5969; border: 1px solid #c9cdd4; }
  .note { font-size: 12px; color: #8f959e; text-align: center; margin-top: 16px; }
`

/** A simulator's whole page: its title and body in the simulators' shared frame and styles. */
export function simulatorPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`
}

export function renderCashierPage(view: CashierView, token: string): string {
  const action = SIMULATOR_PATHS.cashierResult.replace('{paymentId}', encodeURIComponent(view.paymentId))
  return simulatorPage(
    '模拟收银台',
    `<h1>模拟收银台</h1>
<div class="card">
  <div class="amount">¥${escapeHtml(view.amount)}</div>
  <dl>
    <dt>订单号</dt><dd>${escapeHtml(view.orderId)}</dd>
    <dt>车牌号</dt><dd>${escapeHtml(view.plateNumber)}</dd>
    <dt>套餐</dt><dd>${escapeHtml(view.commodityName)}</dd>
  </dl>
  <form method="post" action="${escapeHtml(action)}">
    <input type="hidden" name="token" value="${escapeHtml(token)}">
    <button class="pay" type="submit" name="outcome" value="success">支付成功</button>
    <button class="fail" type="submit" name="outcome" value="fail">支付失败</button>
  </form>
  <a class="button cancel" href="${escapeHtml(payPagePath(view.orderId))}">取消支付，返回</a>
</div>
<p class="note">这是演示用的模拟收银台，不会产生真实扣款。</p>`,
  )
}

/**
 * A page with a message, and the ways back into the app: the result page when the order is known
 * (back from the result page lands here once the payment is settled), and the order list.
 */
export function renderCashierMessage(message: string, orderId?: string): string {
  const result = orderId ? `<a class="button pay" href="${escapeHtml(payResultPath(orderId))}">返回查看支付结果</a>` : ''
  const orders = `<a class="button cancel" href="${ORDER_LIST_PATH}">查看我的订单</a>`
  return simulatorPage('模拟收银台', `<h1>模拟收银台</h1><div class="card"><p>${escapeHtml(message)}</p>${result}${orders}</div>`)
}
