/**
 * Measures the JavaScript the entry page (#/) needs before it paints: every script the browser
 * requested before the first frame in which the entry page's content is visible, with its size
 * raw and gzipped (level 9), and the NutUI components those scripts contain. Scripts requested
 * after that frame (modules the app loads on first use, such as its network layer) are not part
 * of the first load.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

/** The entry page must stay under this much first-load JS (issue: foundation). */
export const ENTRY_JS_BUDGET_GZIP_BYTES = 150 * 1024

/**
 * index.html, which carries the first screens (the entry page's and the landing pages'), compressed:
 * with the answer's headers it stays within a new connection's first flight (ten 1,460-byte
 * segments), so its first paint is one round trip away.
 */
export const FIRST_RESPONSE_BUDGET_GZIP_BYTES = 12 * 1024

export interface ScriptSize {
  readonly file: string
  readonly bytes: number
  readonly gzipBytes: number
}

export interface EntryJsReport {
  readonly scripts: ScriptSize[]
  readonly totalBytes: number
  readonly totalGzipBytes: number
  /** NutUI component class names found in those scripts, e.g. "nut-button". */
  readonly nutuiComponents: string[]
}

const ENTRY_CONTENT = '[data-testid="page-plateEntry"]'
const NUTUI_CLASS = /nut-[a-z]+/g
/** Where the page records the time of the first frame showing the entry content. */
const SHOWN_AT = '__entryContentShownAt'

/**
 * Runs in the page before any of its scripts: checks every animation frame whether the entry
 * content is visible and records the time of the first frame in which it is. A string, not a
 * function, so no transpiler helper (tsx's, babel's) ends up in code the page runs.
 */
const RECORD_FIRST_VISIBLE_FRAME = `(() => {
  const check = (time) => {
    const element = document.querySelector(${JSON.stringify(ENTRY_CONTENT)})
    if (element && element.checkVisibility() && element.getBoundingClientRect().height > 0) {
      window[${JSON.stringify(SHOWN_AT)}] = time
      return
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})()`

export async function measureEntryJs(baseUrl: string, distDir: string): Promise<EntryJsReport> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } })
    await page.addInitScript({ content: RECORD_FIRST_VISIBLE_FRAME })
    await page.goto(`${baseUrl}/#/`)
    await page.locator(ENTRY_CONTENT).waitFor({ state: 'visible' })
    await page.waitForFunction((key) => key in window, SHOWN_AT)
    const urls = await page.evaluate((key) => {
      const shownAt = (window as unknown as Record<string, number>)[key] ?? Infinity
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= shownAt)
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith('.js'))
    }, SHOWN_AT)
    const scripts = urls.map((url) => {
      const file = new URL(url).pathname.replace(/^\//, '')
      const code = readFileSync(path.join(distDir, file))
      return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, code: code.toString('utf8') }
    })
    const nutui = new Set(scripts.flatMap(({ code }) => code.match(NUTUI_CLASS) ?? []))
    return {
      scripts: scripts.map(({ file, bytes, gzipBytes }) => ({ file, bytes, gzipBytes })),
      totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      totalGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
      nutuiComponents: [...nutui].sort(),
    }
  } finally {
    await browser.close()
  }
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`

export function formatReport(report: EntryJsReport): string {
  const rows = report.scripts.map((s) => `| \`${s.file.replace(/\.[0-9a-f]{8}\.js$/, '.js')}\` | ${kb(s.bytes)} | ${kb(s.gzipBytes)} |`)
  return [
    '| script (before the entry page paints) | raw | gzip |',
    '|---|---:|---:|',
    ...rows,
    `| **total** | **${kb(report.totalBytes)}** | **${kb(report.totalGzipBytes)}** |`,
    '',
    `Budget: ${kb(ENTRY_JS_BUDGET_GZIP_BYTES)} gzip. NutUI components loaded: ${report.nutuiComponents.join(', ') || 'none'}.`,
  ].join('\n')
}
