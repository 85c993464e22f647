/**
 * Choosing one photo with the camera or from the album (Taro.chooseImage: on H5 a file input,
 * with `capture` for the camera; on the mini-programs the host's picker). A cancelled choice is
 * no error: it answers undefined.
 */
import Taro from '@tarojs/taro'
import { IMAGE_PICKER_MESSAGE } from '../config/image-picker-copy'

export type ImageSource = 'camera' | 'album'

/** A photo as the host hands it over: a local path (a blob URL on H5) and what it says about it. */
export interface ChosenImage {
  path: string
  /** Bytes, where the host reports them. */
  size?: number
  /** The MIME type (H5 only). */
  mime?: string
}

/** A failure whose message is the Chinese text to show. */
export class ImageError extends Error {
  override readonly name = 'ImageError'
}

const errMsgOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'errMsg' in error ? String(error.errMsg) : String(error)

export async function chooseImage(source: ImageSource): Promise<ChosenImage | undefined> {
  let result: Taro.chooseImage.SuccessCallbackResult
  try {
    // The original: the photo is compressed once, under the app's own rules (./image-prepare.ts).
    result = await Taro.chooseImage({ count: 1, sizeType: ['original'], sourceType: [source] })
  } catch (error) {
    const errMsg = errMsgOf(error)
    if (/cancel/i.test(errMsg)) return undefined
    // WeChat's privacy notice refused ("privacy permission is not authorized") is not the system's permission.
    if (/privacy/i.test(errMsg)) throw new ImageError(IMAGE_PICKER_MESSAGE.privacy)
    throw new ImageError(/auth|deny|denied|permission/i.test(errMsg) ? IMAGE_PICKER_MESSAGE.denied : IMAGE_PICKER_MESSAGE.failed)
  }
  const file = result.tempFiles?.[0]
  const path = file?.path ?? result.tempFilePaths?.[0]
  if (!path) return undefined
  return {
    path,
    ...(typeof file?.size === 'number' ? { size: file.size } : {}),
    ...(file?.type ? { mime: file.type } : {}),
  }
}
