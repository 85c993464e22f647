import { CERTIFICATE } from '../../../src/domain/certificates'
import { PHOTO_UPLOAD_FAILED } from '../../../src/domain/photo'
import { entryFromText } from '../../../src/domain/plate-entry'
import { MESSAGES, RequestError } from '../../../src/services/request/errors'
import { PhotoUploadStore } from '../../../src/stores/photo-upload-store'
import type { UploadResponse, UploadSubject } from '../../../types/api/apply'
import { detail } from '../../support/order-fixtures'
import { deferred } from '../services/fakes'
import type { Deferred } from '../services/fakes'
import { setup } from './apply-setup'

/** One call of the fake upload API, answered by the test. */
interface Call {
  orderId: string
  subject: UploadSubject
  path: string
  progress: (percent: number) => void
  answer: Deferred<UploadResponse>
}

const received = (certificates: number): UploadResponse => ({ fileId: 'f', url: '/f', certificatesCommitSate: certificates })
const networkError = () => new RequestError('network', MESSAGES.network, 602001)

/** Lets the store's awaits run (each upload goes through the apply store's promise chain). */
const tick = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

/** A PhotoUploadStore over a real ApplyStore whose upload API answers only when the test says so. */
async function world() {
  const calls: Call[] = []
  const { store: apply, plateStep, cancel } = setup({
    uploadPhoto: (orderId, subject, path, progress) => {
      const answer = deferred<UploadResponse>()
      calls.push({ orderId, subject, path, progress: progress ?? (() => undefined), answer })
      return answer.promise
    },
  })
  apply.setPlate(entryFromText('京A12345'))
  await plateStep.submitPlate()
  const photos = new PhotoUploadStore(apply)
  const call = (index: number): Call => {
    const found = calls[index]
    if (!found) throw new Error(`no upload call ${index} (${calls.length} made)`)
    return found
  }
  return { apply, photos, calls, call, cancel }
}

describe('PhotoUploadStore', () => {
  it('shows a photo uploading with its path, then its progress, and counts it neither missing nor sent', async () => {
    const { photos, calls, call } = await world()
    expect(photos.stateOf('drivingLicense')).toEqual({ kind: 'missing' })
    photos.start('drivingLicense', '/tmp/licence.jpg')
    expect(photos.stateOf('drivingLicense')).toEqual({ kind: 'uploading', path: '/tmp/licence.jpg', percent: undefined })
    expect(photos.uploading).toBe(true)
    expect(photos.unsent).toEqual(['idCardFront', 'idCardBack', 'vehicleFront'])
    await tick()
    expect(calls.map(({ orderId, subject, path }) => ({ orderId, subject, path }))).toEqual([
      { orderId: 'ETC1', subject: { kind: 'drivingLicense' }, path: '/tmp/licence.jpg' },
    ])
    call(0).progress(40)
    expect(photos.stateOf('drivingLicense')).toEqual({ kind: 'uploading', path: '/tmp/licence.jpg', percent: 40 })
  })

  it("reads received from the order's answer (an ID card side counts once this device sent it), with the photo sent as its thumbnail, and ignores a late progress report", async () => {
    const { apply, photos, call } = await world()
    photos.start('idCardBack', '/tmp/back.jpg')
    photos.start('vehicleFront', '/tmp/car.jpg')
    await tick()
    call(0).answer.resolve(received(0))
    call(1).answer.resolve(received(CERTIFICATE.VEHICLE_FRONT))
    await photos.settled()
    expect(photos.stateOf('idCardBack')).toEqual({ kind: 'received', path: '/tmp/back.jpg' })
    expect(photos.stateOf('idCardFront')).toEqual({ kind: 'missing' })
    expect(photos.stateOf('vehicleFront')).toEqual({ kind: 'received', path: '/tmp/car.jpg' })
    expect([apply.certificates, apply.idCardSides]).toEqual([CERTIFICATE.VEHICLE_FRONT, ['back']])
    expect(photos.uploading).toBe(false)
    call(1).progress(100)
    expect(photos.stateOf('vehicleFront')).toEqual({ kind: 'received', path: '/tmp/car.jpg' })
    expect(photos.unsent).toEqual(['idCardFront', 'drivingLicense'])
  })

  it("keeps a failure with the request layer's message and the file, and 重新上传 sends that file again", async () => {
    const { photos, calls, call } = await world()
    photos.start('drivingLicense', '/tmp/licence.jpg')
    await tick()
    call(0).answer.reject(networkError())
    await photos.settled()
    expect(photos.stateOf('drivingLicense')).toEqual({ kind: 'failed', path: '/tmp/licence.jpg', message: MESSAGES.network })
    expect(photos.uploading).toBe(false)
    expect(photos.unsent).toContain('drivingLicense')
    photos.retry('drivingLicense')
    expect(photos.stateOf('drivingLicense')).toEqual({ kind: 'uploading', path: '/tmp/licence.jpg', percent: undefined })
    await tick()
    expect(calls.map((made) => made.path)).toEqual(['/tmp/licence.jpg', '/tmp/licence.jpg'])
    call(1).answer.resolve(received(CERTIFICATE.DRIVING_LICENCE))
    await photos.settled()
    expect(photos.stateOf('drivingLicense')).toEqual({ kind: 'received', path: '/tmp/licence.jpg' })
  })

  it('says the generic words for a failure without a message, and retries nothing that has not failed', async () => {
    const { photos, calls, call } = await world()
    photos.retry('vehicleFront')
    expect(calls).toHaveLength(0)
    photos.start('vehicleFront', '/tmp/car.jpg')
    await tick()
    call(0).answer.reject('dropped')
    await photos.settled()
    expect(photos.stateOf('vehicleFront')).toMatchObject({ kind: 'failed', message: PHOTO_UPLOAD_FAILED })
  })

  it('replaces a failed photo with a new choice', async () => {
    const { photos, calls, call } = await world()
    photos.start('idCardFront', '/tmp/blurred.jpg')
    await tick()
    call(0).answer.reject(networkError())
    await photos.settled()
    photos.start('idCardFront', '/tmp/sharp.jpg')
    expect(photos.stateOf('idCardFront')).toEqual({ kind: 'uploading', path: '/tmp/sharp.jpg', percent: undefined })
    await tick()
    expect(calls.map((made) => made.path)).toEqual(['/tmp/blurred.jpg', '/tmp/sharp.jpg'])
  })

  it('shares an upload when the same file is confirmed again while it runs', async () => {
    const { photos, calls, call } = await world()
    photos.start('drivingLicense', '/tmp/licence.jpg')
    await tick()
    call(0).progress(30)
    photos.start('drivingLicense', '/tmp/licence.jpg')
    await tick()
    expect(calls).toHaveLength(1)
    expect(photos.stateOf('drivingLicense')).toMatchObject({ percent: 30 })
  })

  it('sends another file chosen while one uploads once that one has ended, and shows the newer one meanwhile', async () => {
    const { photos, calls, call } = await world()
    photos.start('vehicleFront', '/tmp/first.jpg')
    await tick()
    photos.start('vehicleFront', '/tmp/second.jpg')
    await tick()
    // One upload per photo at a time: the second waits.
    expect(calls).toHaveLength(1)
    expect(photos.stateOf('vehicleFront')).toEqual({ kind: 'uploading', path: '/tmp/second.jpg', percent: undefined })
    // The first one's progress and failure are no longer the slot's.
    call(0).progress(80)
    expect(photos.stateOf('vehicleFront')).toMatchObject({ path: '/tmp/second.jpg', percent: undefined })
    let settled = false
    void photos.settled().then(() => (settled = true))
    call(0).answer.reject(networkError())
    await tick()
    expect(calls.map((made) => made.path)).toEqual(['/tmp/first.jpg', '/tmp/second.jpg'])
    expect(photos.stateOf('vehicleFront')).toMatchObject({ kind: 'uploading', path: '/tmp/second.jpg' })
    expect(settled).toBe(false)
    call(1).progress(10)
    expect(photos.stateOf('vehicleFront')).toMatchObject({ percent: 10 })
    call(1).answer.resolve(received(CERTIFICATE.VEHICLE_FRONT))
    await tick()
    expect(settled).toBe(true)
    expect(photos.stateOf('vehicleFront')).toEqual({ kind: 'received', path: '/tmp/second.jpg' })
  })

  it('counts a failed new photo of a received slot as unsent: it was chosen to replace that one', async () => {
    const { photos, call } = await world()
    photos.start('drivingLicense', '/tmp/old.jpg')
    await tick()
    call(0).answer.resolve(received(CERTIFICATE.DRIVING_LICENCE))
    await photos.settled()
    photos.start('drivingLicense', '/tmp/new.jpg')
    expect(photos.stateOf('drivingLicense')).toMatchObject({ kind: 'uploading' })
    expect(photos.unsent).not.toContain('drivingLicense')
    await tick()
    call(1).answer.reject(networkError())
    await photos.settled()
    expect(photos.stateOf('drivingLicense')).toMatchObject({ kind: 'failed', path: '/tmp/new.jpg' })
    expect(photos.unsent).toContain('drivingLicense')
  })

  it("keeps an upload of an order let go of off the new order's slots, its truth and its uploads", async () => {
    const { apply, photos, calls, call, cancel } = await world()
    photos.start('drivingLicense', '/tmp/a.jpg')
    await tick()
    photos.start('drivingLicense', '/tmp/b.jpg')
    cancel('ETC1')
    expect(photos.stateOf('drivingLicense')).toEqual({ kind: 'missing' })
    expect(photos.uploading).toBe(false)
    call(0).answer.resolve(received(CERTIFICATE.DRIVING_LICENCE))
    await tick()
    // The answer was for the old order; the choice waiting behind it is dropped.
    expect(apply.certificates).toBe(0)
    expect(calls).toHaveLength(1)
    expect(photos.stateOf('drivingLicense')).toEqual({ kind: 'missing' })
  })

  it("waits for the order's own uploads only: one of an order let go of may run on for its whole timeout", async () => {
    const { apply, photos, calls, call } = await world()
    photos.start('drivingLicense', '/tmp/old.jpg')
    await tick()
    apply.resumeOrder(detail({ orderId: 'ETC2', plateNumber: '京B54321', certificatesCommitSate: 0 }))
    photos.start('vehicleFront', '/tmp/car.jpg')
    await tick()
    expect(calls.map(({ orderId }) => orderId)).toEqual(['ETC1', 'ETC2'])
    let settled = false
    void photos.settled().then(() => (settled = true))
    await tick()
    expect(settled).toBe(false)
    call(1).answer.resolve(received(CERTIFICATE.VEHICLE_FRONT))
    await tick()
    // The old order's upload is still unanswered.
    expect(settled).toBe(true)
    expect(photos.stateOf('vehicleFront')).toEqual({ kind: 'received', path: '/tmp/car.jpg' })
  })

  it('waits for an upload of the order that queues behind one of an order let go of', async () => {
    const { apply, photos, calls, call } = await world()
    photos.start('drivingLicense', '/tmp/old.jpg')
    await tick()
    apply.resumeOrder(detail({ orderId: 'ETC2', plateNumber: '京B54321', certificatesCommitSate: 0 }))
    photos.start('drivingLicense', '/tmp/new.jpg')
    let settled = false
    void photos.settled().then(() => (settled = true))
    call(0).answer.resolve(received(CERTIFICATE.DRIVING_LICENCE))
    await tick()
    expect(calls.map(({ orderId, path }) => [orderId, path])).toEqual([
      ['ETC1', '/tmp/old.jpg'],
      ['ETC2', '/tmp/new.jpg'],
    ])
    expect(settled).toBe(false)
    call(1).answer.resolve(received(CERTIFICATE.DRIVING_LICENCE))
    await tick()
    expect(settled).toBe(true)
    expect(apply.certificates).toBe(CERTIFICATE.DRIVING_LICENCE)
  })

  it('fails a photo chosen without an order, as the apply store refuses it', async () => {
    const { store: apply } = setup()
    const photos = new PhotoUploadStore(apply)
    photos.start('idCardFront', '/tmp/a.jpg')
    await photos.settled()
    expect(photos.stateOf('idCardFront')).toEqual({ kind: 'failed', path: '/tmp/a.jpg', message: '请先填写车牌号' })
  })
})
