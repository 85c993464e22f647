/** Choosing a photo through Taro (mocked): the source asked for, cancel, refusal and failure. */
import Taro from '@tarojs/taro'
import { IMAGE_PICKER_MESSAGE } from '../../src/config/image-picker-copy'
import { ImageError, chooseImage } from '../../src/platform/image-picker'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { chooseImage: jest.fn() } }))

const choose = jest.mocked(Taro.chooseImage)

describe('choosing a photo', () => {
  afterEach(() => choose.mockReset())

  it('asks for one original photo from the given source and reports its path, size and type', async () => {
    choose.mockResolvedValue({
      errMsg: 'chooseImage:ok',
      tempFilePaths: ['blob:https://app.test/1'],
      tempFiles: [{ path: 'blob:https://app.test/1', size: 2048, type: 'image/jpeg' }],
    })
    await expect(chooseImage('album')).resolves.toEqual({ path: 'blob:https://app.test/1', size: 2048, mime: 'image/jpeg' })
    expect(choose).toHaveBeenCalledWith({ count: 1, sizeType: ['original'], sourceType: ['album'] })
  })

  it('leaves out what the host does not report (the mini-programs give no MIME type)', async () => {
    choose.mockResolvedValue({ errMsg: 'chooseImage:ok', tempFilePaths: ['wxfile://tmp_1.jpg'], tempFiles: [] })
    await expect(chooseImage('camera')).resolves.toEqual({ path: 'wxfile://tmp_1.jpg' })
    expect(choose).toHaveBeenCalledWith(expect.objectContaining({ sourceType: ['camera'] }))
  })

  it('answers nothing when the user cancels or nothing was chosen', async () => {
    choose.mockRejectedValueOnce({ errMsg: 'chooseImage:fail cancel' })
    await expect(chooseImage('album')).resolves.toBeUndefined()
    choose.mockResolvedValueOnce({ errMsg: 'chooseImage:ok', tempFilePaths: [], tempFiles: [] })
    await expect(chooseImage('album')).resolves.toBeUndefined()
  })

  it('explains a refused permission and any other failure in Chinese', async () => {
    choose.mockRejectedValueOnce({ errMsg: 'chooseImage:fail auth deny' })
    await expect(chooseImage('camera')).rejects.toEqual(new ImageError(IMAGE_PICKER_MESSAGE.denied))
    // WeChat's privacy notice refused is told as such, not as the system's permission.
    choose.mockRejectedValueOnce({ errMsg: 'chooseImage:fail privacy permission is not authorized' })
    await expect(chooseImage('album')).rejects.toEqual(new ImageError(IMAGE_PICKER_MESSAGE.privacy))
    choose.mockRejectedValueOnce(new Error('boom'))
    const failure = chooseImage('camera')
    await expect(failure).rejects.toBeInstanceOf(ImageError)
    await expect(failure).rejects.toThrow(IMAGE_PICKER_MESSAGE.failed)
  })
})
