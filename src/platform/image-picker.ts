/**
 * Choosing one photo with the camera or from the album (Taro.chooseImage: on H5 a file input,
 * with `capture` for the camera; on the mini-programs the host's picker). A cancelled choice is
 * no error: it answers undefined.
 */
import Taro from '@tarojs/taro'

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

export const IMAGE_PICKER_MESSAGE = {
  denied: '无法使用相机或相册，请在系统设置中允许访问后重试',
  failed: '未能打开相机或相册，请重试',
} as const

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
