/**
 * The server process: startServer migrates and seeds a fresh embedded database, serves the API on
 * a real port, and closes cleanly. (Embedded database only: on a PostgreSQL server it would
 * migrate the shared public schema.)
 */
import { MEMORY_DATA_DIR } from '../../server/db/database'
import { startServer } from '../../server/main'
import type { RunningServer } from '../../server/main'
import { API } from '../../types/api/paths'
import { MAP } from './support/api'
import { testConfig } from './support/test-app'
import { testDriver } from './support/test-database'

const describeEmbedded = testDriver() === 'pglite' ? describe : describe.skip

describeEmbedded('startServer', () => {
  let server: RunningServer | undefined

  afterEach(async () => server?.close())

  it('migrates, seeds, listens on the port and closes', async () => {
    server = await startServer({
      config: testConfig({ port: 0, logLevel: 'silent', database: { driver: 'pglite', dataDir: MEMORY_DATA_DIR } }),
      staticRoot: '/nonexistent',
    })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const health = await fetch(`${server.url}/healthz`)
    expect(await health.json()).toEqual({ code: 200, msg: '成功', data: { status: 'ok' } })
    const login = await fetch(`${server.url}${API.promoterLogin.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MAP.promoterAccount),
    })
    expect(((await login.json()) as { code: number }).code).toBe(200)
    expect((await fetch(`${server.url}/`)).status).toBe(404)

    const { url } = server
    await server.close()
    server = undefined
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  })
})
