/**
 * The server process: startServer migrates and seeds a fresh embedded database, serves the API on
 * a real port (PORT=0: the one the system gave, which the simulated URL links name), and closes
 * cleanly. (Embedded database only: on a PostgreSQL server it would migrate the shared public
 * schema.)
 */
import type { TokenGrant } from '../../types/api/auth'
import type { WeChatUrlLinkResponse } from '../../types/api/catalogue'
import type { Envelope } from '../../types/api/envelope'
import { localBaseUrl } from '../../server/config'
import { MEMORY_DATA_DIR } from '../../server/db/database'
import { startServer } from '../../server/main'
import type { RunningServer } from '../../server/main'
import { URL_LINK_SIM_PATH } from '../../server/platform/simulated-url-links'
import { API } from '../../types/api/paths'
import { MAP } from './support/api'
import { testConfig } from './support/test-app'
import { testDriver } from './support/test-database'

const describeEmbedded = testDriver() === 'pglite' ? describe : describe.skip

describeEmbedded('startServer', () => {
  let server: RunningServer | undefined

  afterEach(async () => server?.close())

  it('migrates, seeds, listens on the port and closes', async () => {
    const config = testConfig({ port: 0, logLevel: 'silent', database: { driver: 'pglite', dataDir: MEMORY_DATA_DIR } })
    // No public address configured: the one loadConfig derives from HOST and PORT.
    server = await startServer({ config: { ...config, publicBaseUrl: localBaseUrl(config.host, config.port) }, staticRoot: '/nonexistent' })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const health = await fetch(`${server.url}/healthz`)
    expect(await health.json()).toEqual({ code: 200, msg: '成功', data: { status: 'ok' } })
    const login = await fetch(`${server.url}${API.promoterLogin.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MAP.promoterAccount),
    })
    const grant = (await login.json()) as Envelope<TokenGrant>
    expect(grant.code).toBe(200)
    const link = await fetch(`${server.url}${API.weChatUrlLink.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.data.accessToken}` },
      body: JSON.stringify({ path: '', query: '', appId: 'wx1234567890abcdef', env_version: 'release' }),
    })
    const { urlLink } = ((await link.json()) as Envelope<WeChatUrlLinkResponse>).data
    expect(urlLink.startsWith(`${server.url}${URL_LINK_SIM_PATH.replace('{linkId}', '')}`)).toBe(true)
    expect((await fetch(`${server.url}/`)).status).toBe(404)

    const { url } = server
    await server.close()
    server = undefined
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  })
})
