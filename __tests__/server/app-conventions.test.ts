/**
 * The conventions every route group inherits from buildApp: the envelope, JSON 404s, Chinese 400s
 * for malformed and hostile bodies, 401 for missing or expired logins, 500 without details,
 * security headers, the served H5 app, per-IP rate limits and masked logs.
 */
import { createHash, randomInt } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { z } from 'zod'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { DomainError } from '../../server/domain-error'
import { requireUser } from '../../server/http/auth-hook'
import { ok } from '../../server/http/envelope'
import { parseInput } from '../../server/http/validation'
import { envelope, bearer, loginAsPromoter, loginBySms } from './support/api'
import { appPerTest } from './support/app-world'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { describeDb } from './support/test-database'

const EchoBody = z.object({
  name: z.string().min(1).max(10),
  count: z.number().int().max(100),
  tags: z.array(z.string().max(5)).max(3).optional(),
})
const FormBody = z.object({ name: z.string().min(1).max(10) })

/** One of each kind the rules' modules throw. */
const DOMAIN_ERRORS = {
  invalid: () => DomainError.invalid('套餐不存在或已下架'),
  notFound: () => DomainError.notFound(),
  business: () => DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, '订单已取消'),
}

/** Test-only routes next to the real ones: a validated public echo, a protected route, failures. */
function addTestRoutes(test: TestApp): void {
  test.app.post('/test/echo', { config: { public: true } }, async (request) => ok(parseInput(EchoBody, request.body)))
  test.app.post('/test/form', { config: { public: true } }, async (request) => ok(parseInput(FormBody, request.body)))
  test.app.get('/test/me', async (request) => ok({ uid: requireUser(request).uid }))
  test.app.get('/test/ping', { config: { public: true } }, async () => ok('pong'))
  test.app.get('/test/boom', { config: { public: true } }, async () => {
    throw new Error('database exploded near owner 13800138000 id 110105194912310021')
  })
  for (const [kind, error] of Object.entries(DOMAIN_ERRORS)) {
    test.app.get(`/test/domain/${kind}`, { config: { public: true } }, async () => {
      throw error()
    })
  }
}

describeDb('app conventions', () => {
  const { database, test } = appPerTest(addTestRoutes)

  describe('envelope and status codes', () => {
    it('answers success as { code: 200, msg, data }', async () => {
      const response = await test.inject({ method: 'GET', url: '/healthz' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json()).toEqual({ code: 200, msg: '成功', data: { status: 'ok' } })
    })

    it.each(['GET', 'POST', 'DELETE'] as const)('answers an unknown path (%s) with a JSON 404, logged in or not', async (method) => {
      const response = await test.inject({ method, url: '/no/such/path' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ code: 404, msg: '无效的请求，请求地址不存在', data: null })
    })

    it.each([
      ['invalid', 400, { code: 400, msg: '套餐不存在或已下架', data: null }],
      ['notFound', 404, { code: 404, msg: '无效的请求，请求地址不存在', data: null }],
      ['business', 200, { code: BUSINESS_CODE.ACTION_NOT_ALLOWED, msg: '订单已取消', data: null }],
    ])('answers a domain error of kind %s with its HTTP status and envelope', async (kind, status, body) => {
      const response = await test.inject({ method: 'GET', url: `/test/domain/${kind}` })
      expect(response.statusCode).toBe(status)
      expect(response.json()).toEqual(body)
      expect(test.logs.text()).not.toContain('unexpected error')
    })

    it('answers a malformed URL with a 400 envelope', async () => {
      const response = await test.inject({ method: 'GET', url: '/test/ping/%E0%A4%A' })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).code).toBe(400)
    })

    it('answers an unexpected failure with 500 "server busy", no details, and logs it masked', async () => {
      const response = await test.inject({ method: 'GET', url: '/test/boom' })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ code: 500, msg: '服务器繁忙，请稍后重试', data: null })
      expect(response.body).not.toMatch(/exploded|stack|Error|at /)
      const logged = test.logs.text()
      expect(logged).toContain('unexpected error')
      expect(logged).toContain('138****8000')
      expect(logged).toContain('1101**********0021')
      expect(logged).not.toContain('13800138000')
      expect(logged).not.toContain('110105194912310021')
    })
  })

  describe('malformed and hostile bodies', () => {
    const post = (payload: string, contentType = 'application/json') =>
      test.inject({ method: 'POST', url: '/test/echo', payload, headers: { 'content-type': contentType } })
    const postForm = (payload: string) =>
      test.inject({ method: 'POST', url: '/test/form', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } })

    it('accepts a valid body', async () => {
      const response = await post(JSON.stringify({ name: '张三', count: 3, tags: ['a'] }))
      expect(envelope(response)).toEqual({ code: 200, msg: '成功', data: { name: '张三', count: 3, tags: ['a'] } })
    })

    it.each([
      ['invalid JSON', '{"name":', '请求体不是有效的JSON'],
      // No body at all is no data (the app posts query-only calls that way), not broken JSON.
      ['an empty JSON body', '', '请求参数不能为空'],
      ['a missing field', JSON.stringify({ count: 1 }), '参数 name 不能为空'],
      ['an empty string', JSON.stringify({ name: '', count: 1 }), '参数 name 不能为空'],
      ['a wrong type', JSON.stringify({ name: 5, count: 1 }), '参数 name 应为字符串'],
      ['a string for a number', JSON.stringify({ name: 'a', count: '1' }), '参数 count 应为数字'],
      ['a fraction for an integer', JSON.stringify({ name: 'a', count: 1.5 }), '参数 count 应为整数'],
      ['a number too large', JSON.stringify({ name: 'a', count: 1e9 }), '参数 count 不能大于100'],
      ['a huge string', JSON.stringify({ name: 'x'.repeat(100_000), count: 1 }), '参数 name 长度不能超过10'],
      ['too many items', JSON.stringify({ name: 'a', count: 1, tags: ['a', 'b', 'c', 'd'] }), '参数 tags 最多3项'],
      ['a nested wrong value', JSON.stringify({ name: 'a', count: 1, tags: ['toolong'] }), '参数 tags.0 长度不能超过5'],
      ['an array instead of an object', '[1,2]', '请求参数应为对象'],
      ['null', 'null', '请求参数应为对象'],
    ])('answers %s with a Chinese 400 naming the field', async (_case, payload, message) => {
      const response = await post(payload)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ code: 400, msg: message, data: null })
    })

    it.each([
      ['__proto__', '{"name":"a","count":1,"__proto__":{"polluted":true}}'],
      ['constructor.prototype', '{"name":"a","count":1,"constructor":{"prototype":{"polluted":true}}}'],
    ])('refuses a %s key with a 400 and pollutes nothing', async (_case, payload) => {
      const response = await post(payload)
      expect(response.statusCode).toBe(400)
      expect(envelope(response).code).toBe(400)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })

    it('ignores prototype keys in form bodies without polluting anything', async () => {
      const response = await postForm('name=abc&__proto__[polluted]=1&constructor[prototype][polluted]=1')
      expect(response.statusCode).toBeLessThan(500)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false)
    })

    it('accepts form-encoded bodies', async () => {
      const response = await postForm('name=%E5%BC%A0%E4%B8%89')
      expect(envelope(response)).toEqual({ code: 200, msg: '成功', data: { name: '张三' } })
    })

    it('answers a body over 1 MB with 413', async () => {
      const response = await post(JSON.stringify({ name: 'a', count: 1, pad: 'x'.repeat(1024 * 1024) }))
      expect(response.statusCode).toBe(413)
      expect(response.json()).toEqual({ code: 413, msg: '请求内容过大', data: null })
    })

    it('answers an unsupported content type with 415', async () => {
      const response = await post('<name>a</name>', 'application/xml')
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual({ code: 415, msg: '不支持的请求内容类型', data: null })
    })
  })

  describe('login', () => {
    it('answers a protected route without a token with 401 "请先登录"', async () => {
      const response = await test.inject({ method: 'GET', url: '/test/me' })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ code: 401, msg: '请先登录', data: null })
    })

    it.each([
      ['a malformed header', 'Token abc'],
      ['an unknown token', 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      ['a token with bad characters', 'Bearer abc$def'],
    ])('answers %s with 401', async (_case, authorization) => {
      const response = await test.inject({ method: 'GET', url: '/test/me', headers: { authorization } })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ code: 401, msg: '登录信息已过期，请重新登录', data: null })
    })

    it('lets a valid token through and refuses it once expired', async () => {
      const grant = await loginBySms(test, '13800138000')
      const before = await test.inject({ method: 'GET', url: '/test/me', headers: bearer(grant) })
      expect(envelope(before)).toEqual({ code: 200, msg: '成功', data: { uid: grant.uid } })

      test.clock.advance((grant.expireIn - 1) * 1000)
      expect((await test.inject({ method: 'GET', url: '/test/me', headers: bearer(grant) })).statusCode).toBe(200)
      test.clock.advance(1000)
      const after = await test.inject({ method: 'GET', url: '/test/me', headers: bearer(grant) })
      expect(after.statusCode).toBe(401)
      expect(envelope(after).code).toBe(401)
    })

    it('checks the login before reading the body', async () => {
      test.app.post('/test/protected-echo', async (request) => ok(parseInput(EchoBody, request.body)))
      const response = await test.inject({ method: 'POST', url: '/test/protected-echo', payload: '{"broken', headers: { 'content-type': 'application/json' } })
      expect(response.statusCode).toBe(401)
    })
  })

  describe('headers and logs', () => {
    it('sends security headers and no x-powered-by', async () => {
      const response = await test.inject({ method: 'GET', url: '/healthz' })
      expect(response.headers['x-powered-by']).toBeUndefined()
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
      const csp = String(response.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("img-src 'self' data: blob:")
      expect(csp).toContain("connect-src 'self' blob:")
      expect(csp).toContain("object-src 'none'")
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'")
    })

    it('logs one line per request with the phone masked, never the body or the token', async () => {
      const grant = await loginAsPromoter(test)
      test.logs.lines.length = 0
      await test.inject({ method: 'GET', url: '/test/ping?mobile=13912345678', headers: bearer(grant) })
      await test.inject({ method: 'POST', url: '/test/echo', payload: { name: 'BODYMARKER', count: 1 } })
      const logged = test.logs.text()
      expect(logged).toContain('/test/ping?mobile=139****5678')
      expect(logged).not.toContain('13912345678')
      expect(logged).not.toContain('BODYMARKER')
      expect(logged).not.toContain(grant.accessToken)
      const requests = test.logs.entries().filter((entry) => entry.msg === 'request')
      expect(requests).toHaveLength(2)
      expect(requests[0]).toMatchObject({ method: 'GET', statusCode: 200 })
      expect(Number.isInteger(requests[0]?.ms)).toBe(true)
    })
  })

  describe('rate limits', () => {
    it('answers 429 with an envelope once an IP exceeds the per-minute limit', async () => {
      const limited = await createTestApp(database.db, { config: { rateLimitPerMinute: 3 } })
      limited.app.get('/test/ping', { config: { public: true } }, async () => ok('pong'))
      try {
        for (let i = 0; i < 3; i++) expect((await limited.inject({ method: 'GET', url: '/test/ping' })).statusCode).toBe(200)
        const response = await limited.inject({ method: 'GET', url: '/test/ping' })
        expect(response.statusCode).toBe(429)
        expect(response.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null })
        expect(response.headers['retry-after']).toBeDefined()
        const other = await limited.inject({ method: 'GET', url: '/test/ping', remoteAddress: '10.0.0.2' })
        expect(other.statusCode).toBe(200)
      } finally {
        await limited.close()
      }
    })
  })

  const redisUrl = process.env.TEST_REDIS_URL
  ;(redisUrl ? describe : describe.skip)('rate limits shared through Redis (TEST_REDIS_URL)', () => {
    it('counts requests of one IP across server processes', async () => {
      const clients = [new Redis(redisUrl ?? ''), new Redis(redisUrl ?? '')]
      const apps = await Promise.all(clients.map((redis) => createTestApp(database.db, { redis, config: { rateLimitPerMinute: 3 } })))
      const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`
      try {
        const ping = (index: number) => apps[index]!.inject({ method: 'GET', url: '/no/such/path', remoteAddress: ip })
        expect([(await ping(0)).statusCode, (await ping(1)).statusCode, (await ping(0)).statusCode]).toEqual([404, 404, 404])
        expect((await ping(1)).statusCode).toBe(429)
      } finally {
        await Promise.all(apps.map((app) => app.close()))
        await Promise.all(clients.map((redis) => redis.quit()))
      }
    })
  })

  describe('the H5 app', () => {
    let root: string
    const bootstrap = 'document.documentElement.style.fontSize = "20px"'

    beforeAll(() => {
      root = mkdtempSync(path.join(os.tmpdir(), 'etc-h5-'))
      writeFileSync(path.join(root, 'index.html'), `<!DOCTYPE html><html><head><script>${bootstrap}</script><script src="js/app.js"></script></head><body></body></html>`)
      writeFileSync(path.join(root, 'app.css'), 'body{}')
    })
    afterAll(() => rmSync(root, { recursive: true, force: true }))

    it('serves index.html at / without a login, allowing its inline script by hash', async () => {
      const served = await createTestApp(database.db, { staticRoot: root })
      try {
        const response = await served.inject({ method: 'GET', url: '/' })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toMatch(/^text\/html/)
        const hash = createHash('sha256').update(bootstrap).digest('base64')
        expect(String(response.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${hash}'`)
        expect((await served.inject({ method: 'GET', url: '/app.css' })).statusCode).toBe(200)
        const missing = await served.inject({ method: 'GET', url: '/js/missing.js' })
        expect(missing.statusCode).toBe(404)
        expect(envelope(missing).code).toBe(404)
        const api = await served.inject({ method: 'GET', url: '/healthz' })
        expect(envelope(api).code).toBe(200)
      } finally {
        await served.close()
      }
    })
  })
})
