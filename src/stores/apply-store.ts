/**
 * The application in progress, step by step: the plate, the form, the order it opened, the photos
 * received and the package chosen. It is kept on the device as it changes (apply-draft.ts) and
 * saved silently to the server at step boundaries. Each apply step is sent once: a step already
 * in flight is shared, never sent a second time.
 */
import { computed, makeAutoObservable, reaction, runInAction } from 'mobx'
import { nextApplyStep } from '../domain/apply-form'
import type { ApplyStepName } from '../domain/apply-form'
import { APPLY_STEP, PAY_STATE } from '../domain/enums'
import { parsePlate } from '../domain/plate'
import { readableDocumentOf } from '../domain/photo-reading'
import type { PlateResult } from '../domain/plate'
import type { ApplyStep } from '../domain/enums'
import { EMPTY_PLATE_ENTRY, entryFromText, plateText } from '../domain/plate-entry'
import type { PlateEntry } from '../domain/plate-entry'
import { ISSUER_AGREEMENT_OUTDATED } from '../../types/api/apply'
import type { ApplyDraft, ApplyPayload, ApplyResponse, IdCardSide, IssuerAgreementAcceptance, UploadResponse, UploadSubject } from '../../types/api/apply'
import type { OrderDetail } from '../../types/api/orders'
import type { PromotionIds } from '../config/channel'
import type { SecureStorage } from '../platform/secure-storage'
import { isRequestError } from '../services/request/errors'
import { keepApplyDraft, readApplyDraft } from './apply-draft'
import type { ApplyDraftContent } from './apply-draft'
import { ApplyFormStore, applyPayload, formOfDraft } from './apply-form-store'
import type { ApplySource } from './apply-form-store'
import type { AnswerOf } from './contract'
import type { IssuerAgreementStore } from './issuer-agreement-store'
import type { OrderStore } from './order-store'
import { InFlight } from './in-flight'
import type { PlateChecks } from './plate-decision'
import { PhotoReadingStore } from './photo-reading-store'

/** The apply calls of the journey (the services' apply API functions, or fakes). */
export interface ApplyCalls extends Omit<PlateChecks, 'currentProcessByPlate' | 'newApplySwitch'> {
  apply(payload: ApplyPayload): AnswerOf<'apply'>
  saveDraft(draft: ApplyDraft): AnswerOf<'saveDraft'>
  /** The draft saved at the last step boundary (from any device), if any. */
  loadDraft(): Promise<ApplyDraft | undefined>
  uploadPhoto(orderId: string, subject: UploadSubject, filePath: string, onProgress?: (percent: number) => void): Promise<UploadResponse>
  /** The text of an uploaded ID card side or driving licence, for the form. */
  recognizePhoto(orderId: string, fileId: string): AnswerOf<'recognizePhoto'>
  /** The phone the platform's phone-number button vouches for (its one-time code). */
  phoneByCode(code: string): AnswerOf<'phoneByCode'>
  /** Hands a submitted order to its issuer now (apply/push). */
  push(orderId: string, promotionChannelId: string): AnswerOf<'applyPush'>
  /** One SMS to the account's phone when another applicant's unpaid hold of the plate ends. */
  plateReleaseNotice(plateNumber: string, plateColor: number): AnswerOf<'plateReleaseNotice'>
}

export interface ApplyStoreDeps extends ApplySource {
  api: ApplyCalls
  storage: SecureStorage
  now(): number
  /**
   * The order cache: a submitting final commit records its answer there (the pay page's data),
   * and an order cancelled there is let go of here.
   */
  orders: Pick<OrderStore, 'recordSubmitted' | 'isCancelled'>
  /** The consent step's issuer agreements: stale once one was accepted in a version since replaced. */
  issuerAgreements: Pick<IssuerAgreementStore, 'forget'>
}

/** Whether an apply step refused the issuers' agreements sent because one has a newer version. */
export function isIssuerAgreementOutdated(error: unknown): boolean {
  return (
    isRequestError(error) && error.kind === 'business' && error.code === ISSUER_AGREEMENT_OUTDATED.code
  )
}

export class ApplyStore {
  plate: PlateEntry = EMPTY_PLATE_ENTRY
  readonly form = new ApplyFormStore()
  /** What the order's photos said, filling the form. */
  readonly reading: PhotoReadingStore
  orderId: string | undefined = undefined
  commodityId: string | undefined = undefined
  certificates = 0
  /** The ID card sides uploaded for this order: the server sets its bit only once both are in. */
  idCardSides: IdCardSide[] = []
  agreementsAcceptedAt: number | undefined = undefined
  /** The issuers' agreements accepted with the two product agreements, each with the version shown. */
  issuerAgreements: IssuerAgreementAcceptance[] = []
  /** Why the consent step is asked again (an issuer's agreement was updated): the consent page says it. */
  consentNotice: string | undefined = undefined
  /**
   * The promotion the order was opened under: once the order exists, its steps, its hand-over and
   * its deposit name the order's promotion, not the visit's (which may have changed since).
   */
  orderPromotion: PromotionIds | undefined = undefined
  sentSteps: ApplyStep[] = []
  private readonly inFlight = new InFlight()
  /** The last step's draft save (settled either way). */
  private draftSaved: Promise<unknown> = Promise.resolve()

  constructor(private readonly deps: ApplyStoreDeps) {
    this.reading = new PhotoReadingStore(this.form, { recognize: (orderId, fileId) => deps.api.recognizePhoto(orderId, fileId), plateNumber: () => this.plateNumber, now: deps.now })
    const stored = readApplyDraft(deps.storage)
    if (stored) this.restore(stored)
    // The plate is parsed once per change of its text, for the page, the checks and the release notice.
    makeAutoObservable<ApplyStore, 'deps' | 'inFlight' | 'draftSaved'>(this, {
      deps: false,
      inFlight: false,
      draftSaved: false,
      form: false,
      reading: false,
      parsedPlate: computed({ keepAlive: true }),
    })
    // The store lives as long as the app: its reactions are never disposed.
    keepApplyDraft(deps.storage, () => this.draftContent, deps.now)
    // A cancelled order is let go of: the plate and the form stay for a new application, whose
    // order starts again from its first step.
    reaction(
      () => this.orderId !== undefined && deps.orders.isCancelled(this.orderId),
      (cancelled) => cancelled && this.dropOrder(),
    )
  }

  get plateNumber(): string {
    return plateText(this.plate)
  }

  /** The plate as the rules read it (the one parse of its text: see the constructor). */
  get parsedPlate(): PlateResult {
    return parsePlate(this.plateNumber)
  }

  get submitted(): boolean {
    return this.sentSteps.includes(APPLY_STEP.FINAL_COMMIT)
  }

  // ---- editing ----

  setPlate(entry: PlateEntry): void {
    // Another plate is another application: the old order stays on the server, the form stays.
    if (this.orderId && plateText(entry) !== this.plateNumber) this.dropOrder()
    this.plate = entry
  }

  acceptAgreements(issuerAgreements: readonly IssuerAgreementAcceptance[] = []): void {
    this.agreementsAcceptedAt = this.deps.now()
    this.issuerAgreements = [...issuerAgreements]
    this.consentNotice = undefined
  }

  chooseCommodity(commodityId: string): void {
    this.commodityId = commodityId
  }

  /** Forgets the application (after it is paid, or when the user starts over). */
  clear(): void {
    this.plate = EMPTY_PLATE_ENTRY
    this.form.reset()
    this.dropOrder()
  }

  // ---- the order ----

  /** Opens the order of a free plate (step CREATE) under the visit's promotion; answers its id. */
  openOrder(): Promise<string> {
    const promotion = this.promotionFor(APPLY_STEP.CREATE)
    return this.deps.api.apply(this.payload(APPLY_STEP.CREATE)).then((created) => {
      this.adoptOrder(created.orderId, created.certificatesCommitSate, promotion)
      this.markSent(APPLY_STEP.CREATE)
      return created.orderId
    })
  }

  /**
   * Continues an order from the order pages: the journey adopts it (plate, package, photos and
   * the steps the server has) and answers where it goes on. The form keeps what was typed for
   * this order on this device; the server only has it masked.
   */
  resumeOrder(order: OrderDetail): ApplyStepName {
    if (order.orderId !== this.orderId) {
      this.plate = entryFromText(order.plateNumber)
      this.form.reset()
      this.idCardSides = []
      this.reading.forget()
      this.forgetConsent()
    }
    this.orderId = order.orderId
    this.orderPromotion = { promotionChannelId: order.promotionChannelId, partnerId: order.partnerId ?? '', promoterId: order.promoterId ?? '' }
    this.certificates = order.certificatesCommitSate
    this.commodityId = order.commodityId ?? undefined
    this.sentSteps = order.completeness.submitted ? [APPLY_STEP.CREATE, APPLY_STEP.FINAL_COMMIT] : [APPLY_STEP.CREATE]
    return nextApplyStep({ ...order.completeness, certificatesCommitSate: order.certificatesCommitSate, depositPayState: order.depositPayState })
  }

  // ---- the information page ----

  /** Fills the owner's mobile with the phone the platform's phone-number button gave a code for. */
  fillMobileFromPlatform(code: string): Promise<void> {
    return this.deps.api.phoneByCode(code).then(({ mobile }) =>
      runInAction(() => {
        this.form.setField('mobile', mobile)
        this.form.touch('mobile')
      }),
    )
  }

  /**
   * Fills an empty form from the server's copy of this order's draft (typed on another device,
   * or before this device's storage was cleared). Answers whether anything was restored; a
   * failure leaves the form as it is.
   */
  restoreServerDraft(): Promise<boolean> {
    const orderId = this.orderId
    if (!orderId || !this.form.isEmpty) return Promise.resolve(false)
    return this.deps.api.loadDraft().then(
      (draft) => {
        if (!draft || draft.orderId !== orderId || this.orderId !== orderId || !this.form.isEmpty) return false
        this.form.fill(formOfDraft(draft))
        return true
      },
      () => false,
    )
  }

  /** Sends the form (step UPDATE); the draft is saved to the server at this boundary. */
  saveInformation(): Promise<ApplyResponse> {
    return this.inFlight.run('information', () => {
      this.form.normalise()
      return this.sendStep(APPLY_STEP.UPDATE)
    })
  }

  /**
   * The final commit (step 200), then, once submitted, the hand-over to the issuer (apply/push);
   * answers what is still missing when the server says so.
   */
  submit(): Promise<ApplyResponse> {
    return this.inFlight.run('submit', () =>
      this.sendStep(APPLY_STEP.FINAL_COMMIT).then((response) => {
        if (response.submitted) this.deps.orders.recordSubmitted(response.submitted)
        // Only a free order goes to its issuer at once: any other goes when its payment settles (the server's outbox).
        if (response.missing.length === 0 && response.depositPayState === PAY_STATE.NOT_NEEDED) this.pushToIssuer(response.orderId)
        return response
      }),
    )
  }

  /**
   * Uploads a photo of the order; a second call for the same photo while one runs shares it (the
   * photo upload store sends one file per photo at a time, see photo-upload-store.ts).
   */
  uploadPhoto(subject: UploadSubject, filePath: string, onProgress?: (percent: number) => void): Promise<UploadResponse> {
    const orderId = this.orderId
    if (!orderId) return Promise.reject(new Error('请先填写车牌号'))
    const key = subject.kind === 'idCard' ? `photo:idCard:${subject.side}` : subject.kind === 'image' ? `photo:${subject.imageType}` : 'photo:drivingLicense'
    return this.inFlight.run(key, () =>
      this.deps.api.uploadPhoto(orderId, subject, filePath, onProgress).then((response) => {
        // The server's mask is the truth (the ID card bit needs both sides), for the order still
        // applied for: the upload outlives its page, and the plate may have changed meanwhile.
        runInAction(() => {
          if (this.orderId !== orderId) return
          this.certificates = response.certificatesCommitSate
          if (subject.kind === 'idCard' && !this.idCardSides.includes(subject.side)) {
            this.idCardSides = [...this.idCardSides, subject.side]
          }
        })
        const document = readableDocumentOf(subject)
        // Read in the background: the upload is done, and the form fills when the answer comes.
        if (document && this.orderId === orderId) void this.reading.read(document, orderId, response.fileId, () => this.orderId)
        return response
      }),
    )
  }

  // ---- internals ----

  private payload(stepId: ApplyStep): ApplyPayload {
    const application = {
      plateNumber: this.plateNumber,
      orderId: this.orderId,
      commodityId: this.commodityId,
      agreementsAcceptedAt: this.agreementsAcceptedAt,
      issuerAgreements: this.issuerAgreements,
      form: this.form.values,
    }
    return applyPayload(stepId, application, { ...this.deps, promotion: () => this.promotionFor(stepId) })
  }

  /** The order's promotion once the order exists (a draft kept before it was recorded: the visit's). */
  private get promotionOfOrder(): PromotionIds {
    return this.orderPromotion ?? this.deps.promotion()
  }

  /** A new order opens under the visit's promotion; every later step names the order's. */
  private promotionFor(step: ApplyStep): PromotionIds {
    return step === APPLY_STEP.CREATE ? this.deps.promotion() : this.promotionOfOrder
  }

  /** The promotion `orderId` was opened under, when it is this application's order. */
  promotionOf(orderId: string): string | undefined {
    return orderId === this.orderId ? this.orderPromotion?.promotionChannelId : undefined
  }

  private sendStep(step: ApplyStep): Promise<ApplyResponse> {
    const promotion = this.promotionFor(step)
    return this.deps.api.apply(this.payload(step)).then(
      (response) => {
        this.adoptOrder(response.orderId, response.certificatesCommitSate, promotion)
        if (step !== APPLY_STEP.FINAL_COMMIT || response.missing.length === 0) this.markSent(step)
        // The server's copy of the draft, at the step boundary; a failure costs nothing (it is local too).
        const draft: ApplyDraft = { ...this.payload(APPLY_STEP.UPDATE), savedAt: this.deps.now() }
        this.draftSaved = this.deps.api.saveDraft(draft).catch(() => undefined)
        return response
      },
      (error: unknown) => {
        // Sending the old version again would be refused at every step: it is accepted anew.
        if (isIssuerAgreementOutdated(error)) this.withdrawIssuerAgreements()
        throw error
      },
    )
  }

  /**
   * Asks the server to hand the submitted free order to its issuer now. The final commit already queued
   * the hand-over and the server's job delivers it whatever happens here, so a failed call changes
   * nothing the person needs to know: it is left to the server, unreported.
   */
  private pushToIssuer(orderId: string): void {
    const { promotionChannelId } = this.promotionOfOrder
    // After the draft's save: the pay page opens with the commit and asks for its data at once,
    // and a browser carries six calls to one server at a time; the hand-over can wait its turn.
    void this.draftSaved.then(() => this.deps.api.push(orderId, promotionChannelId).catch(() => undefined))
  }

  /** Takes the order a step answered with; a new one was opened under the promotion its step named. */
  private adoptOrder(orderId: string, certificates: number, promotion: PromotionIds): void {
    if (orderId !== this.orderId) {
      this.idCardSides = []
      this.forgetConsent()
      this.orderPromotion = promotion
    }
    this.orderId = orderId
    // Answers are not checked at run time: a mask the server left out reads as none received.
    this.certificates = Number(certificates) || 0
  }

  private markSent(step: ApplyStep): void {
    if (!this.sentSteps.includes(step)) this.sentSteps = [...this.sentSteps, step]
  }

  /** The issuers' agreements no longer accepted in a current version: the consent step asks for them again. */
  private withdrawIssuerAgreements(): void {
    this.issuerAgreements = []
    this.consentNotice = ISSUER_AGREEMENT_OUTDATED.message
    this.deps.issuerAgreements.forget()
  }

  /** Consent is given for one order: another order asks for it again. */
  private forgetConsent(): void {
    this.agreementsAcceptedAt = undefined
    this.issuerAgreements = []
    this.consentNotice = undefined
  }

  /** Lets go of the order: its package, photos, sent steps and consent go with it. */
  private dropOrder(): void {
    this.orderId = undefined
    this.orderPromotion = undefined
    this.certificates = 0
    this.idCardSides = []
    this.reading.forget()
    this.commodityId = undefined
    this.sentSteps = []
    this.forgetConsent()
  }

  /** What the device keeps (read by the draft's reaction). */
  private get draftContent(): ApplyDraftContent {
    return {
      plate: this.plateNumber,
      plateKind: this.plate.kind,
      form: this.form.values,
      orderId: this.orderId,
      commodityId: this.commodityId,
      certificates: this.certificates,
      idCardSides: this.idCardSides,
      agreementsAcceptedAt: this.agreementsAcceptedAt,
      issuerAgreements: this.issuerAgreements,
      sentSteps: this.sentSteps,
      ...(this.orderPromotion ? { orderPromotion: this.orderPromotion } : {}),
      ...(this.reading.hasReadings ? { photoReadings: this.reading.kept } : {}),
    }
  }

  private restore(stored: ApplyDraftContent): void {
    const entry = entryFromText(stored.plate)
    this.plate = stored.plateKind === 'green' && entry.kind === 'blue' ? { kind: 'green', chars: entry.chars } : entry
    this.form.reset(stored.form)
    this.orderId = stored.orderId
    this.commodityId = stored.commodityId
    this.certificates = stored.certificates
    this.idCardSides = stored.idCardSides
    this.agreementsAcceptedAt = stored.agreementsAcceptedAt
    this.issuerAgreements = stored.issuerAgreements ?? []
    this.sentSteps = stored.sentSteps
    this.orderPromotion = stored.orderPromotion
    this.reading.restore(stored.photoReadings ?? {})
  }
}
