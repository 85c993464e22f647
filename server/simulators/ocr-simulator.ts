/**
 * The simulated OCR provider (OCR_PROVIDER=simulated, the default outside production): it reads
 * the demo photos (demo-photos/, served at DEMO_PHOTO_PATH for `npm start`) as the demo person's
 * ID card and driving licence, and no other photo: anything else is 'unreadable', as a blurred
 * photo would be with a real provider, and a demo photo offered as another document is
 * 'wrongDocument'.
 *
 * The app compresses a photo on the device before it is uploaded, so the bytes the server gets are
 * never the file's. A demo photo is known by its size instead: each is a JPEG of an exact size no
 * camera takes, smaller than the app's longest side (PHOTO_LONGEST_SIDE_PX), which compression
 * keeps.
 */
import path from 'node:path'
import type { DrivingLicenseText, IdCardBackText, IdCardFrontText, ReadableDocument } from '../../types/api/apply'
import { DocumentReadError } from '../recognition/document-reader'
import type { DocumentReader } from '../recognition/document-reader'

/** Where a demo photo is served: `{file}` is demoPhotoFile(document). */
export const DEMO_PHOTO_PATH = '/sim/demo-photos/{file}'
export const DEMO_PHOTO_FOLDER = path.join(__dirname, 'demo-photos')
export const demoPhotoFile = (document: ReadableDocument): string => `${document}.jpg`

/** The demo person of the demo photos, as the journey's browser tests type them by hand. */
export const DEMO_PERSON = {
  name: '张三',
  idNumber: '11010519491231002X',
  address: '北京市朝阳区建国路88号',
  plateNumber: '京A8D6E2',
  vehicleInfo: '大众汽车牌FV7152FBDBG',
  vin: 'LFV2A21K157402375',
  engineNo: 'EA211123456',
} as const

interface DemoPhoto {
  readonly width: number
  readonly height: number
}

/** Each demo photo's size in pixels (an ID card's 85.6 × 54 mm and the licence page's 88 × 60 mm, ten pixels a millimetre, give or take one). */
export const DEMO_PHOTOS: Readonly<Record<ReadableDocument, DemoPhoto>> = {
  idCardFront: { width: 857, height: 541 },
  idCardBack: { width: 857, height: 539 },
  drivingLicense: { width: 881, height: 601 },
}

const DEMO_TEXT = {
  idCardFront: { name: DEMO_PERSON.name, idNumber: DEMO_PERSON.idNumber, address: DEMO_PERSON.address } satisfies IdCardFrontText,
  idCardBack: { validFrom: '2019.03.01', validUntil: '2039.03.01', authority: '北京市公安局朝阳分局' } satisfies IdCardBackText,
  drivingLicense: {
    plateNumber: DEMO_PERSON.plateNumber,
    vehicleType: '小型轿车',
    owner: DEMO_PERSON.name,
    address: DEMO_PERSON.address,
    model: DEMO_PERSON.vehicleInfo,
    vin: DEMO_PERSON.vin,
    engineNo: DEMO_PERSON.engineNo,
    registerDate: '2019-05-20',
    issueDate: '2019-05-20',
  } satisfies DrivingLicenseText,
} as const

export const DEMO_DOCUMENTS = Object.keys(DEMO_PHOTOS) as ReadableDocument[]

/** JPEG markers of a frame header (SOF0–SOF15 but DHT, JPG and DAC), which carry the size. */
const FRAME_MARKERS: ReadonlySet<number> = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])
const MARKER = 0xff
const START_OF_IMAGE = 0xd8
/** A segment's length field, then the frame header's precision byte, height and width. */
const FRAME_HEIGHT_OFFSET = 5
const FRAME_WIDTH_OFFSET = 7

/** A JPEG's size from its frame header; undefined for anything else. */
export function jpegSize(bytes: Buffer): DemoPhoto | undefined {
  if (bytes[0] !== MARKER || bytes[1] !== START_OF_IMAGE) return undefined
  let offset = 2
  while (offset + FRAME_WIDTH_OFFSET + 2 <= bytes.length) {
    if (bytes[offset] !== MARKER) return undefined
    const marker = bytes[offset + 1]
    if (marker === MARKER) {
      offset += 1
      continue
    }
    if (FRAME_MARKERS.has(marker)) return { height: bytes.readUInt16BE(offset + FRAME_HEIGHT_OFFSET), width: bytes.readUInt16BE(offset + FRAME_WIDTH_OFFSET) }
    offset += 2 + bytes.readUInt16BE(offset + 2)
  }
  return undefined
}

/** Which demo photo `image` is, if any. */
function demoDocumentOf(image: Buffer): ReadableDocument | undefined {
  const size = jpegSize(image)
  return size && DEMO_DOCUMENTS.find((document) => DEMO_PHOTOS[document].width === size.width && DEMO_PHOTOS[document].height === size.height)
}

export function createOcrSimulator(): DocumentReader {
  return {
    simulated: true,
    read: async (document, image) => {
      const demo = demoDocumentOf(image)
      if (!demo) throw new DocumentReadError('unreadable', 'SIM_NOT_A_DEMO_PHOTO', 'the OCR simulator reads only the demo photos')
      if (demo !== document) throw new DocumentReadError('wrongDocument', 'SIM_OTHER_DEMO_PHOTO', `the OCR simulator was given the ${demo} demo photo as ${document}`)
      switch (document) {
        case 'idCardFront':
          return { document, outcome: 'read', text: { ...DEMO_TEXT.idCardFront } }
        case 'idCardBack':
          return { document, outcome: 'read', text: { ...DEMO_TEXT.idCardBack } }
        case 'drivingLicense':
          return { document, outcome: 'read', text: { ...DEMO_TEXT.drivingLicense } }
      }
    },
  }
}
