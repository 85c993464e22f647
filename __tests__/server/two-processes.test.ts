/**
 * Two production server processes (two machines, as far as they know: each `npm run server` with
 * its own port and its own jobs) on one PostgreSQL database and one Redis, every outside party a
 * stand-in (support/production-world.ts):
 * - WeChat's access token is fetched once between them (the shared store in Redis);
 * - one WeChat Pay notification sent 10 times, to both at once, settles the payment once and
 *   hands the order to the issuer once;
 * - the maintenance sweep runs once between them (its round is leased in the database).
 * PostgreSQL and Redis only: skipped loudly without TEST_REDIS_URL.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { Redis } from 'ioredis'
import { Client } from 'pg'
import type { TokenGrant } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import { WECHAT_TOKEN_PREFIX } from '../../server/platform/configured-identity'
import { loadConfig } from '../../server/config'
import type { Config } from '../../server/config'
import { LISTENING_LINE } from '../../server/listening'
import { payNotifyPath } from '../../server/payments/cashier'
import { BANK, tokenCall } from './support/api'
import { apiClient } from './support/api-client'
import { data, submittedOrder } from './support/orders'
import { startProductionWorld } from './support/production-world'
import type { ProductionWorld } from './support/production-world'
import { FakeClock, LogCapture } from './support/test-app'
import type { TestApp } from './support/test-app'
import { createServerDatabase, testDriver } from './support/test-database'
import type { ServerDatabase } from './support/test-database'

const REPO_ROOT = path.resolve(__dirname, '../..')
const START_TIMEOUT_MS = 60_000
const REPLAYS = 10
const HAND_OVER_WAIT_MS = 10_000
const POLL_MS = 100
const SEEDED_PACKAGE = 'BANK_BASIC'
const redisUrl = process.env.TEST_REDIS_URL

interface ServerProcess {
  readonly url: string
  readonly child: ChildProcess
  output(): string
}

/**
 * A server process seen as the order helpers see an app: their requests go over HTTP to it. The
 * answer carries what the helpers read of fastify.inject's (status, body, json, headers).
 */
function overHttp(server: ServerProcess, config: Config): TestApp {
  const inject = async (request: InjectOptions): Promise<LightMyRequestResponse> => {
    const query = request.query ? `?${new URLSearchParams(request.query as Record<string, string>).toString()}` : ''
    const payload = request.payload
    const json = payload !== undefined && !Buffer.isBuffer(payload) && typeof payload !== 'string'
    const headers = { ...(json ? { 'content-type': 'application/json' } : {}), ...(request.headers as Record<string, string>) }
    const response = await fetch(`${server.url}${String(request.url)}${query}`, {
      method: request.method ?? 'GET',
      headers,
      body: payload === undefined ? undefined : json ? JSON.stringify(payload) : Buffer.isBuffer(payload) ? new Uint8Array(payload) : String(payload),
    })
    const body = await response.text()
    const answer = { statusCode: response.status, body, payload: body, headers: Object.fromEntries(response.headers), json: () => JSON.parse(body) as unknown }
    // The helpers read only these fields of an injected answer.
    return answer as unknown as LightMyRequestResponse
  }
  return {
    app: undefined as never,
    clock: new FakeClock(),
    logs: new LogCapture(),
    sms: { sender: { send: async () => undefined, notify: async () => undefined }, outbox: undefined },
    config,
    inject,
    close: async () => undefined,
  }
}

const describeShared = testDriver() === 'pg' && redisUrl ? describe : describe.skip
if (testDriver() === 'pg' && !redisUrl) {
  console.warn('two-processes.test.ts SKIPPED: set TEST_REDIS_URL (the processes share WeChat’s token through Redis)')
}

describeShared('two production server processes on one PostgreSQL and Redis', () => {
  let serverDatabase: ServerDatabase | undefined
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-two-'))
  const servers: ServerProcess[] = []
  let world: ProductionWorld
  let env: Record<string, string>
  let database: Client


  function start(): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    return new Promise<ServerProcess>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not listening after ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS)
      const read = (chunk: Buffer): void => {
        output += chunk.toString()
        const listening = LISTENING_LINE.exec(output)
        if (listening?.[1] && !servers.some((server) => server.child === child)) {
          clearTimeout(timer)
          const server = { url: listening[1], child, output: () => output }
          servers.push(server)
          resolve(server)
        }
      }
      child.stdout?.on('data', read)
      child.stderr?.on('data', read)
      child.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)))
    })
  }

  beforeAll(async () => {
    serverDatabase = await createServerDatabase('etc_two')
    const databaseUrl = serverDatabase.url
    world = await startProductionWorld()
    // A token another run left in Redis belongs to another stand-in.
    const redis = new Redis(redisUrl ?? '')
    const stale = await redis.keys(`${WECHAT_TOKEN_PREFIX}*`)
    if (stale.length) await redis.del(...stale)
    redis.disconnect()
    env = { ...world.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SERVER_PROCESSES: '1', LOG_LEVEL: 'info' }
    database = new Client({ connectionString: databaseUrl })
    // The first migrates and seeds; the second finds the database ready, as in a rolling start.
    await start()
    await start()
    await database.connect()
  }, START_TIMEOUT_MS * 3)

  afterAll(async () => {
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
          }),
      ),
    )
    await database?.end()
    await world?.close()
    await serverDatabase?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const config = () => loadConfig(env)

  it('fetch WeChat’s access token once between them, and run the sweep once', async () => {
    const apps = servers.map((server) => overHttp(server, config()))
    for (const [index, app] of apps.entries()) {
      // The phone button's code is read with the mini-program's access token.
      world.wechatApi.addLoginCode(`wx-two-${index}`, `openid-two-${index}`)
      world.wechatApi.addPhoneCode(`phone-two-${index}`, `1391234567${index}`)
      const person = data<TokenGrant>(await tokenCall(app, { grantType: 'authCode', provider: 'wechat', code: `wx-two-${index}` }))
      const phone = await apiClient(app).call(API.phoneByCode, { code: `phone-two-${index}` }, { as: person })
      expect(data(phone).mobile).toBe(`1391234567${index}`)
    }
    expect(world.wechatApi.calls('getuserphonenumber')).toBe(servers.length)
    expect(world.wechatApi.calls('stable_token')).toBe(1)
    const sweeps = servers.map((server) => server.output().split('\n').filter((line) => line.includes('maintenance sweep done')).length)
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(1)
  })

  it('settle one payment once when its notification reaches both, ten times', async () => {
    const [first, second] = servers.map((server) => overHttp(server, config()))
    if (!first || !second) throw new Error('two servers expected')
    world.wechatApi.addLoginCode('wx-two-pay', 'openid-two-pay')
    const person = data<TokenGrant>(await tokenCall(first, { grantType: 'authCode', provider: 'wechat', code: 'wx-two-pay' }))
    const orderId = await submittedOrder(second, person, { commodityId: SEEDED_PACKAGE })
    const paid = await apiClient(first).call(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId, payMethod: 'wechat' }, { as: person })
    expect(paid.statusCode).toBe(200)
    const jsapi = world.wechatPay.requests.filter((request) => request.url.includes('/jsapi')).at(-1)
    const paymentId = String((JSON.parse(jsapi?.body ?? '{}') as { out_trade_no?: string }).out_trade_no)
    const notification = world.wechatPay.pay(paymentId)
    const deliveries = Array.from({ length: REPLAYS }, (_, index) =>
      fetch(`${servers[index % servers.length]?.url}${payNotifyPath('wechat')}`, { method: 'POST', headers: notification.headers as Record<string, string>, body: notification.rawBody }),
    )
    expect((await Promise.all(deliveries)).map((response) => response.status)).toEqual(Array(REPLAYS).fill(200))

    const settlements = await database.query<{ count: string }>(`select count(*) from order_events where order_id = $1 and kind = 'paid'`, [orderId])
    expect(Number(settlements.rows[0]?.count)).toBe(1)
    const deadline = Date.now() + HAND_OVER_WAIT_MS
    while (!world.issuer.held().some((taken) => taken.order.orderId === orderId) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    expect(world.issuer.held().filter((taken) => taken.order.orderId === orderId)).toHaveLength(1)
  })
})
