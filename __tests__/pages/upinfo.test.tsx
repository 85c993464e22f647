import Taro from '@tarojs/taro'
import ConfirmSelectPage from '../../src/pages/camera/confirm-select/index'
import UpinfoPage from '../../src/pages/apply/upinfo/index'
import { CERTIFICATE } from '../../src/domain/certificates'
import { ID_REASON } from '../../src/domain/id-number'
import { PHOTO_SUBJECTS } from '../../src/domain/photo'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { MESSAGES } from '../../src/services/request/errors'
import { TransportFailure } from '../../src/services/request/transport'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { byTestId, eventually, flush, getBySelector, getByTestId, mountPage, textOf, typeInto } from '../support/page-test'
import { VALID_FORM, expectSentToPlatePage, openOrderWorld, routeTo, spyNavigation } from '../support/journey-fixtures'
import { ALL_PHOTOS, detail } from '../support/order-fixtures'
import { envelope, testWorld } from '../support/test-services'
import { heldUploads, uploaded } from '../support/upload-fakes'
import AgreePage from '../../src/pages/apply/agree/index'
import { ISSUER_AGREEMENT_OUTDATED } from '../../types/api/apply'
import { API } from '../../types/api/paths'
import { CANCEL_STATE } from '../../src/domain/enums'

type World = Awaited<ReturnType<typeof openOrderWorld>>
type Page = Awaited<ReturnType<typeof mountPage>>

const APPLY_PATH = '/h5/apply'

const VALID = VALID_FORM

/** Types into the field's input (a field that just appeared, the consignee's, renders its input a little later). */
const type = (page: Page, field: string, value: string): Promise<void> => typeInto(page, `field-${field}`, value)

function leave(page: Page, field: string): void {
  const input = getByTestId(page, `field-${field}`).querySelector('input')
  if (!input) throw new Error(`field-${field} has no input`)
  page.fireEvent.blur(input)
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) {
    await type(page, field, value)
    await flush(page)
  }
}

const applyCalls = (world: World): TransportRequest[] => world.requests.filter((request) => request.url.includes(APPLY_PATH))
const inputValue = (page: Page, field: string): string => getByTestId(page, `field-${field}`).querySelector('input')?.value ?? ''
const slotState = (page: Page, subject: string): string | null => getByTestId(page, `photo-slot-${subject}-state`).getAttribute('data-state')

const applied = (certificates = ALL_PHOTOS, orderId = 'order-1'): TransportResponse =>
  envelope({ orderId, stepId: 2, certificatesCommitSate: certificates, depositPayState: 2, missing: [] })

/** One ID card side uploaded through the store (as the photo pages do); the server's mask is `certificates`. */
async function uploadSide(world: World, side: 'front' | 'back', certificates: number): Promise<void> {
  world.env.transport.upload = async () => uploaded(certificates, `f-${side}`)
  await world.services.store.apply.uploadPhoto({ kind: 'idCard', side }, `blob:${side}`)
}

describe('information page', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => jest.restoreAllMocks())

  it('sends the user to the plate page without an order', async () => {
    await expectSentToPlatePage(UpinfoPage, 'upinfo-redirect', 'field-ownerName')
  })

  it('sends the user to the agreements when they have not been accepted', async () => {
    const { redirect } = spyNavigation()
    const world = await openOrderWorld({ agreed: false })
    const page = await mountPage(UpinfoPage, world.services)
    await flush(page)
    expect(textOf(page, 'upinfo-redirect')).toContain('请先阅读并同意协议')
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  it('shows the plate, empty labelled fields, no errors yet and every photo missing', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(UpinfoPage, world.services)
    await flush(page)
    expect(textOf(page, 'upinfo-plate')).toContain('京A12345')
    for (const field of Object.keys(VALID)) {
      expect(inputValue(page, field)).toBe('')
      expect(byTestId(page, `field-${field}-error`)).toBeNull()
    }
    expect(getByTestId(page, 'field-idNumber').querySelector('input')?.getAttribute('aria-label')).toBe('身份证号')
    for (const subject of PHOTO_SUBJECTS) expect(slotState(page, subject)).toBe('missing')
    expect(getByTestId(page, 'photo-slot-idCardFront').getAttribute('aria-label')).toBe('点击上传身份证人像面')
    // The consignee is asked for only when the device is mailed.
    expect(byTestId(page, 'field-address')).toBeNull()
    expect(byTestId(page, 'upinfo-problems')).toBeNull()
  })

  it("keeps what is typed in the application and shows a field's reason once the user leaves it", async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(UpinfoPage, world.services)
    await type(page, 'idNumber', '110105194912310021')
    await flush(page)
    expect(world.services.store.apply.form.values.idNumber).toBe('110105194912310021')
    expect(byTestId(page, 'field-idNumber-error')).toBeNull()
    leave(page, 'idNumber')
    await flush(page)
    expect(textOf(page, 'field-idNumber-error')).toBe(ID_REASON.checksum)
    expect(getByTestId(page, 'field-idNumber-error').getAttribute('role')).toBe('alert')
    await eventually(page, () => getByTestId(page, 'field-idNumber').querySelector('input')?.getAttribute('aria-invalid') === 'true')
    // Corrected: a lower-case x is shown as the X the rule wants, and the reason goes away.
    await type(page, 'idNumber', '11010519491231002x')
    await flush(page)
    expect(inputValue(page, 'idNumber')).toBe('11010519491231002X')
    expect(byTestId(page, 'field-idNumber-error')).toBeNull()
  })

  it('restores every typed field after a reload', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const first = await mountPage(UpinfoPage, world.services)
    await fill(first, VALID)
    first.fireEvent.click(getByTestId(first, 'field-deliveryMethod-3'))
    await flush(first)
    await fill(first, { consigneeName: '李四', address: '科技园南区1栋101' })
    first.unmout()
    // The same device storage, a fresh app.
    const reloaded = testWorld({ navigationHost: createTaroNavigationHost(), raw: world.raw })
    const page = await mountPage(UpinfoPage, reloaded.services)
    await flush(page)
    for (const [field, value] of Object.entries(VALID)) expect(inputValue(page, field)).toBe(value)
    expect(getByTestId(page, 'field-deliveryMethod-3').getAttribute('aria-checked')).toBe('true')
    expect(inputValue(page, 'consigneeName')).toBe('李四')
    expect(inputValue(page, 'address')).toBe('科技园南区1栋101')
    expect(textOf(page, 'upinfo-plate')).toContain('京A12345')
  })

  it('asks for the consignee only for mail delivery', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(UpinfoPage, world.services)
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-3'))
    await flush(page)
    expect(getByTestId(page, 'field-deliveryMethod-3').getAttribute('aria-checked')).toBe('true')
    expect(world.services.store.apply.form.values.deliveryMethod).toBe('3')
    for (const field of ['consigneeName', 'consigneeMobile', 'region', 'address']) expect(byTestId(page, `field-${field}`)).not.toBeNull()
    // The region is picked from the list, not typed.
    expect(getByTestId(page, 'field-region').querySelector('input')).toBeNull()
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-2'))
    await flush(page)
    expect(byTestId(page, 'field-address')).toBeNull()
  })

  it('lists what is wrong and what is missing instead of saving an incomplete form', async () => {
    const { open } = spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(UpinfoPage, world.services)
    await fill(page, { ownerName: VALID.ownerName })
    page.fireEvent.click(getByTestId(page, 'upinfo-next'))
    await flush(page)
    const problems = textOf(page, 'upinfo-problems')
    expect(problems).toContain('请检查：身份证号、手机号、品牌型号、车辆识别代号、发动机号、领取方式')
    expect(problems).toContain('请上传身份证人像面、身份证国徽面、行驶证主页、车头照片')
    expect(getByTestId(page, 'upinfo-problems').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'field-mobile-error')).toBe('请输入手机号')
    expect(byTestId(page, 'field-ownerName-error')).toBeNull()
    expect(textOf(page, 'field-deliveryMethod-error')).toBe('请选择领取方式')
    expect(applyCalls(world)).toHaveLength(0)
    expect(open).not.toHaveBeenCalled()
    // The list follows the corrections.
    await fill(page, { mobile: VALID.mobile })
    expect(textOf(page, 'upinfo-problems')).toContain('请检查：身份证号、品牌型号')
    expect(byTestId(page, 'field-mobile-error')).toBeNull()
  })

  it('names the photos still missing once the form is right, counting an ID card side uploaded here', async () => {
    spyNavigation()
    const world = await openOrderWorld({ certificates: CERTIFICATE.DRIVING_LICENCE })
    await uploadSide(world, 'front', CERTIFICATE.DRIVING_LICENCE)
    const page = await mountPage(UpinfoPage, world.services)
    await fill(page, VALID)
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-2'))
    await flush(page)
    expect(slotState(page, 'idCardFront')).toBe('received')
    expect(slotState(page, 'idCardBack')).toBe('missing')
    expect(slotState(page, 'drivingLicense')).toBe('received')
    page.fireEvent.click(getByTestId(page, 'upinfo-next'))
    await flush(page)
    expect(textOf(page, 'upinfo-problems')).toBe('请上传身份证国徽面、车头照片')
    expect(applyCalls(world)).toHaveLength(0)
  })

  it('shows a side uploaded on the photo pages, and forgets it with the order', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(UpinfoPage, world.services)
    expect(slotState(page, 'idCardBack')).toBe('missing')
    await page.act(() => uploadSide(world, 'back', 0))
    expect(slotState(page, 'idCardBack')).toBe('received')
    world.respondWith(async () => envelope({ orderId: 'order-1', cancelState: CANCEL_STATE.SUCCESS }))
    await page.act(async () => void (await world.services.store.order.cancel('order-1', '不想办了')))
    expect(world.services.store.apply.idCardSides).toEqual([])
  })

  it('opens the photo page for a slot', async () => {
    const { open } = spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(UpinfoPage, world.services)
    page.fireEvent.click(getByTestId(page, 'photo-slot-drivingLicense'))
    await flush(page)
    expect(open).toHaveBeenCalledWith({ url: '/pages/camera/select-image/index?subject=drivingLicense' })
  })

  it('saves once while the button shows it is saving, then opens the packages', async () => {
    const { open } = spyNavigation()
    const world = await openOrderWorld({ certificates: ALL_PHOTOS })
    let answer: (response: TransportResponse) => void = () => undefined
    world.respondWith((request) =>
      request.url.includes(APPLY_PATH) ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(envelope(null)),
    )
    const page = await mountPage(UpinfoPage, world.services)
    await fill(page, VALID)
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-2'))
    page.fireEvent.click(getByTestId(page, 'upinfo-next'))
    page.fireEvent.click(getByTestId(page, 'upinfo-next'))
    await eventually(page, () => applyCalls(world).length > 0)
    // The next page's packages are asked for while the form saves, not after.
    expect(world.requests.filter((request) => request.url.includes('/listCommodity/'))).toHaveLength(1)
    const button = getByTestId(page, 'upinfo-next')
    expect(button.textContent).toContain('正在保存')
    expect(button.getAttribute('aria-busy')).toBe('true')
    // Busy, it shows the app's spinner (NutUI's own is an icon-font <i> the mini-programs cannot draw).
    expect(button.querySelector('.icon--spinner')).not.toBeNull()
    page.fireEvent.click(button)
    answer(applied())
    await eventually(page, () => open.mock.calls.length > 0)
    expect(applyCalls(world)).toHaveLength(1)
    expect(open).toHaveBeenCalledWith({ url: '/pages/apply/select-land/index' })
    expect(byTestId(page, 'upinfo-problems')).toBeNull()
    expect(textOf(page, 'upinfo-next')).toContain('下一步')
  })

  it('keeps everything typed when saving fails, says why once (no toast too), and saves on the retry', async () => {
    const { open } = spyNavigation()
    const world = await openOrderWorld({ certificates: ALL_PHOTOS })
    world.respondWith((request) =>
      request.url.includes(APPLY_PATH) ? Promise.reject(new TransportFailure('network', 'request:fail')) : Promise.resolve(envelope(null)),
    )
    const page = await mountPage(UpinfoPage, world.services)
    await fill(page, VALID)
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-2'))
    page.fireEvent.click(getByTestId(page, 'upinfo-next'))
    await eventually(page, () => byTestId(page, 'upinfo-problems') !== null)
    expect(textOf(page, 'upinfo-problems')).toBe(MESSAGES.network)
    expect(world.ui.toasts).toEqual([])
    expect(open).not.toHaveBeenCalled()
    for (const [field, value] of Object.entries(VALID)) expect(inputValue(page, field)).toBe(value)
    world.respondWith((request) => Promise.resolve(request.url.includes(APPLY_PATH) ? applied() : envelope(null)))
    page.fireEvent.click(getByTestId(page, 'upinfo-next'))
    await eventually(page, () => open.mock.calls.length > 0)
    expect(open).toHaveBeenCalledWith({ url: '/pages/apply/select-land/index' })
  })
  it("opens the consent page once an issuer's agreement was updated, which says why, instead of failing here", async () => {
    const { open } = spyNavigation()
    const world = await openOrderWorld({ certificates: ALL_PHOTOS })
    world.services.store.apply.acceptAgreements([{ issuerId: 3, version: '2026-01' }])
    const outdated: TransportResponse = { statusCode: 200, data: { code: ISSUER_AGREEMENT_OUTDATED.code, msg: ISSUER_AGREEMENT_OUTDATED.message, data: null }, header: {} }
    world.respondWith((request) => Promise.resolve(request.url.includes(APPLY_PATH) ? outdated : envelope(null)))
    const page = await mountPage(UpinfoPage, world.services)
    await fill(page, VALID)
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-2'))
    page.fireEvent.click(getByTestId(page, 'upinfo-next'))
    await eventually(page, () => open.mock.calls.length > 0)
    expect(open).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
    expect(open).not.toHaveBeenCalledWith({ url: '/pages/apply/select-land/index' })
    // Said once, on the consent page: not here, not as a toast.
    expect(byTestId(page, 'upinfo-problems')).toBeNull()
    expect(world.ui.toasts).toEqual([])
    expect(world.services.store.apply.issuerAgreements).toEqual([])
    const agree = await mountPage(AgreePage, world.services)
    await flush(agree)
    expect(textOf(agree, 'agree-notice')).toBe(ISSUER_AGREEMENT_OUTDATED.message)
  })
})

describe('information page: photos uploading behind the form', () => {
  const UPINFO = '/pages/apply/upinfo/index'
  const slot = (page: Page, subject: string): Element => getByTestId(page, `photo-slot-${subject}`).parentElement as Element
  const progressOf = (page: Page, subject: string): Element | null => byTestId(page, `photo-slot-${subject}-progress`)
  const nextButton = (page: Page): Element => getByTestId(page, 'upinfo-next')
  /** Taro's image draws its inner <img> a moment after it is rendered. */
  const showsPreview = (page: Page, subject: string, src: string) =>
    eventually(page, () => getByTestId(page, `photo-slot-${subject}-state`).querySelector('img')?.getAttribute('src') === src)

  beforeEach(() => localStorage.clear())
  afterEach(() => jest.restoreAllMocks())

  /**
   * The form filled in and ready but for the photos, open on the information page; `before` runs
   * as the page is about to open.
   */
  async function readyForm(certificates: number, before: (world: World) => void = () => undefined) {
    const navigation = spyNavigation()
    const world = await openOrderWorld({ certificates })
    const uploads = heldUploads(world)
    world.respondWith((request) => Promise.resolve(request.url.includes(APPLY_PATH) ? applied() : envelope(null)))
    before(world)
    routeTo(UPINFO, {})
    const page = await mountPage(UpinfoPage, world.services)
    await fill(page, VALID)
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-2'))
    await flush(page)
    return { ...navigation, ...uploads, world, page, photos: world.services.store.photoUpload }
  }

  it("is back at the tap on 确认上传, and the slot shows the photo's preview and progress, then received", async () => {
    const { redirect } = spyNavigation()
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([])
    const world = await openOrderWorld()
    const { calls, call } = heldUploads(world)
    routeTo('/pages/camera/confirm-select/index', { subject: 'idCardFront', path: 'blob:front' })
    const confirm = await mountPage(ConfirmSelectPage, world.services)
    confirm.fireEvent.click(getByTestId(confirm, 'confirm-upload'))
    await eventually(confirm, () => redirect.mock.calls.length > 0 && calls.length > 0)
    expect(redirect).toHaveBeenCalledWith({ url: UPINFO })
    confirm.unmout()

    // The form, while the upload runs (it is answered only below).
    routeTo(UPINFO, {})
    const page = await mountPage(UpinfoPage, world.services)
    expect(slotState(page, 'idCardFront')).toBe('uploading')
    await showsPreview(page, 'idCardFront', 'blob:front')
    const progress = progressOf(page, 'idCardFront')
    expect(progress?.getAttribute('role')).toBe('progressbar')
    expect(progress?.getAttribute('aria-label')).toBe('身份证人像面上传中')
    expect(progress?.getAttribute('aria-valuenow')).toBeNull()
    // A photo on its way is not the page loading: the form is shown and usable.
    expect(slot(page, 'idCardFront').querySelector('[role="status"], [aria-busy="true"]')).toBeNull()
    expect(progress?.getAttribute('aria-busy')).toBeNull()
    expect(getByTestId(page, 'photo-slot-idCardFront').getAttribute('aria-label')).toBe('上传中身份证人像面，点击重新选择')
    await type(page, 'ownerName', VALID.ownerName)
    await flush(page)
    expect(world.services.store.apply.form.values.ownerName).toBe(VALID.ownerName)

    await page.act(async () => call(0).request.onProgress?.(62.4))
    expect(progressOf(page, 'idCardFront')?.getAttribute('aria-valuenow')).toBe('62')
    expect(textOf(page, 'photo-slot-idCardFront-progress')).toContain('62%')

    call(0).receive(0)
    await eventually(page, () => slotState(page, 'idCardFront') === 'received')
    expect(progressOf(page, 'idCardFront')).toBeNull()
    expect(getByTestId(page, 'photo-slot-idCardFront').getAttribute('aria-label')).toBe('已上传身份证人像面，点击重新上传')
    // The photo sent stays as the slot's thumbnail, not just the words 已上传.
    expect(slot(page, 'idCardFront').querySelector('.photo-slot__preview')).not.toBeNull()
    expect(world.ui.toasts).toEqual([])
  })

  it('says on the slot why an upload failed, offers 重新上传 with the same file, and a tap still chooses another', async () => {
    const { open } = spyNavigation()
    const world = await openOrderWorld()
    const { calls, call } = heldUploads(world)
    const page = await mountPage(UpinfoPage, world.services)
    await page.act(async () => world.services.store.photoUpload.start('idCardBack', 'blob:back'))
    await eventually(page, () => calls.length > 0)
    call(0).fail(new TransportFailure('network', 'uploadFile:fail'))
    await eventually(page, () => slotState(page, 'idCardBack') === 'failed')
    expect(textOf(page, 'photo-slot-idCardBack-error')).toBe(MESSAGES.network)
    expect(getByTestId(page, 'photo-slot-idCardBack-error').getAttribute('role')).toBe('alert')
    await showsPreview(page, 'idCardBack', 'blob:back')
    expect(progressOf(page, 'idCardBack')).toBeNull()
    // Said once, on the slot.
    expect(world.ui.toasts).toEqual([])
    expect(byTestId(page, 'upinfo-problems')).toBeNull()

    page.fireEvent.click(getByTestId(page, 'photo-slot-idCardBack'))
    await flush(page)
    expect(open).toHaveBeenCalledWith({ url: '/pages/camera/select-image/index?subject=idCardBack' })

    const retry = getByTestId(page, 'photo-slot-idCardBack-retry')
    expect(retry.getAttribute('aria-label')).toBe('重新上传身份证国徽面')
    expect(retry.textContent).toContain('重新上传')
    page.fireEvent.click(retry)
    await eventually(page, () => calls.length === 2)
    expect(call(1).request.filePath).toBe('blob:back')
    expect(call(1).request.formData).toEqual({ orderId: 'order-1', side: 'back' })
    expect(slotState(page, 'idCardBack')).toBe('uploading')
    expect(byTestId(page, 'photo-slot-idCardBack-error')).toBeNull()
    call(1).receive(0)
    await eventually(page, () => slotState(page, 'idCardBack') === 'received')
  })

  it('下一步 waits for a photo still uploading, busy and saying so, then saves once and opens the packages', async () => {
    const { open, page, world, photos, calls, call } = await readyForm(CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE)
    await page.act(async () => photos.start('vehicleFront', 'blob:car'))
    await eventually(page, () => calls.length > 0)
    page.fireEvent.click(nextButton(page))
    page.fireEvent.click(nextButton(page))
    await eventually(page, () => nextButton(page).textContent?.includes('照片上传中…') === true)
    expect(nextButton(page).getAttribute('aria-label')).toBe('照片上传中')
    expect(nextButton(page).getAttribute('aria-busy')).toBe('true')
    // The photo on its way is not missing.
    expect(byTestId(page, 'upinfo-problems')).toBeNull()
    expect(applyCalls(world)).toHaveLength(0)
    expect(open).not.toHaveBeenCalled()
    // What is typed meanwhile is what is saved.
    await type(page, 'engineNo', 'EA211-999')
    await flush(page)
    page.fireEvent.click(nextButton(page))
    call(0).receive(ALL_PHOTOS)
    await eventually(page, () => open.mock.calls.length > 0)
    expect(open).toHaveBeenCalledWith({ url: '/pages/apply/select-land/index' })
    expect(applyCalls(world)).toHaveLength(1)
    expect(world.services.store.apply.form.values.engineNo).toBe('EA211-999')
    expect(slotState(page, 'vehicleFront')).toBe('received')
  })

  it('下一步 waits for the photos of its own order only, not for one still going out for an order let go of', async () => {
    const sent = CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE
    const { open, page, world, photos, calls, call } = await readyForm(sent, ({ services, respondWith }) => {
      // The licence of order-1 is on its way (answered only by its timeout) when the person goes
      // on with order-2, which has every photo but the car's.
      services.store.photoUpload.start('drivingLicense', 'blob:old-licence')
      services.store.apply.resumeOrder(
        detail({ orderId: 'order-2', plateNumber: '京A12345', certificatesCommitSate: sent, commodityId: null, depositPayState: null }),
      )
      services.store.apply.acceptAgreements()
      respondWith((request) => Promise.resolve(request.url.includes(APPLY_PATH) ? applied(ALL_PHOTOS, 'order-2') : envelope(null)))
    })
    await page.act(async () => photos.start('vehicleFront', 'blob:car'))
    await eventually(page, () => calls.length === 2)
    expect(calls.map(({ request }) => request.formData?.orderId)).toEqual(['order-1', 'order-2'])
    page.fireEvent.click(nextButton(page))
    await eventually(page, () => nextButton(page).getAttribute('aria-busy') === 'true')
    call(1).receive(ALL_PHOTOS)
    await eventually(page, () => open.mock.calls.length > 0)
    expect(open).toHaveBeenCalledWith({ url: '/pages/apply/select-land/index' })
    expect(applyCalls(world)).toHaveLength(1)
    expect(world.services.store.apply.orderId).toBe('order-2')
  })

  it('下一步 stops at a photo whose upload failed, naming it as missing, and goes on once it is sent again', async () => {
    const { open, page, world, photos, calls, call } = await readyForm(CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE)
    await page.act(async () => photos.start('vehicleFront', 'blob:car'))
    await eventually(page, () => calls.length > 0)
    page.fireEvent.click(nextButton(page))
    await eventually(page, () => nextButton(page).getAttribute('aria-busy') === 'true')
    call(0).fail(new TransportFailure('timeout', 'uploadFile:fail timeout'))
    await eventually(page, () => byTestId(page, 'upinfo-problems') !== null)
    expect(textOf(page, 'upinfo-problems')).toBe('请上传车头照片')
    expect(slotState(page, 'vehicleFront')).toBe('failed')
    expect(getByTestId(page, 'photo-slot-vehicleFront-error').getAttribute('role')).toBe('alert')
    expect(applyCalls(world)).toHaveLength(0)
    expect(open).not.toHaveBeenCalled()
    expect(textOf(page, 'upinfo-next')).toContain('下一步')
    for (const [field, value] of Object.entries(VALID)) expect(inputValue(page, field)).toBe(value)

    page.fireEvent.click(getByTestId(page, 'photo-slot-vehicleFront-retry'))
    await eventually(page, () => calls.length === 2)
    expect(byTestId(page, 'upinfo-problems')).toBeNull()
    call(1).receive(ALL_PHOTOS)
    await eventually(page, () => slotState(page, 'vehicleFront') === 'received')
    page.fireEvent.click(nextButton(page))
    await eventually(page, () => open.mock.calls.length > 0)
    expect(applyCalls(world)).toHaveLength(1)
  })

  it('keeps an upload going when the form is left, and after a reload shows no upload that was running', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const { calls, call } = heldUploads(world)
    const first = await mountPage(UpinfoPage, world.services)
    await first.act(async () => {
      world.services.store.photoUpload.start('drivingLicense', 'blob:licence')
      world.services.store.photoUpload.start('vehicleFront', 'blob:car')
    })
    await eventually(first, () => calls.length === 2)
    // Back to the agreements: the form's page goes, the uploads do not.
    first.unmout()
    call(0).receive(CERTIFICATE.DRIVING_LICENCE)
    const back = await mountPage(UpinfoPage, world.services)
    await eventually(back, () => slotState(back, 'drivingLicense') === 'received')
    expect(slotState(back, 'vehicleFront')).toBe('uploading')
    back.unmout()

    // The same device storage, a fresh app: the car's upload was lost with the page.
    const reloaded = testWorld({ navigationHost: createTaroNavigationHost(), raw: world.raw })
    const page = await mountPage(UpinfoPage, reloaded.services)
    await flush(page)
    expect(slotState(page, 'drivingLicense')).toBe('received')
    expect(slotState(page, 'vehicleFront')).toBe('missing')
    expect(progressOf(page, 'vehicleFront')).toBeNull()
  })
})

describe('information page: photos that fill the form', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => jest.restoreAllMocks())

  const READ_FRONT = { document: 'idCardFront', outcome: 'read', text: { name: '张三', idNumber: '11010519491231002X', address: '北京市朝阳区建国路88号' } }

  /** The form of an open order whose ID card's portrait side reads as `reading`. */
  async function readFront(reading: object, typed: Record<string, string> = {}) {
    spyNavigation()
    const world = await openOrderWorld()
    world.respondWith(async (request) => envelope(request.url.includes(API.recognizePhoto.path) ? reading : null))
    const page = await mountPage(UpinfoPage, world.services)
    await flush(page)
    await fill(page, typed)
    await uploadSide(world, 'front', 0)
    await flush(page)
    return { world, page }
  }

  it('shows the photos first, fills the empty fields from the photo, each marked, and says what it read', async () => {
    const { world, page } = await readFront(READ_FRONT)
    expect(getBySelector(page, '.upinfo__section-title').textContent).toBe('证件照片')
    await eventually(page, () => inputValue(page, 'ownerName') === '张三')
    expect(inputValue(page, 'idNumber')).toBe('11010519491231002X')
    expect(textOf(page, 'field-ownerName-note')).toBe('已从照片识别，请核对')
    expect(textOf(page, 'field-idNumber-note')).toBe('已从照片识别，请核对')
    expect(byTestId(page, 'field-mobile-note')).toBeNull()
    expect(textOf(page, 'photo-reading-idCardFront')).toBe('已从身份证人像面识别2项信息，请核对')
    expect(getByTestId(page, 'photo-readings').getAttribute('role')).toBe('status')
    const readings = world.requests.filter((request) => request.url.includes(API.recognizePhoto.path))
    expect(readings.map((request) => JSON.parse(request.body ?? '{}') as unknown)).toEqual([{ orderId: 'order-1', fileId: 'f-front' }])

    // Typed over: the mark goes, and what the photo said stays on offer.
    await type(page, 'ownerName', '张三丰')
    await flush(page)
    expect(textOf(page, 'field-ownerName-note')).toBe('照片识别为：张三')
  })

  it("keeps a typed name and offers the photo's with a labelled button", async () => {
    const { page } = await readFront(READ_FRONT, { ownerName: '张叁' })
    await eventually(page, () => byTestId(page, 'field-ownerName-note')?.textContent === '照片识别为：张三')
    expect(inputValue(page, 'ownerName')).toBe('张叁')
    const use = getByTestId(page, 'field-ownerName-use-reading')
    expect([use.getAttribute('role'), use.getAttribute('aria-label')]).toEqual(['button', '车主姓名使用照片识别结果'])
    page.fireEvent.click(use)
    await flush(page)
    expect(inputValue(page, 'ownerName')).toBe('张三')
    expect(textOf(page, 'field-ownerName-note')).toBe('已从照片识别，请核对')
  })

  it('says in one line when the photo was not read, and leaves the fields as they were', async () => {
    const { page } = await readFront({ document: 'idCardFront', outcome: 'unread', reason: 'wrongDocument' })
    await eventually(page, () => byTestId(page, 'photo-reading-idCardFront')?.textContent === '这张照片不像身份证人像面，未能识别，请手动填写或重新上传')
    expect(inputValue(page, 'ownerName')).toBe('')
    expect(byTestId(page, 'field-ownerName-note')).toBeNull()
    expect(byTestId(page, 'field-idNumber-note')).toBeNull()
  })
})
