/** This machine's names in an address: a development server's pages, a partner reached through a local sidecar. */
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Whether a URL's hostname (as `new URL(…).hostname` writes it) names this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.has(hostname)
}
