/** The mini-programs' image adapter over Taro (mocked). */
import Taro from '@tarojs/taro'
import { ALIPAY_COMPRESS_LEVEL, alipayCompressLevel, alipayImageAdapter, miniImageAdapter } from '../../src/platform/image-adapter-mini'

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: { getImageInfo: jest.fn(), compressImage: jest.fn(), getFileInfo: jest.fn() },
}))

const taro = jest.mocked(Taro)

describe('mini-program image adapter', () => {
  it('reports the dimensions as displayed, swapping them for a photo taken sideways', async () => {
    taro.getImageInfo.mockResolvedValueOnce({ width: 4000, height: 3000, orientation: 'up', type: 'jpeg', path: 'p', errMsg: 'ok' })
    await expect(miniImageAdapter.inspect('p')).resolves.toEqual({ width: 4000, height: 3000, infoType: 'jpeg' })
    taro.getImageInfo.mockResolvedValueOnce({ width: 4000, height: 3000, orientation: 'right', type: 'jpeg', path: 'p', errMsg: 'ok' })
    await expect(miniImageAdapter.inspect('p')).resolves.toEqual({ width: 3000, height: 4000, infoType: 'jpeg' })
  })

  it('compresses to the given size and quality and reads the size of the result', async () => {
    taro.compressImage.mockResolvedValueOnce({ tempFilePath: 'wxfile://small.jpg', errMsg: 'ok' })
    taro.getFileInfo.mockResolvedValueOnce({ size: 321_000, digest: '', errMsg: 'ok' })
    await expect(miniImageAdapter.compress('p', { width: 1600, height: 1200 }, 0.85)).resolves.toEqual({ path: 'wxfile://small.jpg', size: 321_000 })
    expect(taro.compressImage).toHaveBeenCalledWith({ src: 'p', quality: 85, compressedWidth: 1600, compressedHeight: 1200 })
    expect(taro.getFileInfo).toHaveBeenCalledWith({ filePath: 'wxfile://small.jpg' })
  })

  it('fails when the size of the result cannot be read', async () => {
    taro.compressImage.mockResolvedValueOnce({ tempFilePath: 'wxfile://small.jpg', errMsg: 'ok' })
    taro.getFileInfo.mockResolvedValueOnce({ errMsg: 'getFileInfo:fail no such file' })
    await expect(miniImageAdapter.compress('p', { width: 10, height: 10 }, 0.85)).rejects.toThrow('no such file')
  })
})

describe("Alipay's image adapter", () => {
  it("compresses with Alipay's own parameters (the files and a level) and reads apFilePaths back", async () => {
    taro.compressImage.mockResolvedValueOnce({ apFilePaths: ['https://resource/apml2.image'] } as unknown as Taro.compressImage.SuccessCallbackResult)
    taro.getFileInfo.mockResolvedValueOnce({ size: 210_000, digest: '', errMsg: 'ok' })
    await expect(alipayImageAdapter.compress('https://resource/apml1.image', { width: 1600, height: 1200 }, 0.85)).resolves.toEqual({
      path: 'https://resource/apml2.image',
      size: 210_000,
    })
    expect(taro.compressImage).toHaveBeenLastCalledWith({ apFilePaths: ['https://resource/apml1.image'], compressLevel: ALIPAY_COMPRESS_LEVEL.medium })
    expect(taro.getFileInfo).toHaveBeenLastCalledWith({ filePath: 'https://resource/apml2.image' })
  })

  it('fails when my.compressImage answers no file', async () => {
    taro.compressImage.mockResolvedValueOnce({ apFilePaths: [] } as unknown as Taro.compressImage.SuccessCallbackResult)
    await expect(alipayImageAdapter.compress('p', { width: 10, height: 10 }, 0.85)).rejects.toThrow('no file')
  })

  it.each([
    [1, ALIPAY_COMPRESS_LEVEL.high],
    [0.9, ALIPAY_COMPRESS_LEVEL.high],
    [0.89, ALIPAY_COMPRESS_LEVEL.medium],
    [0.6, ALIPAY_COMPRESS_LEVEL.medium],
    [0.59, ALIPAY_COMPRESS_LEVEL.low],
    [0, ALIPAY_COMPRESS_LEVEL.low],
  ])('takes quality %p as level %p', (quality, level) => {
    expect(alipayCompressLevel(quality)).toBe(level)
  })
})
