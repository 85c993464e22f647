/**
 * The device side of the simulated host: `wx.login` hands out codes, the photo picker hands out
 * test images as temporary files (image info, compression and file info read them), and the
 * system info and capsule metrics are the test's to set.
 */
import { JPEG_BYTES } from '../../server/support/orders'
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

/** The capsule (menu button) rectangle in px, as getMenuButtonBoundingClientRect reports it. */
export interface CapsuleRect {
  top: number
  height: number
  width: number
  left: number
  right: number
  bottom: number
}

export interface DeviceOptions {
  /** Status bar height (px); simulate's own figure when absent. */
  statusBarHeight?: number
  /** The capsule; simulate's own figure when absent. */
  capsule?: CapsuleRect
  /** The launch query (getLaunchOptionsSync). */
  launchQuery?: Record<string, string>
  /** The bytes each chosen photo has; a small JPEG by default. */
  image?: Buffer
  /** The image size getImageInfo reports. */
  imageSize?: { width: number; height: number }
}

export interface Device {
  /** The codes handed out by wx.login, in order. */
  readonly loginCodes: string[]
  /** The photos handed out by the picker (temporary paths), in order. */
  readonly chosen: string[]
  /** A temporary file's bytes; throws for an unknown path. */
  readFile(filePath: string): Buffer
}

/** Prefix of wx.login's codes: the simulated WeChat identity provider accepts them. */
export const LOGIN_CODE_PREFIX = 'weapp-test-code-'
const DEFAULT_IMAGE_SIZE = { width: 1280, height: 960 }

export function installDevice(options: DeviceOptions = {}): Device {
  const wx = wxObject()
  const files = new Map<string, Buffer>()
  const loginCodes: string[] = []
  const chosen: string[] = []
  const image = options.image ?? JPEG_BYTES
  const imageSize = options.imageSize ?? DEFAULT_IMAGE_SIZE
  const readFile = (filePath: string): Buffer => {
    const bytes = files.get(filePath)
    if (!bytes) throw new Error(`no such file ${filePath}`)
    return bytes
  }
  const newFile = (bytes: Buffer, extension = 'jpg'): string => {
    const filePath = `wxfile://tmp/test-${files.size + 1}.${extension}`
    files.set(filePath, bytes)
    return filePath
  }
  const choose = (): string => {
    const filePath = newFile(image)
    chosen.push(filePath)
    return filePath
  }
  const baseSystemInfo = (wx.getSystemInfoSync as () => Record<string, unknown>)()
  const systemInfo = { ...baseSystemInfo, ...(options.statusBarHeight === undefined ? {} : { statusBarHeight: options.statusBarHeight }) }
  Object.assign(wx, {
    login: (callbacks: WxCallbacks = {}) =>
      answer('login', callbacks, () => {
        const code = `${LOGIN_CODE_PREFIX}${loginCodes.length + 1}`
        loginCodes.push(code)
        return { code }
      }),
    chooseImage: ({ count = 1, ...callbacks }: { count?: number } & WxCallbacks) =>
      answer('chooseImage', callbacks, () => {
        const paths = Array.from({ length: count }, choose)
        return { tempFilePaths: paths, tempFiles: paths.map((path) => ({ path, size: image.length })) }
      }),
    chooseMedia: ({ count = 1, ...callbacks }: { count?: number } & WxCallbacks) =>
      answer('chooseMedia', callbacks, () => ({
        type: 'image',
        tempFiles: Array.from({ length: count }, () => ({ tempFilePath: choose(), size: image.length, fileType: 'image' })),
      })),
    getImageInfo: ({ src, ...callbacks }: { src: string } & WxCallbacks) =>
      answer('getImageInfo', callbacks, () => (readFile(src), { ...imageSize, path: src, orientation: 'up', type: 'jpeg' })),
    compressImage: ({ src, ...callbacks }: { src: string } & WxCallbacks) =>
      answer('compressImage', callbacks, () => ({ tempFilePath: newFile(readFile(src)) })),
    getFileInfo: ({ filePath, ...callbacks }: { filePath: string } & WxCallbacks) =>
      answer('getFileInfo', callbacks, () => ({ size: readFile(filePath).length, digest: '' })),
    getSystemInfoSync: () => systemInfo,
    ...(options.capsule ? { getMenuButtonBoundingClientRect: () => ({ ...options.capsule }) } : {}),
    getLaunchOptionsSync: () => ({ path: '', query: { ...options.launchQuery }, scene: 1001, referrerInfo: {} }),
  })
  return { loginCodes, chosen, readFile }
}
