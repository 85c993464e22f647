/**
 * Where the browser suite's server is (E2E_BASE_URL, set by its global setup; the benchmark sets
 * it too). Free of jest globals, so the journey steps also run outside jest (scripts/bench.ts).
 */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: the browser suite runs through jest (npm test)')
  return url
}

/** The app's page at `hashPath`, on the suite's server or on `base` (another build's server). */
export function appUrl(hashPath: string, base: string = baseUrl()): string {
  return `${base}/#${hashPath}`
}
