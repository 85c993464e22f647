/**
 * WeChat's credentials shared through the database (server/platform/database-token-store.ts), for
 * servers without Redis: a credential kept until it ends and encrypted at rest, a refresh lock
 * one holder at a time that only its lease frees (or its time), and two processes on one database
 * fetching the access token once, against the stand-in of WeChat's API.
 */
import { eq, sql } from 'drizzle-orm'
import { sharedCredentials } from '../../server/db/schema'
import { createDatabaseTokenStore } from '../../server/platform/database-token-store'
import { createWechatApi } from '../../server/platform/wechat-api'
import { FakeClock } from './support/test-app'
import { databasePerFile, describeDb } from './support/test-database'
import { startWechatApiStandIn } from './support/wechat-api-standin'
import type { WechatApiStandIn } from './support/wechat-api-standin'

const MINUTE_MS = 60_000
const LIFETIME_MS = 7200 * 1000
const PREFIX = 'etc:test:'
const SLOW_ANSWER_MS = 300

describeDb('the database token store', () => {
  const database = databasePerFile()
  let clock: FakeClock
  let standIn: WechatApiStandIn
  const store = () => createDatabaseTokenStore(database.db, PREFIX, clock)

  beforeAll(async () => {
    standIn = await startWechatApiStandIn({ clock: { now: () => clock.now() } })
  })
  afterAll(async () => standIn.close())
  beforeEach(() => {
    clock = new FakeClock(new Date())
  })

  it('keeps a credential until it ends, encrypted at rest', async () => {
    const expiresAt = clock.now().getTime() + LIFETIME_MS
    await store().set('access_token:wx1', 'token-1', expiresAt)
    expect(await store().get('access_token:wx1')).toEqual({ value: 'token-1', expiresAt })
    expect(await store().get('access_token:wx2')).toBeUndefined()
    // Read past the column's decryption: what the database holds.
    const [raw] = await database.db.select({ value: sql<string>`${sql.identifier('value')}` }).from(sharedCredentials).where(eq(sharedCredentials.key, `${PREFIX}access_token:wx1`))
    expect(raw?.value).not.toContain('token-1')
    clock.advance(LIFETIME_MS)
    expect(await store().get('access_token:wx1')).toBeUndefined()
  })

  it('lets one holder at a time take a lock, which only its lease or its time frees', async () => {
    const lease = await store().lock('access_token:wx1', MINUTE_MS)
    expect(lease).toEqual(expect.any(String))
    expect(await store().lock('access_token:wx1', MINUTE_MS)).toBeUndefined()
    expect(await store().lock('access_token:wx2', MINUTE_MS)).toEqual(expect.any(String))
    await store().unlock('access_token:wx1', 'someone-else')
    expect(await store().lock('access_token:wx1', MINUTE_MS)).toBeUndefined()
    await store().unlock('access_token:wx1', lease ?? '')
    const next = await store().lock('access_token:wx1', MINUTE_MS)
    expect(next).toEqual(expect.any(String))
    clock.advance(MINUTE_MS)
    expect(await store().lock('access_token:wx1', MINUTE_MS)).toEqual(expect.any(String))
    // A credential stored meanwhile is untouched by the locks on its row.
    await store().set('access_token:wx1', 'token-2', clock.now().getTime() + LIFETIME_MS)
    expect((await store().get('access_token:wx1'))?.value).toBe('token-2')
    expect(await database.db.select({ key: sharedCredentials.key }).from(sharedCredentials).where(eq(sharedCredentials.key, `${PREFIX}access_token:wx1`))).toHaveLength(1)
  })

  it('makes two processes on one database fetch the access token once', async () => {
    const processes = [store(), store()].map((tokens) => createWechatApi(standIn.settings(), tokens, clock))
    const before = standIn.calls('stable_token')
    standIn.delayNext(SLOW_ANSWER_MS)
    const tokens = await Promise.all(processes.map((process) => process.accessToken()))
    expect(tokens).toEqual([standIn.currentToken(), standIn.currentToken()])
    expect(await processes[1]?.accessToken()).toBe(tokens[0])
    expect(standIn.calls('stable_token') - before).toBe(1)
  })
})
