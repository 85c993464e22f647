/** Image work on the mini-programs through the host's image and file APIs. */
import Taro from '@tarojs/taro'
import type { Dimensions } from '../domain/photo'
import type { CompressedImage, ImageAdapter, ImageFacts } from './image-prepare'

/** EXIF orientations in which the stored width and height are swapped on screen. */
const QUARTER_TURNS: ReadonlySet<string> = new Set(['left', 'left-mirrored', 'right', 'right-mirrored'])

/** compressImage's quality is 0 to 100. */
const QUALITY_SCALE = 100

export const miniImageAdapter: ImageAdapter = {
  async inspect(path): Promise<ImageFacts> {
    const info = await Taro.getImageInfo({ src: path })
    const turned = QUARTER_TURNS.has(info.orientation)
    return { width: turned ? info.height : info.width, height: turned ? info.width : info.height, infoType: info.type }
  },
  async compress(path: string, size: Dimensions, quality: number): Promise<CompressedImage> {
    const compressed = await Taro.compressImage({
      src: path,
      quality: Math.round(quality * QUALITY_SCALE),
      compressedWidth: size.width,
      compressedHeight: size.height,
    })
    const file = await Taro.getFileInfo({ filePath: compressed.tempFilePath })
    if (!('size' in file)) throw new Error(file.errMsg)
    return { path: compressed.tempFilePath, size: file.size }
  },
}
