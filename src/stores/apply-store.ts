/**
 * The application in progress: the plate, the form, the order it opened, the photos received and
 * the package chosen. Every change is kept in encrypted storage at once (a reload, a camera round
 * trip or a visit days later restores it), and saved silently to the server at step boundaries.
 * Each apply step is sent once: a step already in flight is shared, never sent a second time.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { EMPTY_APPLY_FORM, formErrors, nextApplyStep, normaliseForm } from '../domain/apply-form'
import type { ApplyForm, ApplyFormField, ApplyStepName } from '../domain/apply-form'
import { APPLY_STEP, DELIVERY_METHOD } from '../domain/enums'
import type { ApplyStep } from '../domain/enums'
import { REAPPLY_TYPE, reapplyType } from '../domain/order'
import type { OrderFields, ReapplyType } from '../domain/order'
import { PLATE_TAKEN_MESSAGE, isPlateQueryable, parsePlate, plateAlreadyHandled } from '../domain/plate'
import { EMPTY_PLATE_ENTRY, entryFromText, plateText } from '../domain/plate-entry'
import type { PlateEntry } from '../domain/plate-entry'
import type {
  ApplyDraft,
  ApplyPayload,
  ApplyResponse,
  IdCardSide,
  CheckApplyPlateResponse,
  InterceptionResponse,
  PlateUniqueResponse,
  SaveDraftResponse,
  UploadResponse,
  UploadSubject,
} from '../../types/api/apply'
import type { OrderDetail } from '../../types/api/orders'
import type { ChannelProfile, PromotionIds } from '../config/channel'
import type { SecureStorage } from '../platform/secure-storage'
import { InFlight } from './in-flight'

/** The apply calls of the journey (the services' apply API functions, or fakes). */
export interface ApplyCalls {
  plateUnique(plateNumber: string, plateColor: number): Promise<PlateUniqueResponse>
  contractInterception(request: { plateNo: string; plateColor: number; orderId?: string; promotionChannelId: string }): Promise<InterceptionResponse>
  checkApplyPlate(plateNumber: string): Promise<CheckApplyPlateResponse>
  apply(payload: ApplyPayload): Promise<ApplyResponse>
  saveDraft(draft: ApplyDraft): Promise<SaveDraftResponse>
  /** The draft saved at the last step boundary (from any device), if any. */
  loadDraft(): Promise<ApplyDraft | undefined>
  uploadPhoto(orderId: string, subject: UploadSubject, filePath: string, onProgress?: (percent: number) => void): Promise<UploadResponse>
}

/** Everything the store calls: the apply calls and the caller's open order of a plate, if any. */
export interface ApplyStoreApi extends ApplyCalls {
  currentProcessByPlate(plateNumber: string): Promise<(OrderFields & { orderId: string }) | null>
}

export interface ApplyStoreDeps {
  api: ApplyStoreApi
  storage: SecureStorage
  channel: ChannelProfile
  promotion(): PromotionIds
  /** The logged-in uid (sent in the bank app only). */
  uid(): string | undefined
  /** ACTIVITY_TYPE of the flow the user came through. */
  activitySource(): number
  now(): number
}

/** What the plate check decided. */
export type PlateDecision =
  | { kind: 'invalid'; reason: string }
  | { kind: 'taken'; message: string }
  | { kind: 'intercepted'; reason: string }
  | { kind: 'reapply'; orderId: string; reapplyType: Exclude<ReapplyType, 0> }
  | { kind: 'resume'; orderId: string }
  | { kind: 'created'; orderId: string }

interface StoredDraft {
  plate: string
  plateKind: PlateEntry['kind']
  form: ApplyForm
  orderId?: string
  commodityId?: string
  certificates: number
  /** The ID card sides uploaded for this order (the server's ID card bit needs both). */
  idCardSides?: IdCardSide[]
  agreementsAcceptedAt?: number
  /** The steps the server has accepted for this order, so none is sent twice. */
  sentSteps: ApplyStep[]
  savedAt: number
}

export const APPLY_STORAGE = { draft: 'applyDraft' } as const
export const INTERCEPTED_DEFAULT = '该车辆暂不支持线上办理'

const isFormEmpty = (form: ApplyForm): boolean => Object.values(form).every((value) => value === '')

/** The form fields a saved draft carries. */
function formOfDraft(draft: ApplyDraft): Partial<ApplyForm> {
  const { owner, vehicle, delivery } = draft
  return {
    ...(owner ? { ownerName: owner.ownerName, idNumber: owner.idNumber, mobile: owner.mobile } : {}),
    ...(vehicle ? { vehicleInfo: vehicle.vehicleInfo, vin: vehicle.vin, engineNo: vehicle.engineNo } : {}),
    ...(delivery
      ? {
          deliveryMethod: delivery.method,
          consigneeName: delivery.consigneeName ?? '',
          consigneeMobile: delivery.consigneeMobile ?? '',
          region: delivery.region ?? '',
          address: delivery.address ?? '',
        }
      : {}),
  }
}

export class ApplyStore {
  plate: PlateEntry = EMPTY_PLATE_ENTRY
  form: ApplyForm = { ...EMPTY_APPLY_FORM }
  orderId: string | undefined = undefined
  commodityId: string | undefined = undefined
  certificates = 0
  /** The ID card sides uploaded for this order: the server sets its bit only once both are in. */
  idCardSides: IdCardSide[] = []
  agreementsAcceptedAt: number | undefined = undefined
  sentSteps: ApplyStep[] = []
  /** Fields the user has left, whose errors show now. */
  touched: Partial<Record<ApplyFormField, true>> = {}
  private readonly inFlight = new InFlight()

  constructor(private readonly deps: ApplyStoreDeps) {
    const stored = deps.storage.get<StoredDraft>(APPLY_STORAGE.draft)
    if (stored) this.restore(stored)
    makeAutoObservable<ApplyStore, 'deps' | 'inFlight'>(this, { deps: false, inFlight: false })
  }

  get plateNumber(): string {
    return plateText(this.plate)
  }

  get errors(): Partial<Record<ApplyFormField, string>> {
    return formErrors(this.form)
  }

  /** The error a field shows: only once the user has left it (or tried to submit). */
  visibleError(field: ApplyFormField): string | undefined {
    return this.touched[field] ? this.errors[field] : undefined
  }

  // ---- editing: every change is kept at once ----

  setPlate(entry: PlateEntry): void {
    if (this.orderId && plateText(entry) !== this.plateNumber) {
      // Another plate is another application: the old order stays on the server, the form stays.
      this.orderId = undefined
      this.certificates = 0
      this.idCardSides = []
      this.commodityId = undefined
      this.sentSteps = []
    }
    this.plate = entry
    this.persist()
  }

  setField(field: ApplyFormField, value: string): void {
    this.form = { ...this.form, [field]: value }
    this.persist()
  }

  touch(field: ApplyFormField): void {
    this.touched = { ...this.touched, [field]: true }
  }

  acceptAgreements(): void {
    this.agreementsAcceptedAt = this.deps.now()
    this.persist()
  }

  chooseCommodity(commodityId: string): void {
    this.commodityId = commodityId
    this.persist()
  }

  /**
   * Lets go of a cancelled order: the plate and the form stay for a new application, whose order
   * starts again from its first step.
   */
  forgetOrder(orderId: string): void {
    if (this.orderId !== orderId) return
    this.orderId = undefined
    this.certificates = 0
    this.idCardSides = []
    this.commodityId = undefined
    this.sentSteps = []
    this.persist()
  }

  /** Forgets the application (after it is paid, or when the user starts over). */
  clear(): void {
    this.restore({ plate: '', plateKind: 'blue', form: { ...EMPTY_APPLY_FORM }, certificates: 0, sentSteps: [], savedAt: 0 })
    this.touched = {}
    this.deps.storage.remove(APPLY_STORAGE.draft)
  }

  // ---- the plate page ----

  /**
   * Checks the plate (format, uniqueness, interception, an existing order of the user's) and opens
   * the order. A second call while one runs shares it.
   */
  submitPlate(): Promise<PlateDecision> {
    return this.inFlight.run('plate', () => this.decidePlate())
  }

  private async decidePlate(): Promise<PlateDecision> {
    const parsed = parsePlate(this.plateNumber)
    if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason }
    const { api } = this.deps
    const unique = await api.plateUnique(parsed.plate, parsed.plateColor)
    if (plateAlreadyHandled(unique.data.resultType)) return { kind: 'taken', message: PLATE_TAKEN_MESSAGE }
    if (isPlateQueryable(parsed.plate)) {
      const interception = await api.contractInterception({
        plateNo: parsed.plate,
        plateColor: parsed.plateColor,
        promotionChannelId: this.deps.promotion().promotionChannelId,
        ...(this.orderId ? { orderId: this.orderId } : {}),
      })
      if (interception.intercept) return { kind: 'intercepted', reason: interception.reason || INTERCEPTED_DEFAULT }
    }
    const existing = await api.currentProcessByPlate(parsed.plate)
    if (existing) {
      const type = reapplyType(existing, await api.checkApplyPlate(parsed.plate))
      if (type !== REAPPLY_TYPE.NONE) return { kind: 'reapply', orderId: existing.orderId, reapplyType: type }
      this.adoptOrder(existing.orderId, existing.certificatesCommitSate)
      return { kind: 'resume', orderId: existing.orderId }
    }
    const created = await api.apply(this.payload(APPLY_STEP.CREATE))
    this.adoptOrder(created.orderId, created.certificatesCommitSate)
    this.markSent(APPLY_STEP.CREATE)
    return { kind: 'created', orderId: created.orderId }
  }

  /**
   * Continues an order from the order pages: the journey adopts it (plate, package, photos and
   * the steps the server has) and answers where it goes on. The form keeps what was typed for
   * this order on this device; the server only has it masked.
   */
  resumeOrder(order: OrderDetail): ApplyStepName {
    if (order.orderId !== this.orderId) {
      this.plate = entryFromText(order.plateNumber)
      this.form = { ...EMPTY_APPLY_FORM }
      this.touched = {}
      this.idCardSides = []
    }
    this.orderId = order.orderId
    this.certificates = order.certificatesCommitSate
    this.commodityId = order.commodityId ?? undefined
    this.sentSteps = order.completeness.submitted ? [APPLY_STEP.CREATE, APPLY_STEP.FINAL_COMMIT] : [APPLY_STEP.CREATE]
    this.persist()
    return nextApplyStep({ ...order.completeness, certificatesCommitSate: order.certificatesCommitSate, depositPayState: order.depositPayState })
  }

  // ---- the information page ----

  /**
   * Fills an empty form from the server's copy of this order's draft (typed on another device,
   * or before this device's storage was cleared). Answers whether anything was restored; a
   * failure leaves the form as it is.
   */
  async restoreServerDraft(): Promise<boolean> {
    const orderId = this.orderId
    if (!orderId || !isFormEmpty(this.form)) return false
    const draft = await this.deps.api.loadDraft().catch(() => undefined)
    if (!draft || draft.orderId !== orderId || this.orderId !== orderId || !isFormEmpty(this.form)) return false
    runInAction(() => {
      this.form = { ...this.form, ...formOfDraft(draft) }
      this.persist()
    })
    return true
  }

  /** Marks every field touched; true when the form has no errors. */
  validateAll(): boolean {
    const touched: Partial<Record<ApplyFormField, true>> = {}
    for (const field of Object.keys(EMPTY_APPLY_FORM) as ApplyFormField[]) touched[field] = true
    this.touched = touched
    return Object.keys(this.errors).length === 0
  }

  /** Sends the form (step UPDATE); the draft is saved to the server at this boundary. */
  saveInformation(): Promise<ApplyResponse> {
    return this.inFlight.run('information', async () => {
      this.form = normaliseForm(this.form)
      const response = await this.deps.api.apply(this.payload(APPLY_STEP.UPDATE))
      this.afterStep(response, APPLY_STEP.UPDATE)
      return response
    })
  }

  savePackage(): Promise<ApplyResponse> {
    return this.inFlight.run('package', async () => {
      const response = await this.deps.api.apply(this.payload(APPLY_STEP.UPDATE))
      this.afterStep(response, APPLY_STEP.UPDATE)
      return response
    })
  }

  /** The final commit (step 200); answers what is still missing when the server says so. */
  submit(): Promise<ApplyResponse> {
    return this.inFlight.run('submit', async () => {
      const response = await this.deps.api.apply(this.payload(APPLY_STEP.FINAL_COMMIT))
      this.afterStep(response, APPLY_STEP.FINAL_COMMIT)
      return response
    })
  }

  /** Uploads a photo of the order; a second call for the same photo while one runs shares it. */
  uploadPhoto(subject: UploadSubject, filePath: string, onProgress?: (percent: number) => void): Promise<UploadResponse> {
    const orderId = this.orderId
    if (!orderId) return Promise.reject(new Error('请先填写车牌号'))
    const key = subject.kind === 'idCard' ? `photo:idCard:${subject.side}` : subject.kind === 'image' ? `photo:${subject.imageType}` : 'photo:drivingLicense'
    return this.inFlight.run(key, async () => {
      const response = await this.deps.api.uploadPhoto(orderId, subject, filePath, onProgress)
      // The server's mask is the truth (the ID card bit needs both sides).
      runInAction(() => {
        this.certificates = response.certificatesCommitSate
        if (subject.kind === 'idCard' && this.orderId === orderId && !this.idCardSides.includes(subject.side)) {
          this.idCardSides = [...this.idCardSides, subject.side]
        }
        this.persist()
      })
      return response
    })
  }

  get submitted(): boolean {
    return this.sentSteps.includes(APPLY_STEP.FINAL_COMMIT)
  }

  // ---- internals ----

  private payload(stepId: ApplyStep): ApplyPayload {
    const parsed = parsePlate(this.plateNumber)
    const promotion = this.deps.promotion()
    const uid = this.deps.channel.key === 'bank' ? this.deps.uid() : undefined
    const form = this.form
    const payload: ApplyPayload = {
      stepId,
      ...(this.orderId ? { orderId: this.orderId } : {}),
      channelSource: this.deps.channel.key,
      sourceChannel: this.deps.channel.sourceChannel,
      activitySource: this.deps.activitySource(),
      promotionChannelId: promotion.promotionChannelId,
      partnerId: promotion.partnerId,
      promoterId: promotion.promoterId,
      ...(uid ? { uid } : {}),
      plateNumber: parsed.ok ? parsed.plate : this.plateNumber,
      plateColor: parsed.ok ? parsed.plateColor : 0,
      ...(this.commodityId ? { commodityId: this.commodityId } : {}),
      ...(this.agreementsAcceptedAt ? { agreementsAcceptedAt: this.agreementsAcceptedAt } : {}),
    }
    if (stepId === APPLY_STEP.CREATE) return payload
    return {
      ...payload,
      owner: { ownerName: form.ownerName, idNumber: form.idNumber, mobile: form.mobile },
      vehicle: { vehicleInfo: form.vehicleInfo, vin: form.vin, engineNo: form.engineNo },
      ...(form.deliveryMethod
        ? {
            delivery:
              form.deliveryMethod === DELIVERY_METHOD.MAIL
                ? { method: form.deliveryMethod, consigneeName: form.consigneeName, consigneeMobile: form.consigneeMobile, region: form.region, address: form.address }
                : { method: form.deliveryMethod },
          }
        : {}),
    }
  }

  private afterStep(response: ApplyResponse, step: ApplyStep): void {
    this.adoptOrder(response.orderId, response.certificatesCommitSate)
    if (step !== APPLY_STEP.FINAL_COMMIT || response.missing.length === 0) this.markSent(step)
    // The server's copy of the draft, at the step boundary; a failure costs nothing (it is local too).
    this.deps.api.saveDraft(this.draft()).catch(() => undefined)
  }

  private adoptOrder(orderId: string, certificates: number | string | null | undefined): void {
    if (orderId !== this.orderId) this.idCardSides = []
    this.orderId = orderId
    this.certificates = Number(certificates) || 0
    this.persist()
  }

  private markSent(step: ApplyStep): void {
    if (!this.sentSteps.includes(step)) this.sentSteps = [...this.sentSteps, step]
    this.persist()
  }

  private draft(): ApplyDraft {
    return { ...this.payload(APPLY_STEP.UPDATE), savedAt: this.deps.now() }
  }

  private persist(): void {
    const stored: StoredDraft = {
      plate: this.plateNumber,
      plateKind: this.plate.kind,
      form: this.form,
      ...(this.orderId ? { orderId: this.orderId } : {}),
      ...(this.commodityId ? { commodityId: this.commodityId } : {}),
      certificates: this.certificates,
      idCardSides: this.idCardSides,
      ...(this.agreementsAcceptedAt ? { agreementsAcceptedAt: this.agreementsAcceptedAt } : {}),
      sentSteps: this.sentSteps,
      savedAt: this.deps.now(),
    }
    this.deps.storage.set(APPLY_STORAGE.draft, stored)
  }

  private restore(stored: StoredDraft): void {
    const entry = entryFromText(stored.plate)
    this.plate = stored.plateKind === 'green' && entry.kind === 'blue' ? { kind: 'green', chars: entry.chars } : entry
    this.form = { ...EMPTY_APPLY_FORM, ...stored.form }
    this.orderId = stored.orderId
    this.commodityId = stored.commodityId
    this.certificates = stored.certificates
    this.idCardSides = stored.idCardSides ?? []
    this.agreementsAcceptedAt = stored.agreementsAcceptedAt
    this.sentSteps = stored.sentSteps
  }
}
