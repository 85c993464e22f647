import { H5_DIST } from '../../scripts/lib/h5-build'
import { ENTRY_JS_BUDGET_GZIP_BYTES, measureEntryJs } from '../../scripts/lib/measure-entry'
import { baseUrl, describeBrowser } from './support/browser'

jest.setTimeout(60_000)

describeBrowser('entry page weight', () => {
  it('loads under 150 KB of gzipped JS before it paints, and no NutUI component it does not use', async () => {
    const report = await measureEntryJs(baseUrl(), H5_DIST)
    expect(report.scripts.length).toBeGreaterThan(0)
    expect(report.totalGzipBytes).toBeLessThan(ENTRY_JS_BUDGET_GZIP_BYTES)
    // The entry page is built from the app's own components only.
    expect(report.nutuiComponents).toEqual([])
  })
})
