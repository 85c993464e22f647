/**
 * The parameters the app was opened with (the bank app's login token, the bd_vid click id), read
 * once at launch: later pages no longer carry them in their own address.
 *
 * They are flat key → value pairs, so URLSearchParams reads them; qs (src/platform/query.ts)
 * stays off the entry page.
 */
export type LaunchParams = Readonly<Record<string, string>>

/** The parameters of an H5 address: its search part and the hash router's query (which wins). */
export function addressParams(search: string, hash: string): LaunchParams {
  const params: Record<string, string> = {}
  const hashQuery = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : ''
  for (const part of [search, hashQuery]) {
    new URLSearchParams(part).forEach((value, key) => {
      params[key] = value
    })
  }
  return params
}
