/**
 * The photos' readings in the application (PhotoReadingStore inside ApplyStore), with fake calls:
 * an uploaded ID card side or licence is read, its reading fills only empty fields, marked until
 * changed; a differing typed value keeps and is offered the photo's; a failed or refused reading
 * changes nothing but its line; readings of an order let go of change nothing; the readings are
 * kept with the draft across a reload and go with the order.
 */
import { entryFromText } from '../../../src/domain/plate-entry'
import type { PhotoReading, ReadableDocument } from '../../../types/api/apply'
import { memoryBackend, setup } from './apply-setup'

const FRONT: PhotoReading = { document: 'idCardFront', outcome: 'read', text: { name: '张三', idNumber: '11010519491231002X', address: '北京市朝阳区建国路88号' } }
const LICENCE: PhotoReading = {
  document: 'drivingLicense',
  outcome: 'read',
  text: { plateNumber: '京A8D6E2', owner: '张三', model: '大众汽车牌FV7152FBDBG', vin: 'LFV2A21K157402375', engineNo: 'EA211123456' },
}
const SUBJECTS = { idCardFront: { kind: 'idCard', side: 'front' }, idCardBack: { kind: 'idCard', side: 'back' }, drivingLicense: { kind: 'drivingLicense' } } as const

/** An application with an order for 京A8D6E2, whose photos read as `answers` say (by file id). */
async function withOrder(answers: Partial<Record<ReadableDocument, PhotoReading | Error>>, backend = memoryBackend()) {
  const calls: string[] = []
  const app = setup(
    {
      uploadPhoto: async (_orderId, subject) => ({ fileId: subject.kind === 'idCard' ? `F-${subject.side}` : 'F-licence', url: '/f', certificatesCommitSate: 0 }),
      recognizePhoto: async (orderId, fileId) => {
        calls.push(`${orderId}:${fileId}`)
        const document: ReadableDocument = fileId === 'F-front' ? 'idCardFront' : fileId === 'F-back' ? 'idCardBack' : 'drivingLicense'
        const answer = answers[document]
        if (answer instanceof Error) throw answer
        return answer ?? { document, outcome: 'unread', reason: 'unreadable' }
      },
    },
    backend,
  )
  app.store.setPlate(entryFromText('京A8D6E2'))
  await app.plateStep.submitPlate()
  return { ...app, calls }
}

/** Uploads `document` and waits for its reading to settle. */
async function upload(store: Awaited<ReturnType<typeof withOrder>>['store'], document: ReadableDocument): Promise<void> {
  await store.uploadPhoto(SUBJECTS[document], `/${document}.jpg`)
  await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('photos that fill the form', () => {
  it('reads an uploaded ID card and licence, fills the empty fields and marks them, validated as typed', async () => {
    const { store, calls } = await withOrder({ idCardFront: FRONT, drivingLicense: LICENCE })
    await upload(store, 'idCardFront')
    await upload(store, 'drivingLicense')

    expect(calls).toEqual(['ETC1:F-front', 'ETC1:F-licence'])
    expect(store.form.values).toMatchObject({ ownerName: '张三', idNumber: '11010519491231002X', vehicleInfo: '大众汽车牌FV7152FBDBG', vin: 'LFV2A21K157402375', engineNo: 'EA211123456', mobile: '' })
    expect(store.form.touched).toMatchObject({ ownerName: true, idNumber: true, vin: true })
    expect(store.reading.isRecognized('vin')).toBe(true)
    expect(store.reading.statuses).toEqual({
      idCardFront: { kind: 'read', message: '已从身份证人像面识别2项信息，请核对' },
      drivingLicense: { kind: 'read', message: '已从行驶证主页识别3项信息，请核对' },
    })
    expect(store.reading.checks).toEqual({})

    // Changed by the person: no longer marked.
    store.form.setField('vin', 'LFV2A21K157402376')
    expect(store.reading.isRecognized('vin')).toBe(false)
  })

  it('reads no vehicle front photo', async () => {
    const { store, calls } = await withOrder({})
    await store.uploadPhoto({ kind: 'image', imageType: 'vehicleFront' }, '/car.jpg')
    expect(calls).toEqual([])
    expect(store.reading.statuses).toEqual({})
  })

  it('overwrites nothing typed: the typed value stays and the photo offers its own, taken at a tap', async () => {
    const { store } = await withOrder({ idCardFront: FRONT })
    store.form.setField('ownerName', '张叁')
    await upload(store, 'idCardFront')

    expect(store.form.values.ownerName).toBe('张叁')
    expect(store.reading.isRecognized('ownerName')).toBe(false)
    expect(store.reading.differing('ownerName')).toBe('张三')
    expect(store.reading.statuses.idCardFront?.message).toBe('已从身份证人像面识别1项信息，请核对')

    store.reading.useSuggestion('ownerName')
    expect(store.form.values.ownerName).toBe('张三')
    expect(store.reading.isRecognized('ownerName')).toBe(true)
    expect(store.reading.differing('ownerName')).toBeUndefined()
  })

  it('says in one line why a photo was not read, and leaves the form as it was', async () => {
    const { store } = await withOrder({ idCardFront: new Error('网络不给力'), drivingLicense: { document: 'drivingLicense', outcome: 'unread', reason: 'wrongDocument' } })
    store.form.setField('vin', 'LFV2A21K157402375')
    const before = { ...store.form.values }
    await upload(store, 'idCardFront')
    await upload(store, 'drivingLicense')
    await upload(store, 'idCardBack')

    expect(store.form.values).toEqual(before)
    expect(store.reading.statuses).toEqual({
      idCardFront: { kind: 'unread', message: '暂时无法识别身份证人像面，请手动填写' },
      drivingLicense: { kind: 'unread', message: '这张照片不像行驶证主页，未能识别，请手动填写或重新上传' },
      idCardBack: { kind: 'unread', message: '未能识别身份证国徽面：照片不够清晰，请核对后手动填写' },
    })
  })

  it("checks the licence's plate and owner and the ID card's validity", async () => {
    const { store } = await withOrder({
      drivingLicense: { ...LICENCE, text: { ...LICENCE.text, plateNumber: '京B11111', owner: '李四' } },
      idCardBack: { document: 'idCardBack', outcome: 'read', text: { validFrom: '2003.01.01', validUntil: '2023.01.01' } },
    })
    store.form.setField('ownerName', '张三')
    await upload(store, 'drivingLicense')
    await upload(store, 'idCardBack')

    expect(store.reading.checks).toEqual({
      plate: '行驶证上的车牌号为京B11111，与申办车牌京A8D6E2不一致，请核对照片或车牌',
      owner: '行驶证所有人为李四，与车主姓名不一致：ETC须由车主本人申请',
      expired: '身份证已于2023年01月01日过期，请使用有效期内的身份证',
    })
  })

  it('keeps the readings and marks with the draft across a reload, and forgets them with the order', async () => {
    const backend = memoryBackend()
    const first = await withOrder({ idCardFront: FRONT }, backend)
    await upload(first.store, 'idCardFront')

    const reloaded = setup({}, backend)
    expect(reloaded.store.reading.isRecognized('idNumber')).toBe(true)
    expect(reloaded.store.reading.readings.idCardFront?.name).toBe('张三')
    // How the last reading went is this run's: a reload shows no line.
    expect(reloaded.store.reading.statuses).toEqual({})

    reloaded.store.setPlate(entryFromText('京B22222'))
    expect(reloaded.store.reading.readings).toEqual({})
    expect(reloaded.store.reading.isRecognized('idNumber')).toBe(false)
  })

  it('changes nothing when the answer comes for an order let go of', async () => {
    let answer: (reading: PhotoReading) => void = () => undefined
    const app = setup({
      uploadPhoto: async () => ({ fileId: 'F-front', url: '/f', certificatesCommitSate: 0 }),
      recognizePhoto: () => new Promise<PhotoReading>((resolve) => (answer = resolve)),
    })
    app.store.setPlate(entryFromText('京A8D6E2'))
    await app.plateStep.submitPlate()
    await app.store.uploadPhoto(SUBJECTS.idCardFront, '/front.jpg')
    expect(app.store.reading.statuses.idCardFront).toEqual({ kind: 'reading', message: '正在识别身份证人像面…' })

    app.store.setPlate(entryFromText('京B22222'))
    answer(FRONT)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(app.store.form.values.ownerName).toBe('')
    expect(app.store.reading.readings).toEqual({})
    expect(app.store.reading.statuses).toEqual({})
  })
})
