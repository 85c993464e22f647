/**
 * The H5 app's files: the build's brotli or gzip copy by Accept-Encoding, hashed scripts and styles
 * cached for a year and everything else revalidated, and none of it counted against the per-IP
 * rate limit that still guards the API and unknown paths.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../../server/app'
import { DOCUMENT_ONLY_HEADERS } from '../../server/http/security'
import { OPENAPI_PATH } from '../../server/http/openapi'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'

const RATE_LIMIT_PER_MINUTE = 3
const HASHED_JS = 'js/app.0123abcd.js'
const SCRIPT = 'window.plate = "京A12345";\n'.repeat(200)
const INDEX = `<!DOCTYPE html><html><head><script src="/${HASHED_JS}"></script></head><body>${'<p>车牌</p>'.repeat(200)}</body></html>`

/** A static root as the build leaves it: files with their .br and .gz copies. */
function writeBuild(root: string, file: string, content: string): void {
  const target = path.join(root, file)
  mkdirSync(path.dirname(target), { recursive: true })
  writeFileSync(target, content)
  writeFileSync(`${target}.br`, brotliCompressSync(content))
  writeFileSync(`${target}.gz`, gzipSync(content))
}

const bodyOf = (response: LightMyRequestResponse): string => {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8')
  return response.payload
}

describeDb('static files', () => {
  let database: TestDatabase
  let root: string
  let test: TestApp

  beforeAll(async () => {
    database = await openTestDatabase()
    root = mkdtempSync(path.join(os.tmpdir(), 'etc-static-'))
    writeBuild(root, 'index.html', INDEX)
    writeBuild(root, HASHED_JS, SCRIPT)
    writeFileSync(path.join(root, 'logo.png'), Buffer.alloc(64, 1))
  })
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true })
    await database?.dispose()
  })
  beforeEach(async () => {
    await database.reset()
    test = await createTestApp(database.db, { staticRoot: root, config: { rateLimitPerMinute: RATE_LIMIT_PER_MINUTE } })
  })
  afterEach(async () => test.close())

  const get = (url: string, acceptEncoding?: string) =>
    test.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
  ])('answers Accept-Encoding %s with the %s encoding', async (acceptEncoding, encoding) => {
    for (const [url, content] of [
      [`/${HASHED_JS}`, SCRIPT],
      ['/', INDEX],
      ['/index.html', INDEX],
    ] as const) {
      const response = await get(url, acceptEncoding)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding')
      expect(response.headers['content-type']).toMatch(url.endsWith('.js') ? /javascript/ : /^text\/html/)
      expect(bodyOf(response)).toBe(content)
    }
  })

  it('caches hashed scripts for a year and revalidates index.html and unhashed files', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      expect((await get(`/${HASHED_JS}`, acceptEncoding)).headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL)
      expect((await get('/', acceptEncoding)).headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL)
      expect((await get('/index.html', acceptEncoding)).headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL)
    }
    expect((await get('/logo.png')).headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL)
    expect((await get('/healthz')).headers['cache-control']).toBe('no-store')
  })

  it('sends the document-only security headers with documents, not with scripts; nosniff with both', async () => {
    for (const acceptEncoding of ['br', 'identity']) {
      const page = (await get('/', acceptEncoding)).headers
      const script = (await get(`/${HASHED_JS}`, acceptEncoding)).headers
      for (const header of DOCUMENT_ONLY_HEADERS) {
        expect(page[header]).toBeDefined()
        expect(script[header]).toBeUndefined()
      }
      expect(page['x-content-type-options']).toBe('nosniff')
      expect(script['x-content-type-options']).toBe('nosniff')
    }
    // The API keeps every header.
    expect((await get('/healthz')).headers['content-security-policy']).toBeDefined()
  })

  it('does not count static files against the per-IP rate limit, which still guards the API and unknown paths', async () => {
    const from = (url: string) => test.inject({ method: 'GET', url, remoteAddress: '10.7.7.7' })
    const files = []
    for (let index = 0; index < RATE_LIMIT_PER_MINUTE * 3; index += 1) files.push((await from(index % 2 ? '/' : `/${HASHED_JS}`)).statusCode)
    expect(files).toEqual(Array(RATE_LIMIT_PER_MINUTE * 3).fill(200))

    const api = []
    for (let index = 0; index <= RATE_LIMIT_PER_MINUTE; index += 1) api.push((await from(OPENAPI_PATH)).statusCode)
    expect(api).toEqual([...Array(RATE_LIMIT_PER_MINUTE).fill(200), 429])
    expect((await from('/js/missing.0123abcd.js')).statusCode).toBe(429)
    expect((await from('/')).statusCode).toBe(200)
  })
})
