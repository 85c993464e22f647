/**
 * `npm run perf:entry`: measures the entry page's first-load JS in Chromium and prints it;
 * `-- --write` also records it in the README's performance section.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ensureH5Build, H5_DIST, ROOT } from './lib/h5-build'
import { ENTRY_JS_BUDGET_GZIP_BYTES, formatReport, measureEntryJs } from './lib/measure-entry'
import { startStaticServer } from './lib/static-server'

const README = path.join(ROOT, 'README.md')
const START = '<!-- perf:entry:start -->'
const END = '<!-- perf:entry:end -->'

async function main(): Promise<void> {
  ensureH5Build()
  const server = await startStaticServer(H5_DIST)
  try {
    const report = await measureEntryJs(server.url, H5_DIST)
    const table = formatReport(report)
    console.log(table)
    if (process.argv.includes('--write')) {
      const readme = readFileSync(README, 'utf8')
      const from = readme.indexOf(START)
      const to = readme.indexOf(END)
      if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} section`)
      const measured = `Measured with \`npm run perf:entry\` (production H5 build, headless Chromium).\n\n${table}\n`
      writeFileSync(README, `${readme.slice(0, from + START.length)}\n${measured}${readme.slice(to)}`)
      console.log('README.md updated.')
    }
    if (report.totalGzipBytes > ENTRY_JS_BUDGET_GZIP_BYTES) process.exitCode = 1
  } finally {
    await server.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
