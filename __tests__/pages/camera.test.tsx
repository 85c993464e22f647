import Taro from '@tarojs/taro'
import ConfirmSelectPage from '../../src/pages/camera/confirm-select/index'
import SelectImagePage from '../../src/pages/camera/select-image/index'
import { PHOTO_CONSENT } from '../../src/features/photo/select-image/photo-consent'
import { CERTIFICATE } from '../../src/domain/certificates'
import { PHOTO_HINTS, PHOTO_INFO, PHOTO_LONGEST_SIDE_PX, PHOTO_REASON, tooLargeReason } from '../../src/domain/photo'
import { h5ImageAdapter } from '../../src/platform/image-adapter-h5'
import { IMAGE_PICKER_MESSAGE } from '../../src/config/image-picker-copy'
import { imageRecords } from '../../src/platform/image-records'
import { MESSAGES } from '../../src/services/request/errors'
import { TransportFailure } from '../../src/services/request/transport'
import { MAX_UPLOAD_BYTES } from '../../types/api/apply'
import { byTestId, eventually, flush, getBySelector, getByTestId, getByText, mountPage, textOf } from '../support/page-test'
import { openOrderWorld } from '../support/journey-fixtures'
import { heldUploads, uploaded } from '../support/upload-fakes'

type Page = Awaited<ReturnType<typeof mountPage>>

const COMPRESSED = 'blob:https://app.test/compressed'
const ORIGINAL = 'blob:https://app.test/original'

/** The page opened with `params` (what the router hands the page). */
function openWith(params: Record<string, string>): void {
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({
    router: { params, path: '/pages/camera/index', onReady: '', onHide: '', onShow: '' },
  } as ReturnType<typeof Taro.getCurrentInstance>)
}

function spyNavigation(stackDepth = 2) {
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(new Array(stackDepth).fill({}))
  return {
    redirect: jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' }),
    back: jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' }),
    toast: jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' }),
  }
}

const answerConsent = (confirm: boolean) =>
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm, cancel: !confirm, errMsg: 'showModal:ok' })

/** The picker hands over one photo; the device's image work (canvas in the browser) is faked. */
function pickPhoto({ mime = 'image/jpeg', compressedSize = 300_000 } = {}) {
  const choose = jest.spyOn(Taro, 'chooseImage').mockResolvedValue({
    errMsg: 'chooseImage:ok',
    tempFilePaths: [ORIGINAL],
    tempFiles: [{ path: ORIGINAL, size: 4_000_000, type: mime }],
  })
  const inspect = jest.spyOn(h5ImageAdapter, 'inspect').mockResolvedValue({ width: 4000, height: 3000 })
  const compress = jest.spyOn(h5ImageAdapter, 'compress').mockResolvedValue({ path: COMPRESSED, size: compressedSize })
  return { choose, inspect, compress }
}

const isDisabled = (page: Page, id: string): boolean => getByTestId(page, id).className.includes('nut-button-disabled')

/** The confirm page after 确认上传 says nothing of the upload (no status, no alert, no 上传成功): the form's slot does. */
function saysNothingOfTheUpload(page: Page): void {
  expect(page.queries.querySelectorAll('[role="status"], [role="alert"], [role="progressbar"]')).toHaveLength(0)
  expect(document.body.textContent).not.toContain('上传成功')
  expect(textOf(page, 'confirm-upload')).toBe('确认上传')
}

describe('select image page', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => jest.restoreAllMocks())

  it('says so when it does not know which photo is wanted, and goes back', async () => {
    const { back } = spyNavigation()
    openWith({ subject: 'passport' })
    const page = await mountPage(SelectImagePage)
    expect(textOf(page, 'select-invalid')).toContain('无法识别要上传的照片')
    expect(byTestId(page, 'select-album')).toBeNull()
    page.fireEvent.click(getBySelector(page, '[role="button"][aria-label="返回"]'))
    await flush(page)
    expect(back).toHaveBeenCalledTimes(1)
  })

  it('explains the photo with a guide frame and the hints', async () => {
    openWith({ subject: 'idCardBack' })
    const page = await mountPage(SelectImagePage)
    expect(getByTestId(page, 'photo-guide-frame').textContent).toBe(PHOTO_INFO.idCardBack.title)
    expect(textOf(page, 'photo-guide-text')).toBe(PHOTO_INFO.idCardBack.guide)
    for (const hint of PHOTO_HINTS) expect(textOf(page, 'photo-guide-hints')).toContain(hint)
    expect(getByTestId(page, 'select-camera').getAttribute('aria-label')).toBe('拍照')
    expect(getByTestId(page, 'select-album').getAttribute('aria-label')).toBe('从相册选择')
  })

  it('asks for camera and album consent with its purpose first, and opens nothing when declined', async () => {
    spyNavigation()
    const modal = answerConsent(false)
    const { choose } = pickPhoto()
    openWith({ subject: 'drivingLicense' })
    const page = await mountPage(SelectImagePage)
    page.fireEvent.click(getByTestId(page, 'select-camera'))
    await flush(page)
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ title: PHOTO_CONSENT.title, content: PHOTO_CONSENT.content }))
    expect(choose).not.toHaveBeenCalled()
    expect(textOf(page, 'select-declined')).toContain('需要您同意使用相机和相册')
    expect(imageRecords.consentedAt()).toBeUndefined()
  })

  it('says the question could not open (offline), not that the person refused, when the consent dialog fails', async () => {
    spyNavigation()
    jest.spyOn(Taro, 'showModal').mockRejectedValue(new Error('showModal:fail'))
    const { choose } = pickPhoto()
    openWith({ subject: 'drivingLicense' })
    const page = await mountPage(SelectImagePage)
    page.fireEvent.click(getByTestId(page, 'select-album'))
    await flush(page)
    expect(choose).not.toHaveBeenCalled()
    expect(byTestId(page, 'select-declined')).toBeNull()
    expect(textOf(page, 'select-unasked')).toContain('暂时无法打开授权提示')
    expect(imageRecords.consentedAt()).toBeUndefined()
  })

  it('compresses the chosen photo and hands it to the confirmation page, asking for consent only once', async () => {
    const { redirect } = spyNavigation()
    const modal = answerConsent(true)
    const { choose, compress } = pickPhoto()
    openWith({ subject: 'vehicleFront' })
    const page = await mountPage(SelectImagePage)
    page.fireEvent.click(getByTestId(page, 'select-album'))
    await eventually(page, () => redirect.mock.calls.length > 0)
    expect(choose).toHaveBeenCalledWith(expect.objectContaining({ count: 1, sourceType: ['album'] }))
    expect(compress).toHaveBeenCalledWith(ORIGINAL, { width: PHOTO_LONGEST_SIDE_PX, height: 1200 }, expect.any(Number))
    expect(redirect).toHaveBeenCalledWith({
      url: `/pages/camera/confirm-select/index?subject=vehicleFront&path=${encodeURIComponent(COMPRESSED)}`,
    })
    expect(imageRecords.consentedAt()).toBeDefined()
    page.fireEvent.click(getByTestId(page, 'select-camera'))
    await eventually(page, () => choose.mock.calls.length === 2)
    expect(choose).toHaveBeenLastCalledWith(expect.objectContaining({ sourceType: ['camera'] }))
    expect(modal).toHaveBeenCalledTimes(1)
  })

  it('refuses a photo that is not JPEG or PNG before compressing it', async () => {
    const { redirect } = spyNavigation()
    imageRecords.rememberConsent(1)
    const { compress } = pickPhoto({ mime: 'image/gif' })
    openWith({ subject: 'idCardFront' })
    const page = await mountPage(SelectImagePage)
    page.fireEvent.click(getByTestId(page, 'select-album'))
    await eventually(page, () => byTestId(page, 'select-error') !== null)
    expect(textOf(page, 'select-error')).toBe(PHOTO_REASON.type)
    expect(getByTestId(page, 'select-error').getAttribute('role')).toBe('alert')
    expect(compress).not.toHaveBeenCalled()
    expect(redirect).not.toHaveBeenCalled()
  })

  it('refuses a photo still too large after compression', async () => {
    const { redirect } = spyNavigation()
    imageRecords.rememberConsent(1)
    pickPhoto({ compressedSize: MAX_UPLOAD_BYTES + 1 })
    openWith({ subject: 'idCardFront' })
    const page = await mountPage(SelectImagePage)
    page.fireEvent.click(getByTestId(page, 'select-album'))
    await eventually(page, () => byTestId(page, 'select-error') !== null)
    expect(textOf(page, 'select-error')).toBe(tooLargeReason(MAX_UPLOAD_BYTES))
    expect(redirect).not.toHaveBeenCalled()
  })

  it('shows that the photo is being processed, with the buttons disabled', async () => {
    spyNavigation()
    imageRecords.rememberConsent(1)
    const { compress } = pickPhoto()
    compress.mockReturnValue(new Promise(() => undefined))
    openWith({ subject: 'idCardFront' })
    const page = await mountPage(SelectImagePage)
    page.fireEvent.click(getByTestId(page, 'select-album'))
    await eventually(page, () => byTestId(page, 'select-processing') !== null)
    expect(textOf(page, 'select-processing')).toBe('正在处理图片…')
    expect(isDisabled(page, 'select-album')).toBe(true)
    expect(isDisabled(page, 'select-camera')).toBe(true)
  })

  it('explains a refused camera permission, and says nothing when the user cancels', async () => {
    const { redirect } = spyNavigation()
    imageRecords.rememberConsent(1)
    const choose = jest.spyOn(Taro, 'chooseImage').mockRejectedValueOnce({ errMsg: 'chooseImage:fail auth deny' })
    openWith({ subject: 'idCardFront' })
    const page = await mountPage(SelectImagePage)
    page.fireEvent.click(getByTestId(page, 'select-camera'))
    await eventually(page, () => byTestId(page, 'select-error') !== null)
    expect(textOf(page, 'select-error')).toBe(IMAGE_PICKER_MESSAGE.denied)
    choose.mockRejectedValueOnce({ errMsg: 'chooseImage:fail cancel' })
    page.fireEvent.click(getByTestId(page, 'select-camera'))
    await eventually(page, () => choose.mock.calls.length === 2)
    await flush(page)
    expect(byTestId(page, 'select-error')).toBeNull()
    expect(redirect).not.toHaveBeenCalled()
  })
})

describe('confirm image page', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => jest.restoreAllMocks())

  it('offers to choose again when there is no photo to confirm', async () => {
    const { redirect } = spyNavigation()
    openWith({ subject: 'idCardFront' })
    const page = await mountPage(ConfirmSelectPage)
    expect(textOf(page, 'confirm-invalid')).toContain('没有要上传的图片')
    page.fireEvent.click(getBySelector(page, '[role="button"][aria-label="重新选择"]'))
    await flush(page)
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/camera/select-image/index?subject=idCardFront' })
  })

  it('previews the photo and lets the user choose again', async () => {
    const { redirect } = spyNavigation()
    openWith({ subject: 'idCardFront', path: encodeURIComponent(COMPRESSED) })
    const page = await mountPage(ConfirmSelectPage, (await openOrderWorld()).services)
    expect(getByTestId(page, 'confirm-preview').querySelector('img')?.getAttribute('src')).toBe(COMPRESSED)
    expect(getByText(page, `请确认${PHOTO_INFO.idCardFront.title}清晰完整`)).toBeTruthy()
    page.fireEvent.click(getByTestId(page, 'confirm-retake'))
    await flush(page)
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/camera/select-image/index?subject=idCardFront' })
  })

  it('starts the upload and goes back to the form at the tap, without waiting for it or saying 上传成功', async () => {
    const { back, toast } = spyNavigation()
    const world = await openOrderWorld()
    const { upload, call } = heldUploads(world)
    openWith({ subject: 'idCardBack', path: encodeURIComponent(COMPRESSED) })
    const page = await mountPage(ConfirmSelectPage, world.services)
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    // Back to the form while the upload is still on its way (it is never answered until below).
    await eventually(page, () => back.mock.calls.length > 0 && upload.mock.calls.length > 0)
    expect(back).toHaveBeenCalledTimes(1)
    expect(isDisabled(page, 'confirm-upload')).toBe(true)
    expect(isDisabled(page, 'confirm-retake')).toBe(true)
    const photos = world.services.store.photoUpload
    expect(photos.stateOf('idCardBack')).toEqual({ kind: 'uploading', path: COMPRESSED, percent: undefined })
    const { request } = call(0)
    expect(request.url).toContain('/h5/uploadIdcard')
    expect(request.filePath).toBe(COMPRESSED)
    expect(request.formData).toEqual({ orderId: 'order-1', side: 'back' })
    // The bytes going out, as the host reports them: the form's slot shows them (upinfo.test.tsx).
    await page.act(async () => request.onProgress?.(62.4))
    expect(photos.stateOf('idCardBack')).toMatchObject({ kind: 'uploading', percent: 62.4 })
    call(0).receive(0)
    await eventually(page, () => photos.stateOf('idCardBack').kind === 'received')
    expect(upload).toHaveBeenCalledTimes(1)
    expect(world.services.store.apply.idCardSides).toEqual(['back'])
    // The slot says it is received: no toast, no line on a page that has gone, which shows the
    // photo with its buttons disabled until it is.
    expect(toast).not.toHaveBeenCalled()
    saysNothingOfTheUpload(page)
    expect(byTestId(page, 'confirm-preview')).not.toBeNull()
    expect(isDisabled(page, 'confirm-upload')).toBe(true)
  })

  it("goes to the form at the tap when opened directly, and the order's certificates come from the server's answer", async () => {
    const { back, redirect } = spyNavigation(1)
    const world = await openOrderWorld()
    const { calls, call } = heldUploads(world)
    openWith({ subject: 'drivingLicense', path: COMPRESSED })
    const page = await mountPage(ConfirmSelectPage, world.services)
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await eventually(page, () => redirect.mock.calls.length > 0 && calls.length > 0)
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index' })
    expect(back).not.toHaveBeenCalled()
    expect(world.services.store.apply.certificates).toBe(0)
    call(0).receive(CERTIFICATE.DRIVING_LICENCE)
    await page.act(() => world.services.store.photoUpload.settled())
    expect(world.services.store.apply.certificates).toBe(CERTIFICATE.DRIVING_LICENCE)
    expect(world.services.store.apply.idCardSides).toEqual([])
  })

  it('goes back even when the upload will fail: the failure is kept for the slot to say, once (no toast)', async () => {
    const { back, toast } = spyNavigation()
    const world = await openOrderWorld()
    world.env.transport.upload = () => Promise.reject(new TransportFailure('network', 'uploadFile:fail'))
    openWith({ subject: 'vehicleFront', path: COMPRESSED })
    const page = await mountPage(ConfirmSelectPage, world.services)
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await eventually(page, () => back.mock.calls.length > 0)
    await page.act(() => world.services.store.photoUpload.settled())
    expect(world.services.store.photoUpload.stateOf('vehicleFront')).toEqual({ kind: 'failed', path: COMPRESSED, message: MESSAGES.network })
    // Said on the form's slot with its 重新上传 (upinfo.test.tsx), not here: no message, no retry.
    saysNothingOfTheUpload(page)
    expect(document.body.textContent).not.toContain(MESSAGES.network)
    expect(isDisabled(page, 'confirm-upload')).toBe(true)
    expect(world.ui.toasts).toEqual([])
    expect(toast).not.toHaveBeenCalled()
    expect(back).toHaveBeenCalledTimes(1)
  })

  it('works again when the way back is refused (another navigation under way), the upload going on meanwhile', async () => {
    const { back } = spyNavigation()
    const world = await openOrderWorld()
    const { calls } = heldUploads(world)
    openWith({ subject: 'vehicleFront', path: COMPRESSED })
    const page = await mountPage(ConfirmSelectPage, world.services)
    // Another navigation still runs: the navigator refuses a second one ("jumping").
    let arrive: () => void = () => undefined
    jest.spyOn(Taro, 'navigateTo').mockReturnValue(new Promise((resolve) => (arrive = () => resolve({ errMsg: 'navigateTo:ok' }))))
    const other = world.services.navigator.open('upinfo')
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await eventually(page, () => calls.length > 0 && !isDisabled(page, 'confirm-upload'))
    expect(isDisabled(page, 'confirm-retake')).toBe(false)
    expect(back).not.toHaveBeenCalled()
    expect(world.services.store.photoUpload.stateOf('vehicleFront')).toMatchObject({ kind: 'uploading', path: COMPRESSED })

    arrive()
    await page.act(async () => void (await other))
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await eventually(page, () => back.mock.calls.length > 0)
    expect(isDisabled(page, 'confirm-upload')).toBe(true)
    // The same photo: the upload under way is shared, not sent twice.
    expect(calls).toHaveLength(1)
  })

  it('says the photo is gone when its preview cannot be shown (the page was reloaded)', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const upload = jest.fn(async () => uploaded(0))
    world.env.transport.upload = upload
    openWith({ subject: 'vehicleFront', path: COMPRESSED })
    const page = await mountPage(ConfirmSelectPage, world.services)
    const image = getByTestId(page, 'confirm-preview').querySelector('img')
    if (!image) throw new Error('no preview image')
    page.fireEvent.error(image)
    await flush(page)
    expect(textOf(page, 'confirm-expired')).toBe('图片已失效，请重新选择')
    expect(isDisabled(page, 'confirm-upload')).toBe(true)
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await flush(page)
    expect(upload).not.toHaveBeenCalled()
  })
})
