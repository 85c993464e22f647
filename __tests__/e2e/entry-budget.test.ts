import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { H5_DIST } from '../../scripts/lib/h5-build'
import { ENTRY_JS_BUDGET_GZIP_BYTES, FIRST_RESPONSE_BUDGET_GZIP_BYTES, measureEntryJs } from '../../scripts/lib/measure-entry'
import { baseUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'

jest.setTimeout(60_000)

describeBrowser('entry page weight', () => {
  it('loads under 150 KB of gzipped JS before it paints, and no NutUI component it does not use', async () => {
    const report = await measureEntryJs(baseUrl(), H5_DIST)
    expect(report.scripts.length).toBeGreaterThan(0)
    expect(report.totalGzipBytes).toBeLessThan(ENTRY_JS_BUDGET_GZIP_BYTES)
    // The entry page is built from the app's own components only.
    expect(report.nutuiComponents).toEqual([])
  })

  it('answers with index.html, first screens and all, in one first flight', () => {
    const { size } = statSync(path.join(H5_DIST, 'index.html.gz'))
    expect(size).toBeLessThan(FIRST_RESPONSE_BUDGET_GZIP_BYTES)
  })

  it('names in index.html every script the entry page needs before it paints: one round trip, not a chain', async () => {
    const report = await measureEntryJs(baseUrl(), H5_DIST)
    const html = readFileSync(path.join(H5_DIST, 'index.html'), 'utf8')
    const named = new Set([...html.matchAll(/<(?:script[^>]* src|link rel="preload" as="script" href)="\.\/([^"]+)"/g)].map((match) => match[1]))
    expect(report.scripts.length).toBeGreaterThan(2)
    expect(report.scripts.map((script) => script.file).filter((file) => !named.has(file))).toEqual([])
  })
})
