/**
 * Photos that fill the form (issue 31): what the server read from the ID card and the driving
 * licence becomes suggestions for the form's fields, marked until the person changes them, and
 * the checks a person would thank us for (the licence's plate, its owner, the ID card's end of
 * validity). A reading is a suggestion, never a decision: it fills only empty fields, and a field
 * the person typed differently keeps what was typed and shows what the photo says.
 */
import type { DrivingLicenseText, IdCardBackText, IdCardFrontText, ReadableDocument, UnreadReason, UploadSubject } from '../../types/api/apply'
import type { ApplyForm, ApplyFormField } from './apply-form'
import { PHOTO_INFO } from './photo'

/** What the photos of one application said, each document once (a new photo's reading replaces its old one). */
export interface PhotoReadings {
  idCardFront?: IdCardFrontText
  idCardBack?: IdCardBackText
  drivingLicense?: DrivingLicenseText
}

export const READABLE_DOCUMENTS: readonly ReadableDocument[] = ['idCardFront', 'idCardBack', 'drivingLicense']

/** The document an upload is, when the server reads its text (the vehicle's photos are not read). */
export function readableDocumentOf(subject: UploadSubject): ReadableDocument | undefined {
  if (subject.kind === 'idCard') return subject.side === 'front' ? 'idCardFront' : 'idCardBack'
  return subject.kind === 'drivingLicense' ? 'drivingLicense' : undefined
}

/** The mark of a field filled from a photo, until the person changes it. */
export const RECOGNIZED_NOTE = '已从照片识别，请核对'

/** The form's fields a reading may fill. */
export type SuggestedField = Extract<ApplyFormField, 'ownerName' | 'idNumber' | 'vehicleInfo' | 'vin' | 'engineNo'>

/** The fields a reading suggests, in form order, and where each comes from. */
const SUGGESTED: ReadonlyArray<readonly [SuggestedField, (readings: PhotoReadings) => string | undefined]> = [
  ['ownerName', (readings) => readings.idCardFront?.name],
  ['idNumber', (readings) => readings.idCardFront?.idNumber],
  ['vehicleInfo', (readings) => readings.drivingLicense?.model],
  ['vin', (readings) => readings.drivingLicense?.vin],
  ['engineNo', (readings) => readings.drivingLicense?.engineNo],
]

export function isSuggestedField(field: ApplyFormField): field is SuggestedField {
  return SUGGESTED.some(([suggested]) => suggested === field)
}

export type Suggestions = Partial<Record<SuggestedField, string>>

/** What the readings suggest for the form's fields. */
export function suggestionsOf(readings: PhotoReadings): Suggestions {
  const suggestions: Suggestions = {}
  for (const [field, read] of SUGGESTED) {
    const value = read(readings)?.trim()
    if (value) suggestions[field] = value
  }
  return suggestions
}

/** The suggestions that go into empty fields: nothing typed is overwritten. */
export function fillableFields(form: ApplyForm, suggestions: Suggestions): Suggestions {
  return Object.fromEntries(Object.entries(suggestions).filter(([field]) => form[field as SuggestedField] === ''))
}

/** A field's suggestion when the person typed something else there (shown next to it, with 使用识别结果). */
export function differingSuggestion(form: ApplyForm, suggestions: Suggestions, field: SuggestedField): string | undefined {
  const suggestion = suggestions[field]
  const value = form[field].trim()
  return suggestion !== undefined && value !== '' && value.toUpperCase() !== suggestion.toUpperCase() ? suggestion : undefined
}

/** "2028.06.20" (the emblem side's way) as "2028-06-20", or undefined for anything else. */
function isoDateOf(dotted: string): string | undefined {
  const match = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(dotted)
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined
}

const chineseDate = (iso: string): string => `${iso.slice(0, 4)}年${iso.slice(5, 7)}月${iso.slice(8, 10)}日`

export interface ReadingFacts {
  /** The plate applied for. */
  plateNumber: string
  /** The owner's name on the form. */
  ownerName: string
  /** Today in China, "YYYY-MM-DD" (chinaDate). */
  today: string
}

export type CrossCheck = 'plate' | 'owner' | 'expired'

/**
 * What the readings contradict, each as one sentence. The spec's users are the vehicles' owners:
 * a licence of another owner is said, not refused (the reading may be wrong; the audit decides).
 */
export function crossChecks(readings: PhotoReadings, facts: ReadingFacts): Partial<Record<CrossCheck, string>> {
  const checks: Partial<Record<CrossCheck, string>> = {}
  const licence = readings.drivingLicense
  if (licence?.plateNumber && facts.plateNumber && licence.plateNumber !== facts.plateNumber) {
    checks.plate = `行驶证上的车牌号为${licence.plateNumber}，与申办车牌${facts.plateNumber}不一致，请核对照片或车牌`
  }
  const ownerName = facts.ownerName.trim()
  if (licence?.owner && ownerName && licence.owner !== ownerName) {
    checks.owner = `行驶证所有人为${licence.owner}，与车主姓名不一致：ETC须由车主本人申请`
  }
  const until = readings.idCardBack?.validUntil && isoDateOf(readings.idCardBack.validUntil)
  if (until && until < facts.today) checks.expired = `身份证已于${chineseDate(until)}过期，请使用有效期内的身份证`
  return checks
}

/** The one line a photo that was not read shows: the form is typed by hand as before. */
export function unreadMessage(document: ReadableDocument, reason: UnreadReason): string {
  const title = PHOTO_INFO[document].title
  switch (reason) {
    case 'unreadable':
      return `未能识别${title}：照片不够清晰，请核对后手动填写`
    case 'wrongDocument':
      return `这张照片不像${title}，未能识别，请手动填写或重新上传`
    case 'unavailable':
      return `暂时无法识别${title}，请手动填写`
  }
}

/** The line of a photo while the server reads it. */
export function readingMessage(document: ReadableDocument): string {
  return `正在识别${PHOTO_INFO[document].title}…`
}

/** The line of a photo that was read. */
export function readMessage(document: ReadableDocument, filled: number): string {
  const title = PHOTO_INFO[document].title
  return filled > 0 ? `已从${title}识别${filled}项信息，请核对` : `已识别${title}，请核对下方信息`
}
