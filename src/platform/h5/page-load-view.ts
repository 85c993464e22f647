/**
 * The DOM view of the lazy-page watcher: a full-screen layer above the router that shows a
 * loading indicator or an error view; tapping the error view reloads the page. Plain DOM, because
 * it has to work while no page (and so no React tree of a page) is mounted.
 */
import type { PageLoadView } from './page-load-watch'

const LAYER_ID = 'page-load-layer'

const STYLE = `
#${LAYER_ID}{position:fixed;inset:0;z-index:2000;display:flex;align-items:center;justify-content:center;
  flex-direction:column;background:rgba(245,246,247,.92);font-size:14px;color:#4e5969;
  font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC",sans-serif}
#${LAYER_ID}[hidden]{display:none}
#${LAYER_ID} .plv-spinner{width:28px;height:28px;border:3px solid #dfe3e8;border-top-color:#fa2c19;
  border-radius:50%;animation:plv-spin .8s linear infinite;margin-bottom:12px}
#${LAYER_ID} .plv-error{display:flex;flex-direction:column;align-items:center;padding:24px;min-height:44px;
  cursor:pointer;background:none;border:0;font:inherit;color:inherit}
#${LAYER_ID} .plv-error strong{font-size:16px;color:#1d2129;margin-bottom:8px}
@keyframes plv-spin{to{transform:rotate(360deg)}}
`

export function createDomPageLoadView(doc: Document, reload: () => void): PageLoadView {
  let layer: HTMLElement | null = null

  const ensureLayer = (): HTMLElement => {
    if (layer) return layer
    const style = doc.createElement('style')
    style.textContent = STYLE
    doc.head.appendChild(style)
    layer = doc.createElement('div')
    layer.id = LAYER_ID
    layer.hidden = true
    doc.body.appendChild(layer)
    return layer
  }

  return {
    showLoading() {
      const el = ensureLayer()
      el.innerHTML =
        '<div data-testid="page-loading" role="status" aria-live="polite">' +
        '<div class="plv-spinner" aria-hidden="true"></div><span>页面加载中…</span></div>'
      el.hidden = false
    },
    showError() {
      const el = ensureLayer()
      el.innerHTML =
        '<div role="alert"><button type="button" class="plv-error" data-testid="page-load-error">' +
        '<strong>页面加载失败</strong><span>请检查网络后点击此处重新加载</span></button></div>'
      el.querySelector('button')?.addEventListener('click', reload)
      el.hidden = false
    },
    hide() {
      if (!layer) return
      layer.hidden = true
      layer.innerHTML = ''
    },
  }
}
