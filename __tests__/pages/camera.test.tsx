import Taro from '@tarojs/taro'
import ConfirmSelectPage from '../../src/pages/camera/confirm-select/index'
import SelectImagePage from '../../src/pages/camera/select-image/index'
import { PHOTO_CONSENT } from '../../src/features/photo/select-image/photo-consent'
import { CERTIFICATE } from '../../src/domain/certificates'
import { PHOTO_HINTS, PHOTO_INFO, PHOTO_LONGEST_SIDE_PX, PHOTO_REASON, tooLargeReason } from '../../src/domain/photo'
import { h5ImageAdapter } from '../../src/platform/image-adapter-h5'
import { IMAGE_PICKER_MESSAGE } from '../../src/platform/image-picker'
import { imageRecords } from '../../src/platform/image-records'
import { MESSAGES } from '../../src/services/request/errors'
import { TransportFailure } from '../../src/services/request/transport'
import type { UploadRequest } from '../../src/services/request/transport'
import { MAX_UPLOAD_BYTES } from '../../types/api/apply'
import { byTestId, eventually, flush, getBySelector, getByTestId, getByText, mountPage, textOf } from '../support/page-test'
import { openOrderWorld } from '../support/journey-fixtures'

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

const uploaded = (certificates: number) => ({
  statusCode: 200,
  data: JSON.stringify({ code: 200, msg: 'ok', data: { fileId: 'F1', url: '/image/F1', certificatesCommitSate: certificates } }),
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

  it('uploads once with a progress bar, records the ID card side and returns to the form', async () => {
    const { back, toast } = spyNavigation()
    const world = await openOrderWorld()
    let finish: () => void = () => undefined
    const upload = jest.fn<Promise<{ statusCode: number; data: string }>, [UploadRequest]>(
      () => new Promise((resolve) => (finish = () => resolve(uploaded(0)))),
    )
    world.env.transport.upload = upload
    openWith({ subject: 'idCardBack', path: encodeURIComponent(COMPRESSED) })
    const page = await mountPage(ConfirmSelectPage, world.services)
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await eventually(page, () => upload.mock.calls.length > 0)
    expect(getByTestId(page, 'upload-progress').getAttribute('role')).toBe('progressbar')
    expect(getByTestId(page, 'upload-progress').getAttribute('aria-valuenow')).toBeNull()
    expect(isDisabled(page, 'confirm-upload')).toBe(true)
    expect(isDisabled(page, 'confirm-retake')).toBe(true)
    const [request] = upload.mock.calls[0] ?? []
    // The bytes going out, as the host reports them.
    await page.act(async () => request?.onProgress?.(62.4))
    expect(getByTestId(page, 'upload-progress').getAttribute('aria-valuenow')).toBe('62')
    expect(textOf(page, 'upload-progress')).toContain('62%')
    expect(request?.url).toContain('/h5/uploadIdcard')
    expect(request?.filePath).toBe(COMPRESSED)
    expect(request?.formData).toEqual({ orderId: 'order-1', side: 'back' })
    finish()
    await eventually(page, () => back.mock.calls.length > 0)
    expect(upload).toHaveBeenCalledTimes(1)
    expect(textOf(page, 'confirm-done')).toBe('上传成功')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '上传成功' }))
    expect(world.services.store.apply.idCardSides).toEqual(['back'])
  })

  it("takes the order's certificates from the server and returns to the form when opened directly", async () => {
    const { back, redirect } = spyNavigation(1)
    const world = await openOrderWorld()
    world.env.transport.upload = async () => uploaded(CERTIFICATE.DRIVING_LICENCE)
    openWith({ subject: 'drivingLicense', path: COMPRESSED })
    const page = await mountPage(ConfirmSelectPage, world.services)
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await eventually(page, () => redirect.mock.calls.length > 0)
    expect(world.services.store.apply.certificates).toBe(CERTIFICATE.DRIVING_LICENCE)
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index' })
    expect(back).not.toHaveBeenCalled()
    expect(world.services.store.apply.idCardSides).toEqual([])
  })

  it('shows why an upload failed, once (no toast too), and uploads again on 重新上传', async () => {
    const { back, toast } = spyNavigation()
    const world = await openOrderWorld()
    world.env.transport.upload = () => Promise.reject(new TransportFailure('network', 'uploadFile:fail'))
    openWith({ subject: 'vehicleFront', path: COMPRESSED })
    const page = await mountPage(ConfirmSelectPage, world.services)
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await eventually(page, () => byTestId(page, 'confirm-error') !== null)
    expect(textOf(page, 'confirm-error')).toBe(MESSAGES.network)
    expect(getByTestId(page, 'confirm-error').getAttribute('role')).toBe('alert')
    expect(world.ui.toasts).toEqual([])
    expect(toast).not.toHaveBeenCalled()
    expect(textOf(page, 'confirm-upload')).toContain('重新上传')
    expect(back).not.toHaveBeenCalled()
    world.env.transport.upload = async () => uploaded(CERTIFICATE.VEHICLE_FRONT)
    page.fireEvent.click(getByTestId(page, 'confirm-upload'))
    await eventually(page, () => back.mock.calls.length > 0)
    expect(world.services.store.apply.certificates).toBe(CERTIFICATE.VEHICLE_FRONT)
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
