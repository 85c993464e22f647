/**
 * The application's photos on their way to the server. The confirm page starts an upload and goes
 * back to the form at once; the upload goes on here, for as long as the app runs (leaving the form
 * does not stop it), and the form's slots follow it: uploading (with the preview and how much has
 * gone out), failed (with the message and the file, so 重新上传 needs no new choice) or received.
 * Received is the order's own truth, kept by the apply store (its certificate mask and the ID card
 * sides this device uploaded). Nothing here is kept on the device: after a reload an upload that
 * was running is gone, and its slot says what the order has.
 *
 * One upload per photo at a time. The same file chosen again while it uploads shares that upload;
 * another file chosen meanwhile waits for it and then goes out (the last choice is the photo the
 * order keeps: two uploads racing for one slot could land in either order). A new choice replaces
 * a failed one.
 */
import { makeAutoObservable, observable, when } from 'mobx'
import { PHOTO_SUBJECTS, PHOTO_UPLOAD, PHOTO_UPLOAD_FAILED, idCardSubjectsOf, photoReceived, unsentPhotos } from '../domain/photo'
import type { PhotoSubject } from '../domain/photo'
import type { ApplyStore } from './apply-store'

/** What a slot shows. */
export type PhotoUploadState =
  | { kind: 'missing' }
  /** `percent` once the host reports the bytes going out. */
  | { kind: 'uploading'; path: string; percent: number | undefined }
  | { kind: 'failed'; path: string; message: string }
  /** `path`: the photo sent in this run of the app, shown as the slot's thumbnail (none after a reload). */
  | { kind: 'received'; path?: string }

/** The application the photos belong to: its order, what the order has received, and the upload. */
export type PhotoApplication = Pick<ApplyStore, 'orderId' | 'certificates' | 'idCardSides' | 'uploadPhoto'>

/** An upload of this app run, for the order it was chosen for; `attempt` tells a later choice apart. */
type Entry = { attempt: number; orderId: string | undefined } & (
  | { kind: 'uploading'; path: string; percent: number | undefined }
  | { kind: 'failed'; path: string; message: string }
  | { kind: 'sent'; path: string }
)

const messageOf = (cause: unknown): string => (cause instanceof Error && cause.message ? cause.message : PHOTO_UPLOAD_FAILED)

export class PhotoUploadStore {
  private readonly entries = new Map<PhotoSubject, Entry>()
  /** The photos whose loop sends their uploads one after another (see drain). */
  private readonly running = new Set<PhotoSubject>()
  private attempts = 0

  constructor(private readonly application: PhotoApplication) {
    makeAutoObservable<PhotoUploadStore, 'application' | 'entries' | 'running' | 'attempts' | 'drain'>(this, {
      application: false,
      entries: observable.shallow,
      running: false,
      attempts: false,
      drain: false,
      settled: false,
    })
  }

  stateOf(subject: PhotoSubject): PhotoUploadState {
    const entry = this.entryOf(subject)
    if (entry?.kind === 'uploading') return { kind: 'uploading', path: entry.path, percent: entry.percent }
    if (entry?.kind === 'failed') return { kind: 'failed', path: entry.path, message: entry.message }
    const { certificates, idCardSides } = this.application
    if (!photoReceived(subject, certificates, idCardSubjectsOf(idCardSides))) return { kind: 'missing' }
    return entry?.kind === 'sent' ? { kind: 'received', path: entry.path } : { kind: 'received' }
  }

  /** Whether a photo of the order is on its way. */
  get uploading(): boolean {
    return PHOTO_SUBJECTS.some((subject) => this.entryOf(subject)?.kind === 'uploading')
  }

  /** The photos the form still lacks: missing and not on their way, or failed (see unsentPhotos). */
  get unsent(): PhotoSubject[] {
    const { certificates, idCardSides } = this.application
    const withEntry = (kind: Entry['kind']) => PHOTO_SUBJECTS.filter((subject) => this.entryOf(subject)?.kind === kind)
    return unsentPhotos(certificates, idCardSubjectsOf(idCardSides), { uploading: withEntry('uploading'), failed: withEntry('failed') })
  }

  /** Sends the photo at `path` as `subject` of the order; see the file's comment for a choice made meanwhile. */
  start(subject: PhotoSubject, path: string): void {
    const current = this.entryOf(subject)
    if (current?.kind === 'uploading' && current.path === path) return
    this.entries.set(subject, { kind: 'uploading', attempt: ++this.attempts, orderId: this.application.orderId, path, percent: undefined })
    // A loop already running sends this choice once its upload has ended. The loop never rejects:
    // an upload's failure is its entry's state.
    if (this.running.has(subject)) return
    this.running.add(subject)
    void this.drain(subject)
  }

  /** Sends a failed photo's file again. */
  retry(subject: PhotoSubject): void {
    const entry = this.entryOf(subject)
    if (entry?.kind === 'failed') this.start(subject, entry.path)
  }

  /**
   * Resolves once no photo of the order is on its way, one chosen meanwhile included; never rejects
   * (failures are states). An upload of an order let go of is not waited for: nothing of it counts.
   */
  settled(): Promise<void> {
    return when(() => !this.uploading)
  }

  /** The subject's upload, when it belongs to the order the application has now. */
  private entryOf(subject: PhotoSubject): Entry | undefined {
    const entry = this.entries.get(subject)
    return entry && entry.orderId === this.application.orderId ? entry : undefined
  }

  /** Sends the subject's latest choice until none waits. */
  private async drain(subject: PhotoSubject): Promise<void> {
    for (let entry = this.next(subject); entry; entry = this.next(subject)) {
      const { attempt, path } = entry
      try {
        await this.application.uploadPhoto(PHOTO_UPLOAD[subject], path, (percent) => this.progress(subject, attempt, percent))
        this.finish(subject, attempt, undefined)
      } catch (cause) {
        this.finish(subject, attempt, messageOf(cause))
      }
    }
    this.running.delete(subject)
  }

  /** The upload to send now; one chosen for an order the application has let go of is dropped. */
  private next(subject: PhotoSubject): Extract<Entry, { kind: 'uploading' }> | undefined {
    const entry = this.entries.get(subject)
    if (entry?.kind !== 'uploading') return undefined
    if (entry.orderId === this.application.orderId) return entry
    this.entries.delete(subject)
    return undefined
  }

  private progress(subject: PhotoSubject, attempt: number, percent: number): void {
    const entry = this.entries.get(subject)
    // A report of an upload a later choice replaced, or after its answer, changes nothing.
    if (entry?.kind === 'uploading' && entry.attempt === attempt) this.entries.set(subject, { ...entry, percent })
  }

  /**
   * The end of an upload: sent (its slot then reads the order's truth, with the photo as its
   * thumbnail), or failed with `message`.
   */
  private finish(subject: PhotoSubject, attempt: number, message: string | undefined): void {
    const entry = this.entries.get(subject)
    if (entry?.kind !== 'uploading' || entry.attempt !== attempt) return
    const { orderId, path } = entry
    this.entries.set(subject, message === undefined ? { kind: 'sent', attempt, orderId, path } : { kind: 'failed', attempt, orderId, path, message })
  }
}
