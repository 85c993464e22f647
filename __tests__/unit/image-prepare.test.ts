/** The device-side photo rules around a fake image adapter: type first, then compression, then size. */
import { PHOTO_JPEG_QUALITY, PHOTO_LONGEST_SIDE_PX, PHOTO_REASON, tooLargeReason } from '../../src/domain/photo'
import { createImagePreparer } from '../../src/platform/image-prepare'
import type { ImageAdapter, ImageFacts } from '../../src/platform/image-prepare'

// The mini-program adapter imports Taro; these tests use a fake adapter.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }))

const LIMIT = 1000

function fakeAdapter(facts: ImageFacts | Error = { width: 4000, height: 3000 }, compressedSize: number | Error = 500) {
  const adapter = {
    inspect: jest.fn<ReturnType<ImageAdapter['inspect']>, Parameters<ImageAdapter['inspect']>>(async () => {
      if (facts instanceof Error) throw facts
      return facts
    }),
    compress: jest.fn<ReturnType<ImageAdapter['compress']>, Parameters<ImageAdapter['compress']>>(async () => {
      if (compressedSize instanceof Error) throw compressedSize
      return { path: 'blob:compressed', size: compressedSize }
    }),
  }
  return adapter
}

describe('preparing a photo for upload', () => {
  it('compresses a large JPEG to the target size and quality', async () => {
    const adapter = fakeAdapter()
    const prepared = await createImagePreparer(adapter, LIMIT)({ path: 'blob:original', size: 4_000_000, mime: 'image/jpeg' })
    expect(adapter.inspect).toHaveBeenCalledWith('blob:original')
    expect(adapter.compress).toHaveBeenCalledWith('blob:original', { width: PHOTO_LONGEST_SIDE_PX, height: 1200 }, PHOTO_JPEG_QUALITY)
    expect(prepared).toEqual({ ok: true, path: 'blob:compressed', size: 500, width: PHOTO_LONGEST_SIDE_PX, height: 1200 })
  })

  it('refuses a declared type other than JPEG or PNG before opening the image', async () => {
    const adapter = fakeAdapter()
    const prepared = await createImagePreparer(adapter, LIMIT)({ path: 'blob:x', size: 10, mime: 'image/gif' })
    expect(prepared).toEqual({ ok: false, reason: PHOTO_REASON.type })
    expect(adapter.inspect).not.toHaveBeenCalled()
    expect(adapter.compress).not.toHaveBeenCalled()
  })

  it('refuses an empty file before opening it', async () => {
    const adapter = fakeAdapter()
    expect(await createImagePreparer(adapter, LIMIT)({ path: 'a.png', size: 0 })).toEqual({ ok: false, reason: PHOTO_REASON.empty })
    expect(adapter.inspect).not.toHaveBeenCalled()
  })

  it("asks the host for the type when neither MIME type nor name tells it", async () => {
    const png = fakeAdapter({ width: 100, height: 50, infoType: 'png' })
    expect(await createImagePreparer(png, LIMIT)({ path: 'wxfile://tmp_1' })).toMatchObject({ ok: true, width: 100, height: 50 })
    const gif = fakeAdapter({ width: 100, height: 50, infoType: 'gif' })
    expect(await createImagePreparer(gif, LIMIT)({ path: 'wxfile://tmp_2' })).toEqual({ ok: false, reason: PHOTO_REASON.type })
    expect(gif.compress).not.toHaveBeenCalled()
  })

  it('says the image is unreadable when it cannot be opened, has no size or cannot be compressed', async () => {
    const jpeg = { path: 'a.jpg', size: 10 }
    expect(await createImagePreparer(fakeAdapter(new Error('decode')), LIMIT)(jpeg)).toEqual({ ok: false, reason: PHOTO_REASON.unreadable })
    expect(await createImagePreparer(fakeAdapter({ width: 0, height: 0 }), LIMIT)(jpeg)).toEqual({ ok: false, reason: PHOTO_REASON.unreadable })
    expect(await createImagePreparer(fakeAdapter(undefined, new Error('canvas')), LIMIT)(jpeg)).toEqual({ ok: false, reason: PHOTO_REASON.unreadable })
  })

  it('checks the size after compression against the upload limit', async () => {
    const chosen = { path: 'a.jpg', size: 50_000 }
    expect(await createImagePreparer(fakeAdapter(undefined, LIMIT + 1), LIMIT)(chosen)).toEqual({ ok: false, reason: tooLargeReason(LIMIT) })
    expect(await createImagePreparer(fakeAdapter(undefined, LIMIT), LIMIT)(chosen)).toMatchObject({ ok: true, size: LIMIT })
    expect(await createImagePreparer(fakeAdapter(undefined, 0), LIMIT)(chosen)).toEqual({ ok: false, reason: PHOTO_REASON.empty })
  })
})
