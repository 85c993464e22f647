import { API } from '../../types/api/paths'
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import type { Envelope } from '../../types/api/envelope'
import type { TokenGrant } from '../../types/api/auth'
import type { Commodity, Issuer } from '../../types/api/catalogue'
import { appUrl, baseUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'

jest.setTimeout(120_000)

const bank = CHANNEL_IDENTIFIERS.bank

describeBrowser('npm start: the app and its API on one port, with the seeded catalogue', () => {
  const browser = sharedBrowser()

  it('serves the H5 app with security headers', async () => {
    const response = await fetch(`${baseUrl()}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(response.headers.get('x-powered-by')).toBeNull()
    expect(await response.text()).toContain('<div id="app"')
  })

  it('answers the app page from the same origin: public catalogue, and 401 without a login', async () => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl('/'))
      await page.locator('[data-testid="page-plateEntry"]').waitFor()
      const result = await page.evaluate(
        async ([issuersPath, searchPath]) => {
          const issuers = await fetch(issuersPath).then((response) => response.json())
          const search = await fetch(searchPath, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
          return { issuers, searchStatus: search.status }
        },
        [API.issuers.path, API.searchOrders.path],
      )
      const issuers = result.issuers as Envelope<Issuer[]>
      expect(issuers.code).toBe(200)
      expect(issuers.data).toHaveLength(13)
      expect(result.searchStatus).toBe(401)
      expect(errors).toEqual([])
    })
  })

  it("logs in with the channel's promoter account and lists its seeded packages over HTTP", async () => {
    const login = await fetch(`${baseUrl()}${API.promoterLogin.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(bank.promoterAccount),
    })
    const grant = (await login.json()) as Envelope<TokenGrant>
    expect(grant.code).toBe(200)
    const path = API.listCommodity.path.replace('{id}', bank.defaultPromotion.promotionChannelId)
    const list = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${grant.data.accessToken}` } })
    const commodities = (await list.json()) as Envelope<Commodity[]>
    expect(commodities.code).toBe(200)
    expect(commodities.data.map((commodity) => commodity.commodityPrice).sort((a, b) => a - b)).toEqual([2990, 4990, 8990])
  })

  it('answers an unknown path with the JSON 404 the client understands', async () => {
    const response = await fetch(`${baseUrl()}/no/such/call`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 404 })
  })
})
