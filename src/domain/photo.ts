/**
 * The application photos: which ones the information page asks for, the certificate bit each one
 * counts towards, and the rules an image passes on the device before any byte is uploaded
 * (type, size after compression, target dimensions).
 */
import { CERTIFICATE, hasCertificate } from './certificates'
import type { CertificateFlag } from './certificates'

/** One photo slot of the information page; also the `subject` parameter of the camera pages. */
export type PhotoSubject = 'idCardFront' | 'idCardBack' | 'drivingLicense' | 'vehicleFront'

/** The sides of the ID card, each uploaded on its own; the ID card bit needs both. */
export type IdCardSubject = Extract<PhotoSubject, 'idCardFront' | 'idCardBack'>

export interface PhotoInfo {
  /** What the photo is, as a slot title. */
  readonly title: string
  /** What to photograph, one sentence. */
  readonly guide: string
  readonly certificate: CertificateFlag
}

export const PHOTO_INFO: Readonly<Record<PhotoSubject, PhotoInfo>> = {
  idCardFront: { title: '身份证人像面', guide: '请拍摄车主身份证有照片的一面', certificate: CERTIFICATE.ID_CARD },
  idCardBack: { title: '身份证国徽面', guide: '请拍摄车主身份证有国徽的一面', certificate: CERTIFICATE.ID_CARD },
  drivingLicense: { title: '行驶证主页', guide: '请拍摄行驶证印有车牌号的主页', certificate: CERTIFICATE.DRIVING_LICENCE },
  vehicleFront: { title: '车头照片', guide: '请拍摄车辆正前方，车牌号清晰可见', certificate: CERTIFICATE.VEHICLE_FRONT },
}

/** What the upload call is told each photo is (the API's UploadSubject). */
export type PhotoUpload =
  | { readonly kind: 'idCard'; readonly side: 'front' | 'back' }
  | { readonly kind: 'drivingLicense' }
  | { readonly kind: 'image'; readonly imageType: 'vehicleFront' }

export const PHOTO_UPLOAD: Readonly<Record<PhotoSubject, PhotoUpload>> = {
  idCardFront: { kind: 'idCard', side: 'front' },
  idCardBack: { kind: 'idCard', side: 'back' },
  drivingLicense: { kind: 'drivingLicense' },
  vehicleFront: { kind: 'image', imageType: 'vehicleFront' },
}

/** The slots in the order the page shows them. */
export const PHOTO_SUBJECTS: readonly PhotoSubject[] = ['idCardFront', 'idCardBack', 'drivingLicense', 'vehicleFront']

export const ID_CARD_SUBJECTS: readonly IdCardSubject[] = ['idCardFront', 'idCardBack']

/** What makes a photo usable for the audit, shown with the guide frame. */
export const PHOTO_HINTS: readonly string[] = ['光线充足', '四角完整', '无反光']

export function isPhotoSubject(value: string | undefined): value is PhotoSubject {
  return value !== undefined && (PHOTO_SUBJECTS as readonly string[]).includes(value)
}

export function isIdCardSubject(subject: PhotoSubject): subject is IdCardSubject {
  return (ID_CARD_SUBJECTS as readonly PhotoSubject[]).includes(subject)
}

/**
 * Whether a slot's photo has been received. The order's certificate mask is the truth; the ID
 * card bit is only set once both sides are there, so a single side counts when this device
 * uploaded it (`sidesUploaded`).
 */
export function photoReceived(subject: PhotoSubject, certificates: number, sidesUploaded: readonly IdCardSubject[]): boolean {
  if (hasCertificate(certificates, PHOTO_INFO[subject].certificate)) return true
  return isIdCardSubject(subject) && sidesUploaded.includes(subject)
}

/** The slots still without a photo, in page order. */
export function missingPhotos(certificates: number, sidesUploaded: readonly IdCardSubject[]): PhotoSubject[] {
  return PHOTO_SUBJECTS.filter((subject) => !photoReceived(subject, certificates, sidesUploaded))
}

/**
 * The photos the form still lacks, in page order: those missing and not on their way, and those
 * whose latest upload failed (even where an earlier photo was received: it was chosen to replace it).
 */
export function unsentPhotos(
  certificates: number,
  sidesUploaded: readonly IdCardSubject[],
  uploads: { uploading: readonly PhotoSubject[]; failed: readonly PhotoSubject[] },
): PhotoSubject[] {
  const missing = missingPhotos(certificates, sidesUploaded)
  return PHOTO_SUBJECTS.filter((subject) => uploads.failed.includes(subject) || (missing.includes(subject) && !uploads.uploading.includes(subject)))
}

/** The slots of the ID card sides an order has received (`sides` as the upload names them), in page order. */
export function idCardSubjectsOf(sides: readonly Extract<PhotoUpload, { kind: 'idCard' }>['side'][]): IdCardSubject[] {
  return ID_CARD_SUBJECTS.filter((subject) => {
    const upload = PHOTO_UPLOAD[subject]
    return upload.kind === 'idCard' && sides.includes(upload.side)
  })
}

/** What a slot says when its upload failed without a message of its own. */
export const PHOTO_UPLOAD_FAILED = '上传失败，请重试'

/** "请上传身份证国徽面、车头照片", or undefined when nothing is missing. */
export function missingPhotosMessage(missing: readonly PhotoSubject[]): string | undefined {
  return missing.length ? `请上传${missing.map((subject) => PHOTO_INFO[subject].title).join('、')}` : undefined
}

// ---- the image rules applied on the device ------------------------------------------------------

/** Compressed photos are scaled so their longest side is at most this (enough for an audit). */
export const PHOTO_LONGEST_SIDE_PX = 1600
/** JPEG quality of a compressed photo, 0 to 1. */
export const PHOTO_JPEG_QUALITY = 0.85

/** The image types a photo may be chosen in. */
export type PhotoImageType = 'jpeg' | 'png'

const TYPE_OF_MIME: Readonly<Record<string, PhotoImageType>> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
}

const TYPE_OF_NAME: Readonly<Record<string, PhotoImageType>> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png' }

export const PHOTO_REASON = {
  type: '仅支持JPG或PNG格式的图片，请重新选择',
  empty: '图片内容为空，请重新选择',
  unreadable: '无法读取这张图片，请重新选择',
} as const

const BYTES_PER_MB = 1024 * 1024

/** Why a photo is refused after compression, naming the limit in MB. */
export function tooLargeReason(limitBytes: number): string {
  return `图片压缩后仍超过${Math.floor(limitBytes / BYTES_PER_MB)}MB，请重新拍摄或选择`
}

/**
 * The type of a chosen image from what the host reports: a MIME type (H5), an image-info type
 * ("jpeg", "png") or the file's name or path (mini-program temp files keep their extension).
 * Undefined when none of them names JPEG or PNG.
 */
export function photoImageType(facts: { mime?: string; infoType?: string; path?: string }): PhotoImageType | undefined {
  const mime = facts.mime?.trim().toLowerCase()
  if (mime) return TYPE_OF_MIME[mime]
  const infoType = facts.infoType?.trim().toLowerCase()
  if (infoType) return TYPE_OF_NAME[infoType]
  const extension = /\.([a-z0-9]+)$/i.exec(facts.path?.split(/[?#]/)[0] ?? '')?.[1]?.toLowerCase()
  return extension ? TYPE_OF_NAME[extension] : undefined
}

/** The reason a compressed photo cannot be uploaded, or undefined when its size is fine. */
export function photoSizeProblem(bytes: number, limitBytes: number): string | undefined {
  if (bytes <= 0) return PHOTO_REASON.empty
  return bytes > limitBytes ? tooLargeReason(limitBytes) : undefined
}

export interface Dimensions {
  width: number
  height: number
}

/**
 * The size a photo is compressed to: scaled down so the longest side is at most `longestSide`,
 * keeping the aspect ratio; never scaled up. Undefined for an image without a size.
 */
export function compressedDimensions(source: Dimensions, longestSide = PHOTO_LONGEST_SIDE_PX): Dimensions | undefined {
  const { width, height } = source
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return undefined
  const scale = Math.min(1, longestSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}
