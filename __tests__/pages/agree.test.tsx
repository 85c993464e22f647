import AgreePage from '../../src/pages/apply/agree/index'
import { APPLY_STEP } from '../../src/domain/enums'
import type { SupplierProtocolResponse } from '../../types/api/catalogue'
import type { ApplyPayload, ApplyRequest } from '../../types/api/apply'
import { SEAL_PURPOSE, SEALED_FIELD } from '../../types/api/sealed'
import { payloadKeyHex } from '../../src/config/keys'
import { createSealedBox } from '../../src/services/crypto/sealed-box'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { byTestId, eventually, flush, getByTestId, mountPage, textOf } from '../support/page-test'
import { envelope } from '../support/test-services'
import { commodity, expectSentToPlatePage, openOrderWorld, serverError, spyNavigation } from '../support/journey-fixtures'

type Mounted = Awaited<ReturnType<typeof mountPage>>
type World = Awaited<ReturnType<typeof openOrderWorld>>

const isChecked = (page: Mounted, id: string) => getByTestId(page, id).getAttribute('aria-checked')
const isDisabled = (page: Mounted) => getByTestId(page, 'agree-submit').className.includes('nut-button-disabled')

const BEIJING: SupplierProtocolResponse = { issuerId: 3, title: '北京ETC用户服务协议', content: '本协议由您与北京ETC发行服务机构订立。', version: '2026-01' }
const JIANGSU: SupplierProtocolResponse = { issuerId: 7, title: '江苏ETC用户服务协议', content: '本协议由您与江苏ETC发行服务机构订立。', version: '2026-03' }

interface ConsentServer {
  /** The promotion's packages, by their issuers. */
  issuers?: number[]
  /** The issuers' agreements; an issuer left out has none (the server's "not found"). */
  agreements?: SupplierProtocolResponse[]
  /** The agreement call fails like this instead, while set. */
  agreementFailure?: () => Promise<TransportResponse>
}

/** The server the consent page asks: the promotion's packages and their issuers' agreements. */
function serve(world: World, server: ConsentServer): { agreementCalls: () => TransportRequest[] } {
  world.respondWith(async (request) => {
    if (request.url.includes('/listCommodity/')) {
      const packages = (server.issuers ?? []).map((issuerId, index) => commodity({ id: `C${index}`, commodityName: `套餐${index}`, commodityPrice: 2990, issuerId }))
      return envelope(packages)
    }
    if (request.url.includes('/getSupplierProtocol')) {
      if (server.agreementFailure) return server.agreementFailure()
      const issuerId = Number(new URL(request.url, 'http://app.test').searchParams.get('issuerId'))
      const agreement = server.agreements?.find((entry) => entry.issuerId === issuerId)
      return agreement ? envelope(agreement) : envelope(null, BUSINESS_CODE.NOT_FOUND)
    }
    return envelope(null)
  })
  return { agreementCalls: () => world.requests.filter((request) => request.url.includes('/getSupplierProtocol')) }
}

/** A logged-in user with an open order of 京A12345, consent not given, on the consent page. */
async function consentPage(server: ConsentServer = {}) {
  const world = await openOrderWorld({ agreed: false })
  const calls = serve(world, server)
  const page = await mountPage(AgreePage, world.services)
  await eventually(page, () => byTestId(page, 'agree-issuer-loading') === null)
  return { world, page, ...calls }
}

const tick = async (page: Mounted, id: string) => {
  page.fireEvent.click(getByTestId(page, `${id}-check`))
  await flush(page)
}

describe('agree page', () => {
  afterEach(() => jest.restoreAllMocks())

  it('sends the user back to the plate page when there is no order yet', async () => {
    await expectSentToPlatePage(AgreePage, 'agree-no-order', 'agree-submit')
  })

  it('starts with nothing ticked and 同意并继续 disabled', async () => {
    const { redirect } = spyNavigation()
    const { world, page } = await consentPage()
    expect(textOf(page, 'agree-plate')).toContain('京A12345')
    expect(isChecked(page, 'agree-etc-check')).toBe('false')
    expect(isChecked(page, 'agree-privacy-check')).toBe('false')
    expect(isDisabled(page)).toBe(true)
    expect(getByTestId(page, 'agree-submit').getAttribute('aria-disabled')).toBe('true')
    expect(textOf(page, 'agree-hint')).toBe('请勾选同意以上两份协议后继续')
    page.fireEvent.click(getByTestId(page, 'agree-submit'))
    await flush(page)
    expect(world.services.store.apply.agreementsAcceptedAt).toBeUndefined()
    expect(redirect).not.toHaveBeenCalled()
  })

  it('needs both agreements: one ticked is not enough', async () => {
    spyNavigation()
    const { page } = await consentPage()
    page.fireEvent.click(getByTestId(page, 'agree-etc-check'))
    await flush(page)
    expect(isChecked(page, 'agree-etc-check')).toBe('true')
    expect(isDisabled(page)).toBe(true)
    page.fireEvent.click(getByTestId(page, 'agree-etc-check'))
    page.fireEvent.click(getByTestId(page, 'agree-privacy-check'))
    await flush(page)
    expect(isChecked(page, 'agree-etc-check')).toBe('false')
    expect(isDisabled(page)).toBe(true)
  })

  it('accepts both, records the consent and replaces itself with the information page', async () => {
    const { redirect } = spyNavigation()
    const { world, page } = await consentPage()
    page.fireEvent.click(getByTestId(page, 'agree-etc-check'))
    // Keyboard users tick with Space, as on a native checkbox.
    page.fireEvent.keyUp(getByTestId(page, 'agree-privacy-check'), { key: ' ' })
    await flush(page)
    expect(isDisabled(page)).toBe(false)
    expect(byTestId(page, 'agree-hint')).toBeNull()
    page.fireEvent.click(getByTestId(page, 'agree-submit'))
    await flush(page)
    expect(world.services.store.apply.agreementsAcceptedAt).toBe(world.env.now())
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index' })
  })

  it('opens each agreement to read', async () => {
    const { open } = spyNavigation()
    const { page } = await consentPage()
    expect(getByTestId(page, 'agree-etc-link').getAttribute('aria-label')).toBe('查看ETC用户服务协议')
    page.fireEvent.click(getByTestId(page, 'agree-etc-link'))
    await flush(page)
    expect(open).toHaveBeenLastCalledWith({ url: '/pages/agreement/etc/index' })
    page.fireEvent.click(getByTestId(page, 'agree-privacy-link'))
    await flush(page)
    expect(open).toHaveBeenLastCalledWith({ url: '/pages/agreement/privacy/index' })
  })

  it('shows earlier consent as ticked when the user comes back', async () => {
    spyNavigation()
    const world = await openOrderWorld({ agreed: true })
    serve(world, {})
    const page = await mountPage(AgreePage, world.services)
    await eventually(page, () => byTestId(page, 'agree-issuer-loading') === null)
    expect(isChecked(page, 'agree-etc-check')).toBe('true')
    expect(isChecked(page, 'agree-privacy-check')).toBe('true')
    expect(isDisabled(page)).toBe(false)
  })

  describe("the issuer's agreement", () => {
    it("shows the agreement of the packages' issuer next to the two, to read in place with its version", async () => {
      spyNavigation()
      const { page, agreementCalls } = await consentPage({ issuers: [3, 3], agreements: [BEIJING] })
      expect(agreementCalls().map((request) => new URL(request.url, 'http://app.test').search)).toEqual(['?issuerId=3'])
      expect(getByTestId(page, 'agree-issuer-3-check').getAttribute('aria-label')).toBe('我已阅读并同意北京ETC用户服务协议')
      expect(textOf(page, 'agree-issuer-3-link')).toBe('《北京ETC用户服务协议》')
      expect(isChecked(page, 'agree-issuer-3-check')).toBe('false')
      expect(byTestId(page, 'agree-issuer-3-document')).toBeNull()
      page.fireEvent.click(getByTestId(page, 'agree-issuer-3-link'))
      await flush(page)
      expect(textOf(page, 'agree-issuer-3-document')).toContain(BEIJING.content)
      expect(textOf(page, 'agree-issuer-3-document')).toContain('版本：2026-01')
      page.fireEvent.click(getByTestId(page, 'agree-issuer-3-link'))
      await flush(page)
      expect(byTestId(page, 'agree-issuer-3-document')).toBeNull()
    })

    it('must be accepted too: the two alone do not let the person go on', async () => {
      const { redirect } = spyNavigation()
      const { world, page } = await consentPage({ issuers: [3], agreements: [BEIJING] })
      await tick(page, 'agree-etc')
      await tick(page, 'agree-privacy')
      expect(isDisabled(page)).toBe(true)
      expect(textOf(page, 'agree-hint')).toBe('请勾选同意以上全部协议后继续')
      page.fireEvent.click(getByTestId(page, 'agree-submit'))
      await flush(page)
      expect(world.services.store.apply.agreementsAcceptedAt).toBeUndefined()
      expect(redirect).not.toHaveBeenCalled()
      await tick(page, 'agree-issuer-3')
      expect(isDisabled(page)).toBe(false)
    })

    it('ticks all four agreements with 全部同意, and clears them all with a second tap', async () => {
      const { page } = await consentPage({ issuers: [3, 7], agreements: [BEIJING, JIANGSU] })
      const all = getByTestId(page, 'agree-all')
      expect([all.getAttribute('role'), all.getAttribute('aria-label'), all.getAttribute('aria-checked')]).toEqual(['checkbox', '全部同意（4份协议）', 'false'])
      page.fireEvent.click(all)
      await flush(page)
      const checks = ['agree-etc', 'agree-privacy', 'agree-issuer-3', 'agree-issuer-7'].map((id) => getByTestId(page, `${id}-check`))
      expect(checks.map((check) => check.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true', 'true'])
      expect([getByTestId(page, 'agree-all').getAttribute('aria-checked'), isDisabled(page)]).toEqual(['true', false])
      page.fireEvent.click(getByTestId(page, 'agree-all'))
      await flush(page)
      expect(checks.map((check) => check.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'false'])
      expect(isDisabled(page)).toBe(true)
    })

    it('records the versions accepted, and the next step sends them to the server', async () => {
      const { redirect } = spyNavigation()
      const { world, page } = await consentPage({ issuers: [3, 7, 3], agreements: [BEIJING, JIANGSU] })
      for (const id of ['agree-etc', 'agree-privacy', 'agree-issuer-3', 'agree-issuer-7']) await tick(page, id)
      page.fireEvent.click(getByTestId(page, 'agree-submit'))
      await flush(page)
      const { apply } = world.services.store
      expect(apply.issuerAgreements).toEqual([
        { issuerId: 3, version: '2026-01' },
        { issuerId: 7, version: '2026-03' },
      ])
      expect(redirect).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index' })

      const sent: ApplyPayload[] = []
      world.respondWith(async (request) => {
        if (/\/vehicles\/h5\/apply$/.test(request.url)) {
          const { encryptUsersVehicleApplyVoStr } = JSON.parse(request.body ?? '{}') as ApplyRequest
          sent.push(JSON.parse(createSealedBox(payloadKeyHex(), SEAL_PURPOSE.payload).open(SEALED_FIELD.apply, encryptUsersVehicleApplyVoStr) ?? '{}') as ApplyPayload)
          return envelope({ orderId: 'order-1', stepId: APPLY_STEP.UPDATE, certificatesCommitSate: 0, depositPayState: 2, missing: [] })
        }
        return envelope(null)
      })
      await apply.saveInformation()
      expect(sent[0]?.issuerAgreements).toEqual([
        { issuerId: 3, version: '2026-01' },
        { issuerId: 7, version: '2026-03' },
      ])
    })

    it('asks nothing more of an issuer that has no agreement', async () => {
      spyNavigation()
      const { page } = await consentPage({ issuers: [3, 7], agreements: [JIANGSU] })
      expect(byTestId(page, 'agree-issuer-3')).toBeNull()
      await tick(page, 'agree-etc')
      await tick(page, 'agree-privacy')
      await tick(page, 'agree-issuer-7')
      expect(isDisabled(page)).toBe(false)
    })

    it('starts ticked when this version was accepted before, and unticked once the issuer changed it', async () => {
      spyNavigation()
      const world = await openOrderWorld({ agreed: false })
      world.services.store.apply.acceptAgreements([{ issuerId: 3, version: '2026-01' }, { issuerId: 7, version: '2025-12' }])
      serve(world, { issuers: [3, 7], agreements: [BEIJING, JIANGSU] })
      const page = await mountPage(AgreePage, world.services)
      await eventually(page, () => byTestId(page, 'agree-issuer-loading') === null)
      expect(isChecked(page, 'agree-issuer-3-check')).toBe('true')
      expect(isChecked(page, 'agree-issuer-7-check')).toBe('false')
      expect(isDisabled(page)).toBe(true)
    })

    it('says when the agreement could not be loaded, keeps the person from going on, and loads it again', async () => {
      spyNavigation()
      const server: ConsentServer = { issuers: [3], agreements: [BEIJING], agreementFailure: () => serverError('服务器繁忙，请稍后重试') }
      const { world, page } = await consentPage(server)
      expect(textOf(page, 'agree-issuer-error')).toContain('服务器繁忙，请稍后重试')
      // Said once: on the page, not in a toast as well.
      expect(world.ui.toasts).toEqual([])
      await tick(page, 'agree-etc')
      await tick(page, 'agree-privacy')
      expect(isDisabled(page)).toBe(true)
      delete server.agreementFailure
      page.fireEvent.click(getByTestId(page, 'agree-issuer-retry'))
      await eventually(page, () => byTestId(page, 'agree-issuer-3') !== null)
      expect(byTestId(page, 'agree-issuer-error')).toBeNull()
    })
  })
})
