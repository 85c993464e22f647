/** Holding the app's scripts back: the first response alone, as on a link too slow for anything else yet. */
import type { Page } from 'playwright-core'

/** Holds every script of the app (but those `except` matches) until released: the page has nothing but its HTML and styles. */
export async function holdScripts(page: Page, except?: RegExp): Promise<() => void> {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/js/**', async (route) => {
    if (!except?.test(route.request().url())) await released
    await route.continue().catch(() => undefined)
  })
  return release
}

/** Collects, from now on, what the console of `page` says of the Content Security Policy refusing something. */
export function cspRefusals(page: Page): string[] {
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  return refused
}
