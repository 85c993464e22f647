/**
 * An ApplyStore over fake apply calls and in-memory encrypted storage, with the plate page's 下一步
 * (PlateStepStore) over it, for the apply stores' tests.
 */
import { observable, runInAction } from 'mobx'
import { CHANNELS } from '../../../src/config/channel'
import { EMPTY_APPLY_FORM } from '../../../src/domain/apply-form'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import { memoryBackend } from '../../support/memory-storage'
import { ApplyStore } from '../../../src/stores/apply-store'
import type { ApplyCalls, ApplyStoreDeps } from '../../../src/stores/apply-store'
import type { PlateChecks } from '../../../src/stores/plate-decision'
import { PlateStepStore } from '../../../src/stores/plate-step-store'
import type { PlateStepDeps } from '../../../src/stores/plate-step-store'
import type { ApplyDraft, ApplyPayload } from '../../../types/api/apply'
import { FREE_PLATE_CHECKS } from '../../support/free-plate-checks'

export const STORAGE_KEY = 'b'.repeat(64)
export const STORAGE_PREFIX = 'etc_bank_'

export { memoryBackend }

export const form = {
  ...EMPTY_APPLY_FORM,
  ownerName: '张三',
  idNumber: '11010519491231002x',
  mobile: '13800138000',
  vehicleInfo: '大众汽车牌FV7152FBDBG',
  vin: 'lfv2a21k157402375',
  engineNo: 'EA211-123456',
  deliveryMethod: '2' as const,
}

/** Both stores' calls: the apply calls and the plate checks. */
export type SetupApi = ApplyCalls & PlateChecks

export function setup(overrides: Partial<SetupApi> = {}, backend = memoryBackend()) {
  const sent: ApplyPayload[] = []
  const drafts: unknown[] = []
  /** The orders handed to their issuer (apply/push). */
  const pushes: string[] = []
  const api: SetupApi = {
    ...FREE_PLATE_CHECKS,
    phoneByCode: async (code) => ({ mobile: code === 'PHONE-CODE' ? '13912345678' : '13800138000' }),
    apply: async (payload) => {
      sent.push(payload)
      return { orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: 2, missing: [] }
    },
    saveDraft: async (draft) => (drafts.push(draft), { savedAt: 'now' }),
    loadDraft: async () => drafts.at(-1) as ApplyDraft | undefined,
    uploadPhoto: async () => ({ fileId: 'f', url: '/f', certificatesCommitSate: 2 }),
    recognizePhoto: async () => ({ document: 'drivingLicense', outcome: 'unread', reason: 'unreadable' }),
    push: async (orderId) => (pushes.push(orderId), { orderId, pushed: true, issuerReceivedAt: null }),
    plateReleaseNotice: async () => ({ maskedPhone: '138****8000', releaseAt: '2026-03-01T08:30:00.000Z' }),
    ...overrides,
  }
  const storage = createSecureStorage({ backend, keyHex: STORAGE_KEY, prefix: STORAGE_PREFIX })
  const cancelled = observable.set<string>()
  const deps: ApplyStoreDeps = {
    api,
    storage,
    channel: CHANNELS.bank,
    promotion: () => CHANNELS.bank.defaultPromotion,
    uid: () => 'uid-1',
    activitySource: () => 7,
    now: () => 1_700_000_000_000,
    // The order cache's part the journey reads: which orders are cancelled (`cancel` below).
    orders: { recordSubmitted: () => undefined, isCancelled: (orderId) => cancelled.has(orderId) },
    issuerAgreements: { forget: () => undefined },
  }
  /** Cancels an order in the order cache, as the order pages do. */
  const cancel = (orderId: string) => runInAction(() => cancelled.add(orderId))
  const store = new ApplyStore(deps)
  const plateDeps: PlateStepDeps = {
    api,
    application: store,
    promotion: () => deps.promotion(),
    promotionReady: async () => undefined,
    promotionPending: () => false,
  }
  return { store, plateStep: new PlateStepStore(plateDeps), sent, drafts, pushes, backend, storage, deps, plateDeps, cancel }
}
