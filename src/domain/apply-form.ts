/**
 * The application form of the information page: its fields, their rules (the same validators the
 * server applies) and what the journey still needs before an order can be submitted.
 */
import { missingCertificates } from './certificates'
import { DELIVERY_METHOD, PAY_STATE } from './enums'
import type { DeliveryMethod } from './enums'
import { validateIdNumber } from './id-number'
import {
  validateAddress,
  validateEngineNumber,
  validateMobile,
  validateName,
  validateRegion,
  validateVehicleInfo,
  validateVin,
} from './validation'
import type { ValidationResult } from './validation'

export interface ApplyForm {
  ownerName: string
  idNumber: string
  mobile: string
  vehicleInfo: string
  vin: string
  engineNo: string
  deliveryMethod: DeliveryMethod | ''
  consigneeName: string
  consigneeMobile: string
  region: string
  address: string
}

export type ApplyFormField = keyof ApplyForm

export const EMPTY_APPLY_FORM: ApplyForm = {
  ownerName: '',
  idNumber: '',
  mobile: '',
  vehicleInfo: '',
  vin: '',
  engineNo: '',
  deliveryMethod: '',
  consigneeName: '',
  consigneeMobile: '',
  region: '',
  address: '',
}

const MAIL_FIELDS: readonly ApplyFormField[] = ['consigneeName', 'consigneeMobile', 'region', 'address']

export const REGION_REQUIRED = '请选择所在地区'
export const DELIVERY_REQUIRED = '请选择领取方式'

const RULES: Readonly<Record<Exclude<ApplyFormField, 'deliveryMethod' | 'region'>, (input: string) => ValidationResult>> = {
  ownerName: validateName,
  idNumber: (input) => validateIdNumber(input),
  mobile: validateMobile,
  vehicleInfo: validateVehicleInfo,
  vin: validateVin,
  engineNo: validateEngineNumber,
  consigneeName: validateName,
  consigneeMobile: validateMobile,
  address: validateAddress,
}

/** Whether a field is asked for at all (the consignee only for mail delivery). */
export function fieldApplies(form: ApplyForm, field: ApplyFormField): boolean {
  return !MAIL_FIELDS.includes(field) || form.deliveryMethod === DELIVERY_METHOD.MAIL
}

/** The reason a field is wrong, or undefined when it is right or not asked for. */
export function fieldError(form: ApplyForm, field: ApplyFormField): string | undefined {
  if (!fieldApplies(form, field)) return undefined
  if (field === 'deliveryMethod') return form.deliveryMethod ? undefined : DELIVERY_REQUIRED
  if (field === 'region') {
    if (!form.region.trim()) return REGION_REQUIRED
    const region = validateRegion(form.region)
    return region.ok ? undefined : region.reason
  }
  const result = RULES[field](form[field])
  return result.ok ? undefined : result.reason
}

/**
 * The form with one field changed. Choosing mail delivery fills the consignee left empty with the
 * owner's name and mobile (most people send the device to themselves); what was typed stays.
 */
export function withField(form: ApplyForm, field: ApplyFormField, value: string): ApplyForm {
  const next = { ...form, [field]: value }
  if (field === 'deliveryMethod' && value === DELIVERY_METHOD.MAIL) {
    if (!next.consigneeName) next.consigneeName = form.ownerName
    if (!next.consigneeMobile) next.consigneeMobile = form.mobile
  }
  return next
}

/** Every wrong field with its reason, in form order. */
export function formErrors(form: ApplyForm): Partial<Record<ApplyFormField, string>> {
  const errors: Partial<Record<ApplyFormField, string>> = {}
  for (const field of Object.keys(EMPTY_APPLY_FORM) as ApplyFormField[]) {
    const reason = fieldError(form, field)
    if (reason) errors[field] = reason
  }
  return errors
}

/** The form with each field in the form the validators normalise it to (trimmed, upper case). */
export function normaliseForm(form: ApplyForm): ApplyForm {
  const normalised = { ...form }
  for (const field of Object.keys(RULES) as (keyof typeof RULES)[]) {
    const result = RULES[field](form[field])
    if (result.ok) normalised[field] = result.value
  }
  return normalised
}

/** Where "continue applying" takes an order: the first part it still lacks. */
export type ApplyStepName = 'information' | 'photos' | 'package' | 'submit' | 'payment' | 'done'

export interface ApplyProgress {
  owner: boolean
  vehicle: boolean
  delivery: boolean
  commodity: boolean
  submitted: boolean
  certificatesCommitSate: number
  depositPayState: number | null
}

const SETTLED_PAY_STATES: ReadonlySet<number> = new Set([PAY_STATE.NOT_NEEDED, PAY_STATE.SUCCESS])

export function nextApplyStep(progress: ApplyProgress): ApplyStepName {
  if (!progress.owner || !progress.vehicle || !progress.delivery) return 'information'
  if (missingCertificates(progress.certificatesCommitSate).length) return 'photos'
  if (!progress.commodity) return 'package'
  if (!progress.submitted) return 'submit'
  if (progress.depositPayState === null || !SETTLED_PAY_STATES.has(progress.depositPayState)) return 'payment'
  return 'done'
}
