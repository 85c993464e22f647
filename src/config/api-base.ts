/**
 * Where the app's API calls go. On H5 the server serves the app and the API on one origin, so
 * calls go to the page's own origin. Mini-programs have no page origin and call an absolute
 * address, which must also be on the mini-program's list of allowed request domains.
 *
 * The mini-program address is a build variable, TARO_APP_API_BASE_URL (.env.example). The build
 * (config/index.ts) checks it with `resolveMiniProgramApiBaseUrl` and writes the resolved address
 * into the bundle, so the app itself only reads it.
 */

/** The build variable that names the mini-program builds' API address. */
export const API_BASE_URL_VARIABLE = 'TARO_APP_API_BASE_URL'

/**
 * PLACEHOLDER: the API address of a mini-program build made without TARO_APP_API_BASE_URL. It
 * answers nothing (.invalid is a reserved domain), so such a build cannot reach any server.
 */
export const PLACEHOLDER_MINI_PROGRAM_API_BASE_URL = 'https://etc-api.example.invalid'

export type MiniProgramApiBase = { ok: true; url: string } | { ok: false; problem: string }

/**
 * The rule for the build variable's value. Unset or empty: the placeholder. Otherwise an absolute
 * http(s) address without credentials, query or fragment; a path is kept (a server behind a
 * prefix) and trailing slashes are dropped, since API paths start with one. A production build
 * refuses http: WeChat and Alipay accept only https request domains on a device.
 */
export function resolveMiniProgramApiBaseUrl(value: string | undefined, production: boolean): MiniProgramApiBase {
  const text = value?.trim() ?? ''
  if (text === '') return { ok: true, url: PLACEHOLDER_MINI_PROGRAM_API_BASE_URL }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, problem: `${API_BASE_URL_VARIABLE} is not an absolute address: ${text}` }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, problem: `${API_BASE_URL_VARIABLE} must be an https address: ${text}` }
  }
  if (url.protocol === 'http:' && production) {
    return { ok: false, problem: `${API_BASE_URL_VARIABLE} must be an https address in a production build: ${text}` }
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return { ok: false, problem: `${API_BASE_URL_VARIABLE} must not carry credentials, a query or a fragment: ${text}` }
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}

/**
 * The API base: the page's origin where there is one (H5), else the mini-program address the
 * build resolved (the placeholder where the bundle was not built by config/index.ts, as in tests).
 */
export function apiBaseUrl(pageOrigin: string | undefined): string {
  return pageOrigin ?? (process.env.TARO_APP_API_BASE_URL || PLACEHOLDER_MINI_PROGRAM_API_BASE_URL)
}
