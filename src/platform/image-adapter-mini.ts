/** Image work on the mini-programs through the host's image and file APIs. */
import Taro from '@tarojs/taro'
import type { Dimensions } from '../domain/photo'
import type { CompressedImage, ImageAdapter, ImageFacts } from './image-prepare'

/** EXIF orientations in which the stored width and height are swapped on screen. */
const QUARTER_TURNS: ReadonlySet<string> = new Set(['left', 'left-mirrored', 'right', 'right-mirrored'])

/** compressImage's quality is 0 to 100. */
const QUALITY_SCALE = 100

async function inspect(path: string): Promise<ImageFacts> {
  const info = await Taro.getImageInfo({ src: path })
  const turned = QUARTER_TURNS.has(info.orientation)
  return { width: turned ? info.height : info.width, height: turned ? info.width : info.height, infoType: info.type }
}

/** A compressed file's size, read back from the host. */
async function compressedFile(path: string): Promise<CompressedImage> {
  const file = await Taro.getFileInfo({ filePath: path })
  if (!('size' in file)) throw new Error(file.errMsg)
  return { path, size: file.size }
}

/** WeChat: wx.compressImage scales to a size at a quality. */
export const miniImageAdapter: ImageAdapter = {
  inspect,
  async compress(path: string, size: Dimensions, quality: number): Promise<CompressedImage> {
    const compressed = await Taro.compressImage({
      src: path,
      quality: Math.round(quality * QUALITY_SCALE),
      compressedWidth: size.width,
      compressedHeight: size.height,
    })
    return compressedFile(compressed.tempFilePath)
  },
}

/**
 * my.compressImage's levels (Alipay's documentation): 0 low, 1 medium, 2 high quality; 3 leaves
 * the photo as it is and 4 lets the network decide, neither of which the app wants.
 */
export const ALIPAY_COMPRESS_LEVEL = { low: 0, medium: 1, high: 2 } as const

/** The JPEG qualities (0 to 1) from which Alipay's high and medium levels are the nearest. */
const ALIPAY_LEVEL_FROM = { high: 0.9, medium: 0.6 } as const

/** The level for a JPEG quality (0 to 1): the nearest of Alipay's three. */
export function alipayCompressLevel(quality: number): number {
  if (quality >= ALIPAY_LEVEL_FROM.high) return ALIPAY_COMPRESS_LEVEL.high
  return quality >= ALIPAY_LEVEL_FROM.medium ? ALIPAY_COMPRESS_LEVEL.medium : ALIPAY_COMPRESS_LEVEL.low
}

/** What my.compressImage takes and answers; Taro passes both through unchanged. */
interface AlipayCompress {
  apFilePaths: string[]
  compressLevel: number
}

/**
 * Alipay: my.compressImage takes its own parameters (the files and a level, no size) and answers
 * apFilePaths; WeChat's src and quality are not understood there. Alipay scales by the level, so
 * the size the rules asked for is a bound the upload limit still checks, not a promise.
 */
export const alipayImageAdapter: ImageAdapter = {
  inspect,
  async compress(path: string, _size: Dimensions, quality: number): Promise<CompressedImage> {
    const options: AlipayCompress = { apFilePaths: [path], compressLevel: alipayCompressLevel(quality) }
    // Taro types the call with WeChat's options; Alipay's go through as they are.
    const compressed = (await Taro.compressImage(options as unknown as Taro.compressImage.Option)) as unknown as Partial<AlipayCompress>
    const [compressedPath] = compressed.apFilePaths ?? []
    if (!compressedPath) throw new Error('my.compressImage answered no file')
    return compressedFile(compressedPath)
  },
}
