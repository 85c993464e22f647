import { CERTIFICATE } from '../../../src/domain/certificates'
import { PHOTO_SUBJECTS, idCardSubjectsOf, missingPhotosMessage, unsentPhotos } from '../../../src/domain/photo'

const ALL = CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT
const NONE = { uploading: [], failed: [] }

describe('the photos the form still lacks', () => {
  it('names the ID card sides an order has received as their slots, in page order', () => {
    expect(idCardSubjectsOf(['back', 'front'])).toEqual(['idCardFront', 'idCardBack'])
    expect(idCardSubjectsOf(['back'])).toEqual(['idCardBack'])
    expect(idCardSubjectsOf([])).toEqual([])
  })

  it('are the missing photos, less those on their way', () => {
    expect(unsentPhotos(0, [], NONE)).toEqual(PHOTO_SUBJECTS)
    expect(unsentPhotos(CERTIFICATE.DRIVING_LICENCE, ['idCardBack'], { uploading: ['vehicleFront'], failed: [] })).toEqual(['idCardFront'])
    expect(unsentPhotos(ALL, [], NONE)).toEqual([])
  })

  it('and those whose latest upload failed, even over a photo received before', () => {
    const unsent = unsentPhotos(ALL, [], { uploading: [], failed: ['vehicleFront', 'idCardFront'] })
    expect(unsent).toEqual(['idCardFront', 'vehicleFront'])
    expect(missingPhotosMessage(unsent)).toBe('请上传身份证人像面、车头照片')
  })
})
