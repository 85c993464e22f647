import { CERTIFICATE } from '../../../src/domain/certificates'
import {
  PHOTO_INFO,
  PHOTO_LONGEST_SIDE_PX,
  PHOTO_REASON,
  PHOTO_SUBJECTS,
  PHOTO_UPLOAD,
  compressedDimensions,
  isIdCardSubject,
  isPhotoSubject,
  missingPhotos,
  missingPhotosMessage,
  photoImageType,
  photoReceived,
  photoSizeProblem,
  tooLargeReason,
} from '../../../src/domain/photo'
import { MAX_UPLOAD_BYTES } from '../../../types/api/apply'
import type { UploadSubject } from '../../../types/api/apply'

const ALL = CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT

describe('photo subjects', () => {
  it('knows the four slots and nothing else', () => {
    expect(PHOTO_SUBJECTS).toEqual(['idCardFront', 'idCardBack', 'drivingLicense', 'vehicleFront'])
    for (const subject of PHOTO_SUBJECTS) expect(isPhotoSubject(subject)).toBe(true)
    expect(isPhotoSubject('roadTransport')).toBe(false)
    expect(isPhotoSubject('')).toBe(false)
    expect(isPhotoSubject(undefined)).toBe(false)
    expect(isIdCardSubject('idCardBack')).toBe(true)
    expect(isIdCardSubject('drivingLicense')).toBe(false)
  })

  it('counts both ID card sides towards the ID card bit and the others towards their own', () => {
    expect(PHOTO_INFO.idCardFront.certificate).toBe(CERTIFICATE.ID_CARD)
    expect(PHOTO_INFO.idCardBack.certificate).toBe(CERTIFICATE.ID_CARD)
    expect(PHOTO_INFO.drivingLicense.certificate).toBe(CERTIFICATE.DRIVING_LICENCE)
    expect(PHOTO_INFO.vehicleFront.certificate).toBe(CERTIFICATE.VEHICLE_FRONT)
  })

  it("tells the upload call what each photo is, in the API's terms", () => {
    const subjects: Record<string, UploadSubject> = PHOTO_UPLOAD
    expect(subjects).toEqual({
      idCardFront: { kind: 'idCard', side: 'front' },
      idCardBack: { kind: 'idCard', side: 'back' },
      drivingLicense: { kind: 'drivingLicense' },
      vehicleFront: { kind: 'image', imageType: 'vehicleFront' },
    })
  })
})

describe('received and missing photos', () => {
  it('takes the certificate mask as the truth', () => {
    expect(missingPhotos(0, [])).toEqual(PHOTO_SUBJECTS)
    expect(missingPhotos(ALL, [])).toEqual([])
    expect(missingPhotos(CERTIFICATE.DRIVING_LICENCE, [])).toEqual(['idCardFront', 'idCardBack', 'vehicleFront'])
  })

  it('counts one ID card side uploaded from this device before the server sets the bit', () => {
    expect(photoReceived('idCardFront', 0, ['idCardFront'])).toBe(true)
    expect(photoReceived('idCardBack', 0, ['idCardFront'])).toBe(false)
    expect(missingPhotos(CERTIFICATE.VEHICLE_FRONT, ['idCardBack'])).toEqual(['idCardFront', 'drivingLicense'])
    expect(photoReceived('idCardBack', CERTIFICATE.ID_CARD, [])).toBe(true)
  })

  it('names what is missing, or nothing', () => {
    expect(missingPhotosMessage(['idCardBack', 'vehicleFront'])).toBe('请上传身份证国徽面、车头照片')
    expect(missingPhotosMessage([])).toBeUndefined()
  })
})

describe('image type', () => {
  it('accepts JPEG and PNG by MIME type, refusing others even with a JPEG name', () => {
    expect(photoImageType({ mime: 'image/jpeg' })).toBe('jpeg')
    expect(photoImageType({ mime: 'IMAGE/PNG' })).toBe('png')
    expect(photoImageType({ mime: 'image/webp', path: 'photo.jpg' })).toBeUndefined()
    expect(photoImageType({ mime: 'image/heic' })).toBeUndefined()
  })

  it('falls back to the image-info type, then to the file extension', () => {
    expect(photoImageType({ infoType: 'jpeg' })).toBe('jpeg')
    expect(photoImageType({ infoType: 'gif', path: 'a.png' })).toBeUndefined()
    expect(photoImageType({ path: 'wxfile://tmp_abc.JPG' })).toBe('jpeg')
    expect(photoImageType({ path: 'https://x.test/a.png?x=1.gif' })).toBe('png')
    expect(photoImageType({ path: 'blob:https://app.test/1234' })).toBeUndefined()
    expect(photoImageType({})).toBeUndefined()
  })
})

describe('image size', () => {
  it('refuses an empty image and one above the limit after compression', () => {
    expect(photoSizeProblem(0, MAX_UPLOAD_BYTES)).toBe(PHOTO_REASON.empty)
    expect(photoSizeProblem(MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES)).toBeUndefined()
    expect(photoSizeProblem(MAX_UPLOAD_BYTES + 1, MAX_UPLOAD_BYTES)).toBe(tooLargeReason(MAX_UPLOAD_BYTES))
    expect(tooLargeReason(MAX_UPLOAD_BYTES)).toContain('10MB')
  })
})

describe('compressed dimensions', () => {
  it('scales the longest side down to the target, keeping the aspect ratio', () => {
    expect(compressedDimensions({ width: 4000, height: 3000 })).toEqual({ width: PHOTO_LONGEST_SIDE_PX, height: 1200 })
    expect(compressedDimensions({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: PHOTO_LONGEST_SIDE_PX })
    expect(compressedDimensions({ width: 5000, height: 1 })).toEqual({ width: PHOTO_LONGEST_SIDE_PX, height: 1 })
  })

  it('never scales a small image up', () => {
    expect(compressedDimensions({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 })
    expect(compressedDimensions({ width: 1600, height: 1600 })).toEqual({ width: 1600, height: 1600 })
  })

  it('has no answer for an image without a size', () => {
    expect(compressedDimensions({ width: 0, height: 600 })).toBeUndefined()
    expect(compressedDimensions({ width: Number.NaN, height: 600 })).toBeUndefined()
    expect(compressedDimensions({ width: Number.POSITIVE_INFINITY, height: 600 })).toBeUndefined()
  })
})
