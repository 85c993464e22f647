/**
 * Measures the JavaScript the entry page (#/) needs before it paints: every script the browser
 * fetched until the entry page's content is visible, with its size raw and gzipped (level 9),
 * and the NutUI components those scripts contain.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

/** The entry page must stay under this much first-load JS (issue: foundation). */
export const ENTRY_JS_BUDGET_GZIP_BYTES = 150 * 1024

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

export async function measureEntryJs(baseUrl: string, distDir: string): Promise<EntryJsReport> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } })
    await page.goto(`${baseUrl}/#/`)
    await page.locator(ENTRY_CONTENT).waitFor({ state: 'visible' })
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith('.js')),
    )
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
