import AgreePage from '../../src/pages/apply/agree/index'
import { byTestId, flush, getByTestId, mountPage, textOf } from '../support/page-test'
import { pageTestWorld } from '../support/test-app'
import { spyNavigation, withOpenOrder } from '../support/journey-fixtures'

const isChecked = (page: Awaited<ReturnType<typeof mountPage>>, id: string) => getByTestId(page, id).getAttribute('aria-checked')
const isDisabled = (page: Awaited<ReturnType<typeof mountPage>>) => getByTestId(page, 'agree-submit').className.includes('nut-button-disabled')

describe('agree page', () => {
  afterEach(() => jest.restoreAllMocks())

  it('sends the user back to the plate page when there is no order yet', async () => {
    const { redirect } = spyNavigation()
    const page = await mountPage(AgreePage)
    await flush(page)
    expect(textOf(page, 'agree-no-order')).toContain('请先填写车牌号')
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
    expect(byTestId(page, 'agree-submit')).toBeNull()
  })

  it('starts with nothing ticked and 同意并继续 disabled', async () => {
    const { redirect } = spyNavigation()
    const world = pageTestWorld()
    withOpenOrder(world)
    const page = await mountPage(AgreePage, world.services)
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
    const world = pageTestWorld()
    withOpenOrder(world)
    const page = await mountPage(AgreePage, world.services)
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
    const world = pageTestWorld()
    withOpenOrder(world)
    const page = await mountPage(AgreePage, world.services)
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
    const world = pageTestWorld()
    withOpenOrder(world)
    const page = await mountPage(AgreePage, world.services)
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
    const world = pageTestWorld()
    withOpenOrder(world)
    world.services.store.apply.acceptAgreements()
    const page = await mountPage(AgreePage, world.services)
    expect(isChecked(page, 'agree-etc-check')).toBe('true')
    expect(isChecked(page, 'agree-privacy-check')).toBe('true')
    expect(isDisabled(page)).toBe(false)
  })
})
