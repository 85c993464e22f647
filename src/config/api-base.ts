/**
 * Where the app's API calls go. On H5 the server serves the app and the API on one origin, so
 * calls go to the page's own origin. Mini-programs have no page origin and call an absolute
 * address, which must also be on the mini-program's list of allowed request domains.
 */

/** PLACEHOLDER: the API origin of the mini-program builds, to be replaced per deployment. */
export const MINI_PROGRAM_API_BASE_URL = 'https://etc-api.example.invalid'

/** The API base: the page's origin where there is one (H5), else the mini-program address. */
export function apiBaseUrl(pageOrigin: string | undefined): string {
  return pageOrigin ?? MINI_PROGRAM_API_BASE_URL
}
