import { EMPTY_APPLY_FORM } from '../../../src/domain/apply-form'
import { PLATE_COLOR } from '../../../src/domain/enums'
import { entryFromText } from '../../../src/domain/plate-entry'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import type { SecureStorage } from '../../../src/platform/secure-storage'
import { APPLY_DRAFT_VERSION, APPLY_STORAGE, STORED_APPLY_DRAFT, readApplyDraft } from '../../../src/stores/apply-draft'
import type { StoredApplyDraft } from '../../../src/stores/apply-draft'
import { ApplyStore } from '../../../src/stores/apply-store'
import { detail } from '../../support/order-fixtures'
import { STORAGE_KEY, STORAGE_PREFIX, memoryBackend, setup } from './apply-setup'

const DRAFT_KEY = `${STORAGE_PREFIX}${APPLY_STORAGE.draft}`

const stored: StoredApplyDraft = {
  version: APPLY_DRAFT_VERSION,
  plate: '京A12345',
  plateKind: 'blue',
  form: { ownerName: '张三' },
  orderId: 'ETC1',
  certificates: 2,
  idCardSides: ['front'],
  sentSteps: [1],
  savedAt: 1_700_000_000_000,
}

/** Storage over `backend` that counts its writes. */
function countingStorage(backend = memoryBackend()): SecureStorage & { writes: number } {
  const storage = createSecureStorage({ backend, keyHex: STORAGE_KEY, prefix: STORAGE_PREFIX })
  const counting = {
    writes: 0,
    get: storage.get,
    remove: storage.remove,
    set(name: string, value: unknown) {
      counting.writes += 1
      storage.set(name, value)
    },
  }
  return counting
}

describe('ApplyStore keeps everything typed', () => {
  it('restores plate, form, order and photos after a reload, encrypted at rest', async () => {
    const backend = memoryBackend()
    const first = setup({}, backend)
    first.store.setPlate(entryFromText('粤BD12345'))
    await first.plateStep.submitPlate()
    first.store.form.setField('ownerName', '张三')
    first.store.form.setField('idNumber', '11010519491231002X')
    first.store.chooseCommodity('BANK_VIP')
    const reloaded = setup({}, backend).store
    expect([reloaded.plateNumber, reloaded.plate.kind, reloaded.form.values.ownerName, reloaded.orderId, reloaded.commodityId]).toEqual([
      '粤BD12345', 'green', '张三', 'ETC1', 'BANK_VIP',
    ])
    const dump = [...backend.raw.values()].join('\n')
    for (const secret of ['张三', '11010519491231002X', '粤BD12345', 'ETC1']) expect(dump).not.toContain(secret)
  })

  it('forgets the order when the plate changes, and everything on clear', async () => {
    const backend = memoryBackend()
    const { store, plateStep } = setup({}, backend)
    store.setPlate(entryFromText('京A12345'))
    await plateStep.submitPlate()
    store.form.setField('ownerName', '张三')
    store.setPlate(entryFromText('京A12346'))
    expect([store.orderId, store.form.values.ownerName]).toEqual([undefined, '张三'])
    store.clear()
    expect([store.plateNumber, store.form.values.ownerName]).toEqual(['', ''])
    expect(backend.raw.has(DRAFT_KEY)).toBe(false)
  })

  it('survives a reload as the adopted order', () => {
    const backend = memoryBackend()
    setup({}, backend).store.resumeOrder(detail({ orderId: 'ETC9', plateNumber: '粤BD12345', plateColor: PLATE_COLOR.GREEN, commodityId: 'C1' }))
    const reloaded = setup({}, backend).store
    expect([reloaded.orderId, reloaded.plateNumber, reloaded.commodityId]).toEqual(['ETC9', '粤BD12345', 'C1'])
  })
})

describe('the stored draft', () => {
  it('is written once after each change of what it holds, with its version', () => {
    const storage = countingStorage()
    const watched = new ApplyStore({ ...setup().deps, storage })
    watched.setPlate(entryFromText('京A12345'))
    watched.form.setField('ownerName', '张三')
    watched.form.touch('ownerName')
    watched.form.setField('ownerName', '张三')
    watched.acceptAgreements()
    expect(storage.writes).toBe(3)
    expect(readApplyDraft(storage)).toMatchObject({ version: APPLY_DRAFT_VERSION, plate: '京A12345', form: { ownerName: '张三' }, agreementsAcceptedAt: 1_700_000_000_000 })
  })

  it.each([
    ['an unknown version', { ...stored, version: 2 }],
    ['a malformed form', { ...stored, form: { ownerName: 7 } }],
    ['a missing field', { ...stored, sentSteps: undefined }],
    ['not an object', 'applyDraft'],
  ])('drops %s, and the application starts empty', (_case, value) => {
    const backend = memoryBackend()
    createSecureStorage({ backend, keyHex: STORAGE_KEY, prefix: STORAGE_PREFIX }).set(APPLY_STORAGE.draft, value)
    const { store } = setup({}, backend)
    expect([store.plateNumber, store.orderId, store.form.values]).toEqual(['', undefined, EMPTY_APPLY_FORM])
    expect(backend.raw.has(DRAFT_KEY)).toBe(false)
  })

  it('reads a draft kept before the shape had a version as the current one', () => {
    const { version: _version, idCardSides: _sides, ...unversioned } = stored
    expect(STORED_APPLY_DRAFT(unversioned)).toEqual({ ...stored, idCardSides: [] })
    expect(STORED_APPLY_DRAFT(stored)).toEqual(stored)
  })
})
