/**
 * `npm run start:prod` lists every problem at once before anything starts: the configuration's
 * (loadConfig) and its own (production only, PostgreSQL and Redis, a built H5 app). Its success
 * on a complete production configuration is walked in __tests__/server/production-journey.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { loadProductionConfig, productionStartProblems } from '../../scripts/start-prod'
import { configProblems } from './support/config-problems'

const SERVERS = { DATABASE_URL: 'postgres://etc@db.internal:5432/etc', REDIS_URL: 'redis://cache.internal:6379' }

const problemsOf = configProblems

describe('npm run start:prod', () => {
  let root: string
  let built: string
  let unbuilt: string

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'start-prod-'))
    built = path.join(root, 'h5')
    unbuilt = path.join(root, 'missing')
    mkdirSync(built)
    writeFileSync(path.join(built, 'index.html'), '<!doctype html>')
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('needs PostgreSQL, Redis and the built app, and says which is missing', () => {
    expect(productionStartProblems({}, unbuilt)).toEqual([
      'DATABASE_URL must be set: production keeps its data on a PostgreSQL server, not the embedded database',
      'REDIS_URL must be set: the processes share their rate limits and SMS limits through Redis',
      'the H5 app is not built (missing/index.html is missing): run npm run build:h5 first',
    ])
    expect(productionStartProblems(SERVERS, built)).toEqual([])
  })

  it('refuses to run a development configuration', () => {
    expect(productionStartProblems({ ...SERVERS, APP_ENV: 'Development' }, built)).toEqual([
      'start:prod runs production: unset APP_ENV or set APP_ENV=production (npm start is the development command)',
    ])
  })

  it('lists the configuration’s problems and its own together', () => {
    const problems = problemsOf(() => loadProductionConfig({ PORT: 'eighty' }, unbuilt))
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be a whole number from 0 to 65535 (got "eighty")',
        'CASHIER_PROVIDER=simulated is refused in production: set CASHIER_PROVIDER=vendors',
        'DATABASE_URL must be set: production keeps its data on a PostgreSQL server, not the embedded database',
        'the H5 app is not built (missing/index.html is missing): run npm run build:h5 first',
      ]),
    )
  })

  it('refuses a valid development configuration with its own reason only', () => {
    expect(problemsOf(() => loadProductionConfig({ ...SERVERS, APP_ENV: 'development' }, built))).toEqual([
      'start:prod runs production: unset APP_ENV or set APP_ENV=production (npm start is the development command)',
    ])
  })
})
