/**
 * A page parameter that carries an address (the login page's `redirect`): encoded once by the
 * navigator, and handed over by the router as it came. One decoding when it still is encoded.
 */
export function addressParam(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  if (raw.startsWith('/')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}
