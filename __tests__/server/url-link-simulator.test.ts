/**
 * WeChat's URL links, simulated: the link getWeChat/urlLink answers opens this server's simulator
 * page ("已在微信中打开小程序（模拟）") with what the link was made for; a link it cannot read is a
 * 404 page; a production app answers that the hand-over is unavailable when its WeChat platform
 * cannot make a link, and serves no simulator page. (With PORT=0 the link names the address the
 * server listens on: main.test.ts.)
 */
import type { WeChatUrlLinkRequest } from '../../types/api/catalogue'
import { API } from '../../types/api/paths'
import { PLATFORM_MESSAGE } from '../../server/routes/platform'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { URL_LINK_SIM_PATH } from '../../server/platform/simulated-url-links'
import { envelope, loginAsPromoter, loginBySms, pathOf } from './support/api'
import { apiClient } from './support/api-client'
import { appWorld } from './support/app-world'
import { realOutsidePartyStubs } from './support/outside-party-stubs'
import { createTestApp, testConfig } from './support/test-app'
import { databasePerFile, describeDb } from './support/test-database'

const PHONE = '13800138000'
const TARGET: WeChatUrlLinkRequest = { path: 'pages/park/index', env_version: 'trial', query: 'lot=A1&from=h5', appId: 'wx1234567890abcdef' }

describeDb('the URL link simulator', () => {
  const world = appWorld((test) => loginBySms(test, PHONE))

  const linkFor = async (target: WeChatUrlLinkRequest): Promise<URL> => {
    const answer = envelope(await world.api.call(API.weChatUrlLink, target, { as: world.grant }))
    expect(answer.code).toBe(200)
    return new URL(answer.data.urlLink)
  }

  it('opens the page a link leads to, saying what was opened, with the text escaped', async () => {
    const url = await linkFor(TARGET)
    const page = await world.test.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('已在微信中打开小程序（模拟）')
    expect(page.body).toContain(TARGET.appId)
    expect(page.body).toContain(TARGET.path)
    expect(page.body).toContain('lot=A1&amp;from=h5')
    expect(page.body).toContain('体验版')
    expect(page.body).not.toContain('<script')
  })

  it('escapes whatever the address carries', async () => {
    const page = await world.test.inject({
      method: 'GET',
      url: pathOf(URL_LINK_SIM_PATH, { linkId: 'AbCdEf123456' }),
      query: { appId: '<b>x</b>', path: '', query: '"><img src=x>', env_version: 'release' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(page.body).not.toContain('<img src=x>')
    expect(page.body).toContain('首页')
  })

  it.each([
    ['a malformed link id', 'abc', { appId: 'wx1', path: '', query: '', env_version: 'release' }],
    ['a link without its target', 'AbCdEf123456', {}],
    ['an unknown version', 'AbCdEf123456', { appId: 'wx1', path: '', query: '', env_version: 'prod' }],
  ])('answers %s with the invalid-link page', async (_case, linkId, query) => {
    const page = await world.test.inject({ method: 'GET', url: pathOf(URL_LINK_SIM_PATH, { linkId }), query })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain('小程序链接无效或已失效')
  })
})

describeDb('URL links in production', () => {
  const database = databasePerFile()

  it('answer that the hand-over is unavailable, and no simulator page is served', async () => {
    const app = await createTestApp(database.db, { config: testConfig({ production: true, smsSimulator: false }), ...realOutsidePartyStubs() })
    try {
      const grant = await loginAsPromoter(app)
      const answer = await apiClient(app).call(API.weChatUrlLink, TARGET, { as: grant })
      expect(envelope(answer)).toMatchObject({ code: BUSINESS_CODE.UNAVAILABLE, msg: PLATFORM_MESSAGE.urlLinkUnavailable, data: null })
      const page = await app.inject({ method: 'GET', url: pathOf(URL_LINK_SIM_PATH, { linkId: 'AbCdEf123456' }), query: { appId: 'wx1', path: '', query: '', env_version: 'release' } })
      expect(page.statusCode).toBe(404)
      expect(page.body).not.toContain('模拟')
    } finally {
      await app.close()
    }
  })
})
