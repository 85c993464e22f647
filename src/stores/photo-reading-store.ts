/**
 * What the photos said (issue 31), for the application's form: after an ID card side or the
 * driving licence is uploaded, the server reads it (recognizePhoto) and the readings fill the
 * form's empty fields, marked until the person changes them (RECOGNIZED_NOTE); a field typed
 * differently keeps what was typed and offers what the photo says. Each photo's reading shows one
 * line (reading, read, or why not); a reading that failed leaves the form as it was. The readings
 * and the marks are kept with the application's draft (encrypted on the device) and go with its
 * order; nothing is kept on the server.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { PhotoReading, ReadableDocument } from '../../types/api/apply'
import { chinaDate } from '../domain/china-time'
import { crossChecks, differingSuggestion, fillableFields, readMessage, readingMessage, suggestionsOf, unreadMessage } from '../domain/photo-reading'
import type { CrossCheck, PhotoReadings, SuggestedField, Suggestions } from '../domain/photo-reading'
import type { ApplyFormStore } from './apply-form-store'

/** The reading call (the services' recognizePhoto, or a fake). */
export type RecognizePhoto = (orderId: string, fileId: string) => Promise<PhotoReading>

/** What a photo's line says. */
export interface ReadingStatus {
  kind: 'reading' | 'read' | 'unread'
  message: string
}

/** What the draft keeps of the readings. */
export interface KeptReadings {
  readings: PhotoReadings
  /** The values filled from the photos, per field: marked while the field still holds them. */
  recognized: Suggestions
}

export interface PhotoReadingDeps {
  recognize: RecognizePhoto
  /** The application's plate, for the licence's check. */
  plateNumber(): string
  now(): number
}

export class PhotoReadingStore {
  readings: PhotoReadings = {}
  recognized: Suggestions = {}
  /** Each photo's line in this run of the app (a reload forgets how the last reading went). */
  statuses: Partial<Record<ReadableDocument, ReadingStatus>> = {}
  /** Tells a later reading of a document from one it replaced. */
  private attempts: Partial<Record<ReadableDocument, number>> = {}

  constructor(
    private readonly form: ApplyFormStore,
    private readonly deps: PhotoReadingDeps,
  ) {
    makeAutoObservable<PhotoReadingStore, 'form' | 'deps' | 'attempts'>(this, { form: false, deps: false, attempts: false })
  }

  get suggestions(): Suggestions {
    return suggestionsOf(this.readings)
  }

  /** Whether any photo was read or filled a field (the draft keeps the readings then). */
  get hasReadings(): boolean {
    return Object.keys(this.readings).length > 0 || Object.keys(this.recognized).length > 0
  }

  get kept(): KeptReadings {
    return { readings: this.readings, recognized: this.recognized }
  }

  /** What the readings contradict (the plate applied for, the owner's name, the ID card's validity). */
  get checks(): Partial<Record<CrossCheck, string>> {
    return crossChecks(this.readings, { plateNumber: this.deps.plateNumber(), ownerName: this.form.values.ownerName, today: chinaDate(new Date(this.deps.now())) })
  }

  /** Whether `field` holds what a photo filled it with. */
  isRecognized(field: SuggestedField): boolean {
    const value = this.recognized[field]
    return value !== undefined && this.form.values[field] === value
  }

  /** What a photo says of a field the person typed differently. */
  differing(field: SuggestedField): string | undefined {
    return differingSuggestion(this.form.values, this.suggestions, field)
  }

  /** Puts the photo's value into a field the person had typed differently. */
  useSuggestion(field: SuggestedField): void {
    const value = this.suggestions[field]
    if (value === undefined) return
    this.form.setField(field, value)
    this.form.touch(field)
    this.recognized = { ...this.recognized, [field]: value }
  }

  /**
   * Reads the uploaded photo `fileId` of `orderId` as `document`; `current()` is the order the
   * application has when the answer comes (a reading of an order let go of changes nothing).
   */
  read(document: ReadableDocument, orderId: string, fileId: string, current: () => string | undefined): Promise<void> {
    const attempt = (this.attempts[document] ?? 0) + 1
    this.attempts[document] = attempt
    this.setStatus(document, { kind: 'reading', message: readingMessage(document) })
    const stale = () => current() !== orderId || this.attempts[document] !== attempt
    return this.deps.recognize(orderId, fileId).then(
      (reading) =>
        runInAction(() => {
          if (!stale()) this.take(document, reading)
        }),
      () =>
        runInAction(() => {
          if (!stale()) this.setStatus(document, { kind: 'unread', message: unreadMessage(document, 'unavailable') })
        }),
    )
  }

  restore(kept: Partial<KeptReadings>): void {
    this.readings = kept.readings ?? {}
    this.recognized = kept.recognized ?? {}
  }

  /** Forgets everything read (the order was let go of, or the application cleared). */
  forget(): void {
    this.readings = {}
    this.recognized = {}
    this.statuses = {}
  }

  private take(document: ReadableDocument, answer: PhotoReading | null): void {
    // Answers are not checked at run time: one missing, or of another document, counts as unavailable.
    const reading: PhotoReading | undefined = answer?.document === document ? answer : undefined
    if (reading?.outcome !== 'read') {
      this.setStatus(document, { kind: 'unread', message: unreadMessage(document, reading?.outcome === 'unread' ? reading.reason : 'unavailable') })
      return
    }
    this.readings = { ...this.readings, [reading.document]: reading.text }
    const filled = fillableFields(this.form.values, suggestionsOf({ [reading.document]: reading.text }))
    this.form.fill(filled)
    // Validated as if typed: a misread value says what is wrong at once.
    for (const field of Object.keys(filled) as SuggestedField[]) this.form.touch(field)
    this.recognized = { ...this.recognized, ...filled }
    this.setStatus(reading.document, { kind: 'read', message: readMessage(reading.document, Object.keys(filled).length) })
  }

  private setStatus(document: ReadableDocument, status: ReadingStatus): void {
    this.statuses = { ...this.statuses, [document]: status }
  }
}
