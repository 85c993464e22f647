/** The mini-programs' image adapter over Taro (mocked). */
import Taro from '@tarojs/taro'
import { miniImageAdapter } from '../../src/platform/image-adapter-mini'

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
