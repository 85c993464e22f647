/**
 * Readies a chosen photo for upload on the device: its type is checked before anything else
 * (JPEG or PNG), then it is compressed to a JPEG whose longest side is about
 * PHOTO_LONGEST_SIDE_PX, and its size after compression is checked against the upload limit.
 * The host's image work comes in through an ImageAdapter (canvas on H5, the mini-programs' image
 * APIs elsewhere), so the rules run under test with a fake.
 */
import {
  PHOTO_JPEG_QUALITY,
  PHOTO_REASON,
  compressedDimensions,
  photoImageType,
  photoSizeProblem,
} from '../domain/photo'
import type { Dimensions } from '../domain/photo'
import { MAX_UPLOAD_BYTES } from '../../types/api/apply'
import { h5ImageAdapter } from './image-adapter-h5'
import { alipayImageAdapter, miniImageAdapter } from './image-adapter-mini'
import type { ChosenImage } from './image-picker'

export interface ImageFacts extends Dimensions {
  /** The format the host reports ("jpeg", "png"), where it reports one. */
  infoType?: string
}

export interface CompressedImage {
  path: string
  /** Bytes. */
  size: number
}

export interface ImageAdapter {
  /** Dimensions (as displayed, after any rotation) and, where known, the format of a local image. */
  inspect(path: string): Promise<ImageFacts>
  /** A JPEG of the image scaled to `size`, at `quality` (0 to 1). */
  compress(path: string, size: Dimensions, quality: number): Promise<CompressedImage>
}

export type PreparedImage = ({ ok: true } & CompressedImage & Dimensions) | { ok: false; reason: string }

export type ImagePreparer = (chosen: ChosenImage) => Promise<PreparedImage>

const refuse = (reason: string): PreparedImage => ({ ok: false, reason })

export function createImagePreparer(adapter: ImageAdapter, limitBytes: number = MAX_UPLOAD_BYTES): ImagePreparer {
  return async (chosen) => {
    const declared = photoImageType({ mime: chosen.mime, path: chosen.path })
    // A declared type that is not JPEG or PNG is refused before the image is even opened.
    if (!declared && chosen.mime) return refuse(PHOTO_REASON.type)
    if (chosen.size === 0) return refuse(PHOTO_REASON.empty)
    let facts: ImageFacts
    try {
      facts = await adapter.inspect(chosen.path)
    } catch {
      return refuse(PHOTO_REASON.unreadable)
    }
    if (!declared && !photoImageType({ infoType: facts.infoType })) return refuse(PHOTO_REASON.type)
    const size = compressedDimensions(facts)
    if (!size) return refuse(PHOTO_REASON.unreadable)
    let compressed: CompressedImage
    try {
      compressed = await adapter.compress(chosen.path, size, PHOTO_JPEG_QUALITY)
    } catch {
      return refuse(PHOTO_REASON.unreadable)
    }
    const problem = photoSizeProblem(compressed.size, limitBytes)
    return problem ? refuse(problem) : { ok: true, ...compressed, ...size }
  }
}

/** The preparer of the platform the app was built for. */
export function platformImagePreparer(): ImagePreparer {
  // Written as if/else so each build keeps only its own adapter's code path.
  if (process.env.TARO_ENV === 'h5') {
    return createImagePreparer(h5ImageAdapter)
  } else if (process.env.TARO_ENV === 'alipay') {
    return createImagePreparer(alipayImageAdapter)
  } else {
    return createImagePreparer(miniImageAdapter)
  }
}
