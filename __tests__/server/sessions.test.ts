/**
 * Sessions and headers: no API answer may be cached, logout ends the session and the user's
 * remembered-phone tickets, and sealed timestamps must be fresh.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { TokenGrant } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { loginTickets, sessions } from '../../server/db/schema'
import { SEALED_MESSAGE, SEALED_TIMESTAMP_WINDOW_MS } from '../../server/http/sealed'
import { BANK, envelope, loginAsPromoter, loginBySms, sealFor, tokenCall } from './support/api'
import { apiClient } from './support/api-client'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { databasePerFile, describeDb } from './support/test-database'

const PHONE = '13800138000'
const SECOND = 1000

describeDb('sessions and headers', () => {
  const database = databasePerFile()
  let test: TestApp

  beforeEach(async () => {
    test = await createTestApp(database.db)
  })
  afterEach(async () => test.close())
  const client = apiClient(() => test)
  const loadDraft = (grant: TokenGrant) => client.call(API.loadDraft, undefined, { as: grant })

  describe('Cache-Control', () => {
    it('is no-store on envelopes, errors, 401, 404 and 429', async () => {
      const limited = await createTestApp(database.db, { config: { rateLimitPerMinute: 1 } })
      try {
        const answers = [
          await test.inject({ method: 'GET', url: '/healthz' }),
          await client.malformed(API.promoterLogin, { loginAccount: '' }),
          await client.call(API.loadDraft),
          await test.inject({ method: 'GET', url: '/no/such/path' }),
          await limited.inject({ method: 'GET', url: '/no/such/path', remoteAddress: '10.9.9.9' }),
          await limited.inject({ method: 'GET', url: '/no/such/path', remoteAddress: '10.9.9.9' }),
        ]
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 401, 404, 404, 429])
        for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store')
      } finally {
        await limited.close()
      }
    })

    it('is no-store on a logged-in answer with personal data', async () => {
      const grant = await loginBySms(test, PHONE)
      const answer = await loadDraft(grant)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['cache-control']).toBe('no-store')
    })

    it("leaves the H5 app's files their own caching", async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'etc-h5-cache-'))
      writeFileSync(path.join(root, 'index.html'), '<!DOCTYPE html><html><body></body></html>')
      writeFileSync(path.join(root, 'app.css'), 'body{}')
      const withStatic = await createTestApp(database.db, { staticRoot: root })
      try {
        const css = await withStatic.inject({ method: 'GET', url: '/app.css' })
        expect(css.statusCode).toBe(200)
        expect(css.headers['cache-control']).not.toBe('no-store')
        expect(css.headers['cache-control']).toBeDefined()
        const api = await withStatic.inject({ method: 'GET', url: '/healthz' })
        expect(api.headers['cache-control']).toBe('no-store')
      } finally {
        await withStatic.close()
        rmSync(root, { recursive: true, force: true })
      }
    })
  })

  describe('logout', () => {
    const logout = (grant: TokenGrant) => client.call(API.logout, undefined, { as: grant })
    const remembered = (loginTicket: string) =>
      tokenCall(test, { grantType: 'rememberedPhone', tokenParamSJ: sealFor(test, SEALED_FIELD.token, { mobileNo: PHONE, timestamp: test.clock.now().getTime(), loginTicket }) })

    it('ends the calling session and the remembered-phone tickets, not other devices', async () => {
      const grant = await loginBySms(test, PHONE)
      // One code per phone per minute.
      test.clock.advance(61 * SECOND)
      const otherDevice = await loginBySms(test, PHONE)
      const ticket = grant.loginTicket ?? ''
      expect(ticket).not.toBe('')
      const answer = await logout(grant)
      expect(answer.statusCode).toBe(200)
      expect(envelope(answer)).toEqual({ code: 200, msg: '成功', data: null })

      expect((await loadDraft(grant)).statusCode).toBe(401)
      expect((await loadDraft(otherDevice)).statusCode).toBe(200)
      expect(await database.db.select().from(loginTickets)).toEqual([])
      expect(envelope(await remembered(ticket)).code).not.toBe(200)
      expect((await logout(grant)).statusCode).toBe(401)
    })

    it('needs a login, and ends a channel login too', async () => {
      expect((await client.call(API.logout)).statusCode).toBe(401)
      const channel = await loginAsPromoter(test)
      expect((await logout(channel)).statusCode).toBe(200)
      const rows = await database.db.select().from(sessions)
      expect(rows).toEqual([])
    })

    it("leaves another user's session and tickets alone", async () => {
      const mine = await loginBySms(test, PHONE)
      const theirs = await loginBySms(test, '13900139000')
      await logout(mine)
      const [theirSession] = await database.db.select().from(sessions)
      expect(theirSession).toBeDefined()
      expect(await database.db.select().from(loginTickets).where(eq(loginTickets.userId, theirSession?.userId ?? -1))).toHaveLength(1)
      expect((await loadDraft(theirs)).statusCode).toBe(200)
    })
  })

  describe('sealed timestamps', () => {
    const sealedSend = (timestamp: number) => client.call(API.sendSealedCode, { sendCodeParamSJ: sealFor(test, SEALED_FIELD.sendCode, { mobileNo: PHONE, timestamp }) })
    const remembered = (loginTicket: string, timestamp: number) =>
      tokenCall(test, { grantType: 'rememberedPhone', tokenParamSJ: sealFor(test, SEALED_FIELD.token, { mobileNo: PHONE, timestamp, loginTicket }) }, BANK.channelId)
    const STALE = { code: 2004, msg: SEALED_MESSAGE.stale, data: null }

    it('accepts a send-code timestamp inside the window either side of the server clock', async () => {
      const now = test.clock.now().getTime()
      expect(envelope(await sealedSend(now - SEALED_TIMESTAMP_WINDOW_MS + SECOND)).code).toBe(200)
      expect(envelope(await sealedSend(now + SEALED_TIMESTAMP_WINDOW_MS - SECOND)).code).not.toBe(2004)
    })

    it('refuses a stale or future-dated send-code timestamp', async () => {
      const now = test.clock.now().getTime()
      expect(envelope(await sealedSend(now - SEALED_TIMESTAMP_WINDOW_MS - SECOND))).toEqual(STALE)
      expect(envelope(await sealedSend(now + SEALED_TIMESTAMP_WINDOW_MS + SECOND))).toEqual(STALE)
      expect(test.sms.outbox?.latest(PHONE)).toBeUndefined()
    })

    it('refuses a replayed remembered-phone login once the window has passed', async () => {
      const grant = await loginBySms(test, PHONE)
      const sealedAt = test.clock.now().getTime()
      test.clock.advance(SEALED_TIMESTAMP_WINDOW_MS + SECOND)
      expect(envelope(await remembered(grant.loginTicket ?? '', sealedAt))).toEqual(STALE)
      expect(envelope(await remembered(grant.loginTicket ?? '', test.clock.now().getTime() + SEALED_TIMESTAMP_WINDOW_MS + SECOND))).toEqual(STALE)
      expect(envelope(await remembered(grant.loginTicket ?? '', test.clock.now().getTime())).code).toBe(200)
    })
  })
})
