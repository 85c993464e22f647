/**
 * The address a web view may open: an absolute http(s) URL. The `src` page parameter arrives
 * URL-encoded (and some hosts encode it twice), so it is decoded until it reads as a URL.
 */
export type ExternalUrlResult = { ok: true; url: string } | { ok: false; reason: string }

const MAX_DECODE_ROUNDS = 3
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i

export const EXTERNAL_URL_REASON = {
  missing: '缺少要打开的页面地址',
  invalid: '页面地址无效，仅支持以 http:// 或 https:// 开头的网址',
} as const

export function parseExternalUrl(raw: string | undefined | null): ExternalUrlResult {
  let value = (raw ?? '').trim()
  if (!value) return { ok: false, reason: EXTERNAL_URL_REASON.missing }
  for (let round = 0; round < MAX_DECODE_ROUNDS && !HTTP_URL.test(value) && value.includes('%'); round++) {
    try {
      value = decodeURIComponent(value).trim()
    } catch {
      return { ok: false, reason: EXTERNAL_URL_REASON.invalid }
    }
  }
  return HTTP_URL.test(value) ? { ok: true, url: value } : { ok: false, reason: EXTERNAL_URL_REASON.invalid }
}
