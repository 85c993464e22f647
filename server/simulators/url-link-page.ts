/**
 * WeChat's mini-program URL links, simulated: `getWeChat/urlLink` answers an address of this
 * server's simulator page, which says the mini-program was opened in WeChat (a real URL link,
 * https://wxaurl.cn/…, wakes WeChat up and opens the mini-program's page). The page shows which
 * mini-program, page, query and version the link was made for, carried in its own query (the
 * simulator keeps nothing). Like the other simulators it is served outside production only; the
 * simulated WechatPlatform (server/platform/wechat.ts) makes these links
 * (server/platform/simulated-url-links.ts); this module renders the page they open.
 */
import { escapeHtml } from '../../src/domain/html'
import type { UrlLinkTarget } from '../platform/simulated-url-links'
import { simulatorPage } from './cashier-page'

const ENV_LABEL: Readonly<Record<UrlLinkTarget['env_version'], string>> = { release: '正式版', trial: '体验版', develop: '开发版' }

/** The page a simulated URL link opens: the mini-program "opened", and what it was opened with. */
export function renderUrlLinkPage(target: UrlLinkTarget): string {
  const row = (label: string, value: string) => `<dt>${label}</dt><dd>${escapeHtml(value || '（无）')}</dd>`
  return simulatorPage(
    '模拟微信小程序',
    `<h1>已在微信中打开小程序（模拟）</h1>
<div class="card">
  <dl>
    ${row('小程序 AppID', target.appId)}
    ${row('页面', target.path || '首页')}
    ${row('参数', target.query)}
    ${row('版本', ENV_LABEL[target.env_version])}
  </dl>
  <a class="button pay" href="/#/">返回ETC申办</a>
</div>
<p class="note">这是演示用的模拟页面：真实的小程序链接会唤起微信并打开对应页面。</p>`,
  )
}

/** A link the simulator cannot read. */
export function renderUrlLinkInvalid(): string {
  return simulatorPage('模拟微信小程序', '<h1>模拟微信小程序</h1><div class="card"><p>小程序链接无效或已失效。</p></div>')
}
