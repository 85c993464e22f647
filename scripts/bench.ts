/**
 * `npm run bench`: how fast the app is for a person on a mid-range phone on a slow mobile link,
 * and how much the server answers. Not part of `npm test`: timings belong here, not in tests.
 *
 * 1. First load (`entry`): the app as `npm start` serves it (its server over a fresh embedded
 *    database) and the Taro + NutUI baseline (baseline.ts), each loaded cold and warm in headless
 *    Chromium throttled like a phone (phone.ts), alternating, `--runs` times (3); medians.
 * 2. Order pages (`orders`): the order list and an order's detail opened cold from a link by a
 *    person who applied days ago and is still logged in (returning-person.ts: their order made
 *    through the app first, their localStorage and cookies kept, nothing in the HTTP cache),
 *    beside the baseline's cold first load measured in the same runs.
 * 3. Route changes (`journey`): the apply journey walked on the throttled phone (route-changes.ts).
 * 4. Mini-program (`mini`): the WeChat build's script time in the headless mini-program world,
 *    every request answered after the phone's latency, and its package sizes (mini-program.ts).
 * 5. Server (`server`): the plate check and the order search under load (server-load.ts) on the
 *    embedded database, and on the PostgreSQL server at BENCH_DATABASE_URL (else
 *    TEST_DATABASE_URL) with one process and with one per core (sharing limits through
 *    BENCH_REDIS_URL, else REDIS_URL).
 *
 * `--only=entry,orders,journey,mini,server` (any of them) runs those parts; `--write` records the
 * tables in README.md (run them all for that).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import { spawnAppServer } from '../__tests__/e2e/support/spawn-server'
import { CHROMIUM_ARGS, CHROMIUM_PATH, INSTALL_HINT, chromiumAvailable } from './lib/chromium'
import { ensureH5Build, H5_DIST, ROOT } from './lib/h5-build'
import { startBaseline } from './lib/bench/baseline'
import { measureLoad } from './lib/bench/first-load'
import type { LoadSample, LoadTarget } from './lib/bench/first-load'
import { MOBILE_CPU_SLOWDOWN, MOBILE_NETWORK, throttledPage } from './lib/bench/phone'
import { measureMiniProgram } from './lib/bench/mini-program'
import { landingTable, loadTable, miniProgramTable, ordersTable, routeTable, serverTable } from './lib/bench/report'
import type { LoadRow } from './lib/bench/report'
import { walkJourney } from './lib/bench/route-changes'
import { runServerLoad } from './lib/bench/server-load'
import type { ServerLoadRow } from './lib/bench/server-load'
import type { RouteChange } from './lib/bench/route-changes'
import { returningPerson } from './lib/bench/returning-person'
import type { StoredState } from './lib/bench/returning-person'
import { appEntry, appLanding, appOrderDetail, appOrderList, baselineEntry } from './lib/bench/targets'

const README = path.join(ROOT, 'README.md')
const START = '<!-- bench:start -->'
const END = '<!-- bench:end -->'
const DEFAULT_RUNS = 3

function option(name: string): string | undefined {
  const prefix = `--${name}=`
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length)
}

async function coldLoad(browser: Browser, target: LoadTarget, storage?: StoredState): Promise<LoadSample> {
  const { context, page } = await throttledPage(browser, { cache: false, storage })
  try {
    return await measureLoad(page, target)
  } finally {
    await context.close()
  }
}

/**
 * What a first visit sets up in the background once it is idle, done before it is left: a person's
 * visit lasts longer than the probe. A service worker the page registered (the app's app-shell
 * worker, src/platform/h5/app-shell.ts) is waited for until it has activated; a page without one
 * (the baseline) is left once the network is quiet.
 */
async function settleFirstVisit(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker?.getRegistration()
    const worker = registration?.installing ?? registration?.waiting ?? registration?.active
    if (!worker || worker.state === 'activated') return
    await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()))
  })
}

/**
 * A second visit with what the first left in the HTTP cache and its service worker (with the
 * document it keeps), but nothing stored by the page (a plate typed on the first visit would open
 * the page with the keyboard closed).
 */
async function warmLoad(browser: Browser, target: LoadTarget): Promise<LoadSample> {
  const { context, page, cdp } = await throttledPage(browser, { cache: true })
  try {
    await measureLoad(page, target)
    await settleFirstVisit(page)
    await page.goto('about:blank')
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(target.url).origin, storageTypes: 'local_storage,indexeddb,cookies' })
    return await measureLoad(page, target)
  } finally {
    await context.close()
  }
}

const BITS_PER_BYTE = 8
const throttling = `${MOBILE_NETWORK.latency} ms latency, ${((MOBILE_NETWORK.downloadThroughput * BITS_PER_BYTE) / 1e6).toFixed(1)} Mbps down, ${MOBILE_CPU_SLOWDOWN}× CPU`

/** A blue plate no earlier run used (the journey would meet its own order). */
const journeyPlate = (run: number): string => `京B${String((Date.now() + run * 7) % 100_000).padStart(5, '0')}`

/** The plate of the order the order pages show (another series than the journey's). */
const orderPlate = (): string => `京D${String(Date.now() % 100_000).padStart(5, '0')}`

type Part = 'entry' | 'orders' | 'journey' | 'mini' | 'server'
const PARTS: readonly Part[] = ['entry', 'orders', 'journey', 'mini', 'server']

async function browserPart(runs: number, parts: ReadonlySet<Part>): Promise<string> {
  if (!chromiumAvailable()) throw new Error(`Chromium is missing. ${INSTALL_HINT}`)
  ensureH5Build()
  const app = await spawnAppServer(H5_DIST)
  const baseline = parts.has('entry') || parts.has('orders') ? await startBaseline() : { missing: 'not asked for' }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const targets = [appEntry(app.url), ...('url' in baseline ? [baselineEntry(baseline.url)] : [])]
    if ((parts.has('entry') || parts.has('orders')) && 'missing' in baseline) console.warn(`Baseline skipped: ${baseline.missing}`)
    const rows = new Map<LoadTarget, { cold: LoadSample[]; warm: LoadSample[] }>(targets.map((t) => [t, { cold: [], warm: [] }]))
    const landing = appLanding(app.url)
    const landingCold: LoadSample[] = []
    const person = parts.has('orders') ? await returningPerson(browser, app.url, orderPlate()) : undefined
    const orderPages = person ? [appOrderList(app.url, person.orderId), appOrderDetail(app.url, person.orderId)] : []
    const orderCold = new Map<LoadTarget, LoadSample[]>(orderPages.map((t) => [t, []]))
    const journeys: RouteChange[][] = []
    for (let run = 0; run < runs; run += 1) {
      // Alternating which goes first keeps a slow moment of the machine from favouring one.
      for (const target of parts.has('entry') ? (run % 2 ? [...targets].reverse() : targets) : []) {
        rows.get(target)!.cold.push(await coldLoad(browser, target))
        rows.get(target)!.warm.push(await warmLoad(browser, target))
      }
      // The landing an ad opens, cold (a visitor from the ad has nothing cached).
      if (parts.has('entry')) landingCold.push(await coldLoad(browser, landing))
      if (person) {
        // Without the entry part, the baseline's cold load is measured here, in the same runs.
        const baselineTarget = parts.has('entry') ? undefined : targets[1]
        const loads = [...orderPages, ...(baselineTarget ? [baselineTarget] : [])]
        for (const target of run % 2 ? [...loads].reverse() : loads) {
          if (target === baselineTarget) rows.get(target)!.cold.push(await coldLoad(browser, target))
          else orderCold.get(target)!.push(await coldLoad(browser, target, person.storage))
        }
      }
      if (parts.has('journey')) journeys.push(await walkJourney(browser, app.url, journeyPlate(run)))
      console.log(`run ${run + 1} of ${runs} done`)
    }
    const [appRow, baselineRow] = targets.map((target): LoadRow => ({ name: target.name, ...rows.get(target)! }))
    const sections: string[] = []
    if (parts.has('entry'))
      sections.push(
        `Entry page, medians of ${runs} runs (Chromium ${browser.version()}, Lighthouse mobile throttling: ${throttling}; cold = cache disabled):`,
        loadTable(appRow!, baselineRow),
        `Landing page opened from an ad, cold, medians of ${runs} runs (same throttling; usable = its call to action leads to the plate page):`,
        landingTable({ name: landing.name, cold: landingCold, warm: [] }, baselineRow),
      )
    if (person)
      sections.push(
        `Order pages opened cold from a shared link, medians of ${runs} runs (same throttling; a person who applied and paid on this phone, still logged in: localStorage and cookies kept, nothing in the HTTP cache; usable = the page shows their order with its status, nothing loading):`,
        ordersTable(
          orderPages.map((target) => ({ name: target.name, cold: orderCold.get(target)!, warm: [] })),
          baselineRow,
        ),
      )
    if (parts.has('journey')) sections.push('Route changes of the apply journey (warm cache, same throttling):', routeTable(journeys))
    return sections.join('\n\n')
  } finally {
    await browser.close()
    if ('close' in baseline) await baseline.close()
    await app.stop()
  }
}

async function serverPart(): Promise<string> {
  const progress = (line: string) => console.log(line)
  const rows: ServerLoadRow[] = [...(await runServerLoad({ database: { driver: 'pglite' }, progress }))]
  const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  const redis = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL
  const skipped: string[] = []
  if (postgres) {
    rows.push(...(await runServerLoad({ database: { driver: 'pg', url: postgres }, progress })))
    if (redis) rows.push(...(await runServerLoad({ database: { driver: 'pg', url: postgres }, processes: 'auto', redisUrl: redis, progress })))
    else skipped.push('PostgreSQL with a process per core: set BENCH_REDIS_URL (the processes share their limits there)')
  } else skipped.push('PostgreSQL: set BENCH_DATABASE_URL to a server where the user may create databases')
  for (const reason of skipped) console.warn(`Skipped ${reason}.`)
  const { connections, durationSeconds } = rows[0]!
  return [
    `Server under load (autocannon from a second process on the same ${os.cpus().length}-core machine, ${connections} connections, ${durationSeconds} s per row):`,
    serverTable(rows),
    ...skipped.map((reason) => `Not measured: ${reason}.`),
  ].join('\n\n')
}

function writeReadme(section: string): void {
  const readme = readFileSync(README, 'utf8')
  const from = readme.indexOf(START)
  const to = readme.indexOf(END)
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} section`)
  writeFileSync(README, `${readme.slice(0, from + START.length)}\n${section}\n${readme.slice(to)}`)
}

async function main(): Promise<void> {
  const asked = option('only')?.split(',') ?? PARTS
  const unknown = asked.filter((part) => !PARTS.includes(part as Part))
  if (unknown.length) throw new Error(`--only takes ${PARTS.join(', ')}; not ${unknown.join(', ')}`)
  const parts = new Set(asked as Part[])
  const runs = Number(option('runs') ?? DEFAULT_RUNS)
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1')
  const sections: string[] = []
  if (parts.has('entry') || parts.has('orders') || parts.has('journey')) sections.push(await browserPart(runs, parts))
  if (parts.has('mini')) sections.push(miniProgramTable(measureMiniProgram(runs)))
  if (parts.has('server')) sections.push(await serverPart())
  const report = sections.join('\n\n')
  console.log(report)
  if (process.argv.includes('--write')) {
    writeReadme(`Measured with \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.\n\n${report}\n`)
    console.log('README.md updated.')
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
