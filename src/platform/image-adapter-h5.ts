/**
 * Image work in the browser: an <img> reads the photo (browsers apply its EXIF orientation), a
 * canvas scales it and encodes the JPEG, and the result is a blob URL the uploader can send.
 */
import type { Dimensions } from '../domain/photo'
import type { CompressedImage, ImageAdapter, ImageFacts } from './image-prepare'

const JPEG = 'image/jpeg'
/** JPEG has no transparency: a PNG's transparent parts become white rather than black. */
const BACKGROUND = '#ffffff'

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('The image could not be decoded'))
    image.src = src
  })
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded'))), JPEG, quality)
  })
}

export const h5ImageAdapter: ImageAdapter = {
  async inspect(path): Promise<ImageFacts> {
    const image = await loadImage(path)
    return { width: image.naturalWidth, height: image.naturalHeight }
  },
  async compress(path: string, size: Dimensions, quality: number): Promise<CompressedImage> {
    const image = await loadImage(path)
    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2D canvas')
    context.fillStyle = BACKGROUND
    context.fillRect(0, 0, size.width, size.height)
    context.drawImage(image, 0, 0, size.width, size.height)
    const blob = await encode(canvas, quality)
    // The original may be several megabytes; only the compressed copy is needed from here on.
    if (path.startsWith('blob:')) URL.revokeObjectURL(path)
    return { path: URL.createObjectURL(blob), size: blob.size }
  },
}
