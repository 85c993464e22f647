/**
 * Losing Redis does not take the product down: with Redis unreachable (a closed port, or a Redis
 * stopped mid-run) every API route and the H5 page still answer, limits are still enforced in
 * the process's memory and the outage is logged once; the server starts without Redis and uses
 * it again when it answers.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import { MEMORY_DATA_DIR } from '../../server/db/database'
import { COUNTER_LOG, REDIS_COUNTER_PREFIX, REDIS_RETRY_AFTER_MS, createFailoverCounters, createMemoryCounters } from '../../server/limits/counters'
import type { CounterStore } from '../../server/limits/counters'
import { closeRedis, createRedisClient } from '../../server/limits/redis-client'
import { SMS_SENDS_PER_PHONE } from '../../server/auth/sms-codes'
import { startServer } from '../../server/main'
import type { RunningServer } from '../../server/main'
import { bearer, loginBySms, sendCode } from './support/api'
import { apiClient } from './support/api-client'
import { createTestApp, FakeClock, testConfig } from './support/test-app'
import type { TestApp } from './support/test-app'
import { freePort } from './support/ports'
import { databasePerFile, describeDb, openTestDatabase, testDriver } from './support/test-database'
import type { TestDatabase } from './support/test-database'

const PHONE = '13800138000'
const SECOND = 1000
/**
 * Where the test's own Redis listens, started and stopped by the test: one port per database
 * project, since the server and server-pg projects may run this file at the same time.
 */
const OWN_REDIS_PORT = testDriver() === 'pg' ? 6391 : 6390

/** Every contract path with its `{x}` filled with something well-formed. */
function concretePath(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'channelKey' ? 'bank' : name === 'channel' ? 'bank' : `X${name}1`))
}

function warnings(): { log: FastifyBaseLogger; warn: string[]; info: string[] } {
  const warn: string[] = []
  const info: string[] = []
  const noop = (): void => undefined
  const log = {
    warn: (...args: unknown[]) => warn.push(String(args.at(-1))),
    info: (...args: unknown[]) => info.push(String(args.at(-1))),
    error: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    silent: noop,
    level: 'info',
    child: () => log,
  }
  // A structural stand-in for pino: only warn and info are used by the failover counters.
  return { log: log as unknown as FastifyBaseLogger, warn, info }
}

describe('failover counters', () => {
  it('count in memory while Redis fails, warn once per outage and note the recovery', async () => {
    let failing = true
    const answer = async () => {
      if (failing) throw new Error('connection refused')
      return { count: 100, resetInMs: 1 }
    }
    const primary: CounterStore = { hit: answer, peek: answer }
    let primaryHits = 0
    const counted: CounterStore = {
      hit: (key, windowMs) => {
        primaryHits += 1
        return primary.hit(key, windowMs)
      },
      peek: (key) => {
        primaryHits += 1
        return primary.peek(key)
      },
    }
    const { log, warn, info } = warnings()
    const clock = new FakeClock()
    const counters = createFailoverCounters(counted, createMemoryCounters(clock), log, clock)
    expect((await counters.hit('k', 60_000)).count).toBe(1)
    expect((await counters.hit('k', 60_000)).count).toBe(2)
    expect(warn).toEqual([COUNTER_LOG.outage])
    // A look without a hit fails over the same way.
    expect((await counters.peek('k'))?.count).toBe(2)
    // Within the back-off Redis is not asked again, even once it would answer.
    expect(primaryHits).toBe(1)
    failing = false
    expect((await counters.hit('k', 60_000)).count).toBe(3)
    clock.advance(REDIS_RETRY_AFTER_MS)
    expect((await counters.hit('k', 60_000)).count).toBe(100)
    expect(info).toEqual([COUNTER_LOG.recovered])
    failing = true
    await counters.hit('k', 60_000)
    expect(warn).toEqual([COUNTER_LOG.outage, COUNTER_LOG.outage])
  })
})

describeDb('with Redis unreachable', () => {
  const database = databasePerFile()
  let redis: Redis
  let test: TestApp

  beforeEach(async () => {
    redis = createRedisClient(`redis://127.0.0.1:${await freePort()}`)
  })
  afterEach(async () => {
    await test?.close()
    await closeRedis(redis)
  })

  it('answers every API route (never 500) and the H5 page', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'etc-h5-redis-'))
    writeFileSync(path.join(root, 'index.html'), '<!DOCTYPE html><html><body></body></html>')
    try {
      test = await createTestApp(database.db, { redis, staticRoot: root })
      const grant = await loginBySms(test, PHONE)
      for (const endpoint of Object.values(API)) {
        const response = await test.inject({ method: endpoint.method, url: concretePath(endpoint), headers: bearer(grant), ...(endpoint.method === 'POST' ? { payload: {} } : {}) })
        expect([endpoint.path, response.statusCode < 500]).toEqual([endpoint.path, true])
      }
      const page = await test.inject({ method: 'GET', url: '/' })
      expect(page.statusCode).toBe(200)
      expect(test.logs.text()).toContain(COUNTER_LOG.outage)
      expect(test.logs.text().split(COUNTER_LOG.outage)).toHaveLength(2)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('still limits requests per IP, in memory', async () => {
    test = await createTestApp(database.db, { redis, config: { rateLimitPerMinute: 3 } })
    const ping = () => test.inject({ method: 'GET', url: '/no/such/path', remoteAddress: '10.1.2.3' })
    expect([(await ping()).statusCode, (await ping()).statusCode, (await ping()).statusCode, (await ping()).statusCode]).toEqual([404, 404, 404, 429])
  })

  it('still limits SMS sends per phone, in memory', async () => {
    test = await createTestApp(database.db, { redis })
    for (let sent = 0; sent < SMS_SENDS_PER_PHONE.max; sent += 1) {
      expect((await sendCode(test, PHONE)).json()).toMatchObject({ code: 200 })
      test.clock.advance(61 * SECOND)
    }
    expect((await sendCode(test, PHONE)).json()).toMatchObject({ code: 1002 })
  })
})

const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0
if (!redisServerInstalled) {
  // Loud on purpose: this file's mid-run outage test needs a redis-server of its own.
  console.warn('redis-server is not installed: skipping "Redis stopped mid-run"')
}

;(redisServerInstalled ? describeDb : describe.skip)('Redis stopped mid-run', () => {
  let database: TestDatabase
  const startRedis = (): void => {
    execFileSync('redis-server', ['--port', String(OWN_REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes'])
  }
  const stopRedis = (): void => {
    spawnSync('redis-cli', ['-p', String(OWN_REDIS_PORT), 'shutdown', 'nosave'])
  }
  const until = async (condition: () => boolean): Promise<void> => {
    const deadline = Date.now() + 10 * SECOND
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  }

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    stopRedis()
    await database?.dispose()
  })

  it('keeps serving and limiting while Redis is gone, and shares limits again when it is back', async () => {
    startRedis()
    const redis = createRedisClient(`redis://127.0.0.1:${OWN_REDIS_PORT}`)
    const test = await createTestApp(database.db, { redis, config: { rateLimitPerMinute: 1000 } })
    try {
      await until(() => redis.status === 'ready')
      expect(redis.status).toBe('ready')
      const health = () => test.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.3.3.3' })
      const login = () => apiClient(test).call(API.promoterLogin, { loginAccount: 'x', password: 'y' }, { remoteAddress: '10.3.3.3' })
      expect((await login()).statusCode).toBe(200)
      expect(await redis.keys(`${REDIS_COUNTER_PREFIX}*`)).not.toEqual([])

      stopRedis()
      await until(() => redis.status !== 'ready')
      expect([(await health()).statusCode, (await login()).statusCode, (await sendCode(test, PHONE)).statusCode]).toEqual([200, 200, 200])
      expect(test.logs.text()).toContain(COUNTER_LOG.outage)

      startRedis()
      await until(() => redis.status === 'ready')
      test.clock.advance(REDIS_RETRY_AFTER_MS)
      await redis.flushall()
      expect((await login()).statusCode).toBe(200)
      expect(await redis.keys(`${REDIS_COUNTER_PREFIX}*`)).not.toEqual([])
      expect(test.logs.text()).toContain(COUNTER_LOG.recovered)
    } finally {
      await test.close()
      await closeRedis(redis)
    }
  })
})

const describeEmbedded = testDriver() === 'pglite' ? describe : describe.skip

describeEmbedded('startServer with Redis down', () => {
  let server: RunningServer | undefined
  afterEach(async () => server?.close())

  it('starts and serves', async () => {
    server = await startServer({
      config: testConfig({ port: 0, logLevel: 'silent', database: { driver: 'pglite', dataDir: MEMORY_DATA_DIR }, redisUrl: `redis://127.0.0.1:${await freePort()}` }),
      staticRoot: '/nonexistent',
    })
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    // Ready all the same: Redis is reported, and its counters fall back to memory.
    const ready = await fetch(`${server.url}/readyz`)
    expect([ready.status, ((await ready.json()) as { data: unknown }).data]).toEqual([200, { ready: true, database: 'ok', pendingMigrations: [], redis: 'unreachable' }])
    const login = await fetch(`${server.url}${API.promoterLogin.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"loginAccount":"x","password":"y"}' })
    expect(login.status).toBe(200)
  })
})
