/**
 * The follow-up phone on the information form: an optional consent, off by default, under the
 * owner's mobile. A person who leaves the form (back out of it) after typing a valid mobile leaves it
 * for a call back, only when they ticked the consent; going on with 下一步 is not leaving, and
 * neither is the app going to the background (the photo picker, another tab to read the SMS).
 */
import Taro from '@tarojs/taro'
import UpinfoPage from '../../src/pages/apply/upinfo/index'
import { FOLLOW_UP_TEXT } from '../../src/features/apply/upinfo/FollowUpConsent'
import { FOLLOW_UP_RETENTION_DAYS } from '../../src/domain/follow-up'
import type { TransportRequest } from '../../src/services/request/transport'
import { FOLLOW_UP_CONSENT } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import { lifecycle } from '../support/page-lifecycle'
import { eventually, flush, getByTestId, mountPage } from '../support/page-test'
import { VALID_FORM, openOrderWorld, spyNavigation } from '../support/journey-fixtures'
import { ALL_PHOTOS } from '../support/order-fixtures'
import { envelope } from '../support/test-services'

type World = Awaited<ReturnType<typeof openOrderWorld>>
type Page = Awaited<ReturnType<typeof mountPage>>

const MOBILE = '13912345678'
const VALID = { ...VALID_FORM, mobile: MOBILE } as const

const followUpCalls = (world: World): TransportRequest[] => world.requests.filter((request) => request.url.includes(API.saveFollowUpPhone.path))
const queryOf = (request: TransportRequest | undefined): Record<string, string> =>
  Object.fromEntries(new URL(request?.url ?? 'https://x.test/').searchParams.entries())

/** The app (or the browser tab) goes to the background, as Taro's onAppHide hears it on H5. */
async function hideApp(page: Page): Promise<void> {
  await page.act(async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    window.dispatchEvent(new Event('visibilitychange'))
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  })
  await flush(page)
}

/** Back out of the form: the page is closed for good. */
async function leaveByBack(page: Page): Promise<void> {
  await page.act(async () => page.unmout())
}

const tickConsent = async (page: Page) => {
  page.fireEvent.click(getByTestId(page, 'upinfo-follow-up'))
  await flush(page)
}

async function formWithMobile(mobile: string = MOBILE) {
  const world = await openOrderWorld()
  world.services.store.apply.form.setField('mobile', mobile)
  const page = await mountPage(UpinfoPage, world.services)
  await flush(page)
  return { world, page }
}

async function type(page: Page, field: string, value: string): Promise<void> {
  const find = () => page.queries.querySelector(`[data-testid="field-${field}"] input`)
  await eventually(page, () => find() !== null)
  const input = find() as HTMLInputElement
  input.value = value
  page.fireEvent.input(input)
  await flush(page)
}

describe('the follow-up phone on the information form', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => jest.restoreAllMocks())

  it('offers a clearly worded consent, off by default, under the owner\'s mobile', async () => {
    const { page } = await formWithMobile()
    const box = getByTestId(page, 'upinfo-follow-up')
    expect(box.getAttribute('role')).toBe('checkbox')
    expect(box.getAttribute('aria-checked')).toBe('false')
    expect(box.getAttribute('aria-label')).toBe('离开后可致电协助我办理')
    expect(box.textContent).toBe(FOLLOW_UP_TEXT.label)
    expect(getByTestId(page, 'upinfo-follow-up-note').textContent).toContain(`最长保留${FOLLOW_UP_RETENTION_DAYS}天`)
    const owner = page.queries.querySelector('[role="group"][aria-label="车主信息"]')
    expect(owner?.contains(box)).toBe(true)
    await tickConsent(page)
    expect(getByTestId(page, 'upinfo-follow-up').getAttribute('aria-checked')).toBe('true')
  })

  it('leaves the mobile, with the consent, when the person consented and backs out of the form', async () => {
    const { world, page } = await formWithMobile()
    await tickConsent(page)
    expect(followUpCalls(world)).toHaveLength(0)
    await leaveByBack(page)
    await Promise.resolve()
    expect(followUpCalls(world)).toHaveLength(1)
    expect(followUpCalls(world)[0]?.method).toBe('GET')
    expect(queryOf(followUpCalls(world)[0])).toEqual({ mobile: MOBILE, consent: FOLLOW_UP_CONSENT })
  })

  it('does not count the app going away as leaving: the photo picker or the SMS tab hides it mid-form', async () => {
    const on = jest.spyOn(Taro, 'onAppHide')
    const { world, page } = await formWithMobile()
    await tickConsent(page)
    await hideApp(page)
    await hideApp(page)
    expect(followUpCalls(world)).toHaveLength(0)
    expect(on).not.toHaveBeenCalled()
    await leaveByBack(page)
    expect(followUpCalls(world).map(queryOf)).toEqual([{ mobile: MOBILE, consent: FOLLOW_UP_CONSENT }])
  })

  it('leaves nothing once the person is no longer logged in', async () => {
    const { world, page } = await formWithMobile()
    const save = jest.spyOn(world.services.api.auth, 'saveFollowUpPhone')
    await tickConsent(page)
    await page.act(async () => world.services.store.user.logout())
    await leaveByBack(page)
    await flush(page)
    // Not sent, so it waits for no login either.
    expect(save).not.toHaveBeenCalled()
    expect(followUpCalls(world)).toHaveLength(0)
    expect(world.ui.alerts).toBe(0)
  })

  it('asks for no new login when the server says the login expired: the person has gone', async () => {
    const { world, page } = await formWithMobile()
    world.respondWith(async () => ({ statusCode: 401, data: { code: 401, msg: '登录信息已过期，请重新登录', data: null }, header: {} }))
    await tickConsent(page)
    await leaveByBack(page)
    await eventually(page, () => followUpCalls(world).length === 1)
    await flush(page)
    expect(world.ui.alerts).toBe(0)
    expect(world.ui.logins).toBe(0)
    expect(world.ui.toasts).toEqual([])
  })

  it('leaves the mobile typed last', async () => {
    const { world, page } = await formWithMobile()
    await tickConsent(page)
    await type(page, 'mobile', '13700137000')
    await leaveByBack(page)
    expect(followUpCalls(world).map(queryOf)).toEqual([{ mobile: '13700137000', consent: FOLLOW_UP_CONSENT }])
  })

  it('sends nothing without the consent', async () => {
    const { world, page } = await formWithMobile()
    await hideApp(page)
    await leaveByBack(page)
    expect(followUpCalls(world)).toHaveLength(0)
  })

  it('sends nothing once the consent is withdrawn before leaving', async () => {
    const { world, page } = await formWithMobile()
    await tickConsent(page)
    await tickConsent(page)
    expect(getByTestId(page, 'upinfo-follow-up').getAttribute('aria-checked')).toBe('false')
    await hideApp(page)
    await leaveByBack(page)
    expect(followUpCalls(world)).toHaveLength(0)
  })

  it.each([
    ['no mobile', ''],
    ['a mobile cut short', '1391234'],
    ['a landline', '02812345678'],
  ])('sends nothing with %s, consent or not', async (_case, mobile) => {
    const { world, page } = await formWithMobile(mobile)
    await tickConsent(page)
    await hideApp(page)
    await leaveByBack(page)
    expect(followUpCalls(world)).toHaveLength(0)
  })

  it('going on with 下一步 is not leaving; back on the form, leaving is', async () => {
    const { open } = spyNavigation()
    const world = await openOrderWorld({ certificates: ALL_PHOTOS })
    world.respondWith(async (request) =>
      request.url.includes('/h5/apply')
        ? envelope({ orderId: 'order-1', stepId: 2, certificatesCommitSate: ALL_PHOTOS, depositPayState: 2, missing: [] })
        : envelope(null),
    )
    const page = await mountPage(UpinfoPage, world.services)
    for (const [field, value] of Object.entries(VALID)) await type(page, field, value)
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-2'))
    await tickConsent(page)
    page.fireEvent.click(getByTestId(page, 'upinfo-next'))
    await eventually(page, () => open.mock.calls.length > 0)
    expect(open).toHaveBeenCalledWith({ url: '/pages/apply/select-land/index' })

    // On the package pages, the app goes away: the form was not left.
    await hideApp(page)
    expect(followUpCalls(world)).toHaveLength(0)

    // Back on the form, then out of it.
    await page.act(async () => lifecycle.show())
    await leaveByBack(page)
    expect(followUpCalls(world).map(queryOf)).toEqual([{ mobile: MOBILE, consent: FOLLOW_UP_CONSENT }])
  })

  it('says nothing when leaving the phone fails: the person has gone', async () => {
    const { world, page } = await formWithMobile()
    world.respondWith(async () => ({ statusCode: 500, data: { code: 500, msg: '服务器繁忙，请稍后重试', data: null }, header: {} }))
    await tickConsent(page)
    await leaveByBack(page)
    await eventually(page, () => followUpCalls(world).length === 1)
    await flush(page)
    expect(world.ui.toasts).toEqual([])
    expect(world.ui.alerts).toBe(0)
  })
})
