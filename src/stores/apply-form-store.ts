/**
 * The application form: what was typed and which fields the user has left (their errors show
 * from then on), and the apply payload built from the form and the application it belongs to.
 */
import { makeAutoObservable } from 'mobx'
import { EMPTY_APPLY_FORM, formErrors, normaliseForm, withField } from '../domain/apply-form'
import type { ApplyForm, ApplyFormField } from '../domain/apply-form'
import { APPLY_STEP, DELIVERY_METHOD } from '../domain/enums'
import type { ApplyStep } from '../domain/enums'
import { parsePlate } from '../domain/plate'
import type { ApplyDraft, ApplyPayload, IssuerAgreementAcceptance } from '../../types/api/apply'
import type { ChannelProfile, PromotionIds } from '../config/channel'

type Touched = Partial<Record<ApplyFormField, true>>

export class ApplyFormStore {
  values: ApplyForm = { ...EMPTY_APPLY_FORM }
  /** Fields the user has left, whose errors show now. */
  touched: Touched = {}

  constructor() {
    makeAutoObservable(this)
  }

  get errors(): Partial<Record<ApplyFormField, string>> {
    return formErrors(this.values)
  }

  get isEmpty(): boolean {
    return Object.values(this.values).every((value) => value === '')
  }

  /** The error a field shows: only once the user has left it (or tried to submit). */
  visibleError(field: ApplyFormField): string | undefined {
    return this.touched[field] ? this.errors[field] : undefined
  }

  setField(field: ApplyFormField, value: string): void {
    this.values = withField(this.values, field, value)
  }

  touch(field: ApplyFormField): void {
    this.touched = { ...this.touched, [field]: true }
  }

  /** Marks every field touched; true when the form has no errors. */
  validateAll(): boolean {
    const touched: Touched = {}
    for (const field of Object.keys(EMPTY_APPLY_FORM) as ApplyFormField[]) touched[field] = true
    this.touched = touched
    return Object.keys(this.errors).length === 0
  }

  /** Each valid field as its validator normalises it (trimmed, upper case), before it is sent. */
  normalise(): void {
    this.values = normaliseForm(this.values)
  }

  /** Takes the fields given and keeps the others. */
  fill(values: Partial<ApplyForm>): void {
    this.values = { ...this.values, ...values }
  }

  /** Starts again from `values` (the fields not given are empty), with nothing touched. */
  reset(values: Partial<ApplyForm> = {}): void {
    this.values = { ...EMPTY_APPLY_FORM, ...values }
    this.touched = {}
  }
}

/** Who sends an application: the channel, and the promotion and activity the user came through. */
export interface ApplySource {
  channel: ChannelProfile
  promotion(): PromotionIds
  /** The logged-in uid (sent in the bank app only). */
  uid(): string | undefined
  /** ACTIVITY_TYPE of the flow the user came through. */
  activitySource(): number
}

/** The application a payload carries. */
export interface ApplicationFields {
  plateNumber: string
  orderId: string | undefined
  commodityId: string | undefined
  agreementsAcceptedAt: number | undefined
  /** The issuers' agreements accepted on the consent step. */
  issuerAgreements?: readonly IssuerAgreementAcceptance[]
  form: ApplyForm
}

/** The payload of an apply step: opening the order (CREATE) carries no form. */
export function applyPayload(stepId: ApplyStep, application: ApplicationFields, source: ApplySource): ApplyPayload {
  const parsed = parsePlate(application.plateNumber)
  const promotion = source.promotion()
  const uid = source.channel.key === 'bank' ? source.uid() : undefined
  const { orderId, commodityId, agreementsAcceptedAt, issuerAgreements = [], form } = application
  const payload: ApplyPayload = {
    stepId,
    ...(orderId ? { orderId } : {}),
    channelSource: source.channel.key,
    sourceChannel: source.channel.sourceChannel,
    activitySource: source.activitySource(),
    promotionChannelId: promotion.promotionChannelId,
    // A promotion that came without a tag has none to send (an empty one is not an identifier).
    ...(promotion.partnerId ? { partnerId: promotion.partnerId } : {}),
    ...(promotion.promoterId ? { promoterId: promotion.promoterId } : {}),
    ...(uid ? { uid } : {}),
    plateNumber: parsed.ok ? parsed.plate : application.plateNumber,
    plateColor: parsed.ok ? parsed.plateColor : 0,
    ...(commodityId ? { commodityId } : {}),
    ...(agreementsAcceptedAt ? { agreementsAcceptedAt } : {}),
    ...(issuerAgreements.length ? { issuerAgreements: [...issuerAgreements] } : {}),
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

/** The form fields a draft saved to the server carries. */
export function formOfDraft(draft: ApplyDraft): Partial<ApplyForm> {
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
