/**
 * Reading an uploaded photo for the form (POST recognizePhoto): the caller's own ID card side or
 * driving licence, read by the configured DocumentReader. A photo that cannot be read is an
 * answer, not an error: the person types as before. Nothing read is stored or logged; the log
 * line of a refusal names the document, the reason and the provider's code only.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { PhotoReading, ReadableDocument, RecognizePhotoRequest } from '../../types/api/apply'
import { DomainError } from '../domain-error'
import { readPhoto } from '../uploads/photo-uploads'
import type { UploadContext, UploadKind } from '../uploads/photo-uploads'
import { DocumentReadError } from './document-reader'
import type { DocumentReader } from './document-reader'

/** The uploads whose text is read, as the document each is. */
const DOCUMENT_OF: Readonly<Partial<Record<UploadKind, ReadableDocument>>> = {
  idCardFront: 'idCardFront',
  idCardBack: 'idCardBack',
  drivingLicence: 'drivingLicense',
}

export const RECOGNITION_MESSAGE = {
  notReadable: '该照片无需识别',
} as const

export interface RecognitionContext extends Pick<UploadContext, 'db' | 'storage'> {
  readonly reader: DocumentReader
  readonly log: FastifyBaseLogger
}

export async function recognizePhoto(context: RecognitionContext, userId: number, request: RecognizePhotoRequest): Promise<PhotoReading> {
  const photo = await readPhoto(context, userId, request.fileId)
  // Another order's photo is as unknown here as another person's.
  if (photo.orderId !== request.orderId) throw DomainError.notFound()
  const document = (DOCUMENT_OF as Readonly<Record<string, ReadableDocument | undefined>>)[photo.kind]
  if (!document) throw DomainError.invalid(RECOGNITION_MESSAGE.notReadable)
  try {
    return await context.reader.read(document, photo.bytes, context.log)
  } catch (error) {
    if (!(error instanceof DocumentReadError)) {
      context.log.error({ err: error, document }, 'reading a photo failed unexpectedly')
      return { document, outcome: 'unread', reason: 'unavailable' }
    }
    context.log.warn({ ocr: { document, reason: error.reason, providerCode: error.providerCode }, err: error }, 'a photo was not read')
    return { document, outcome: 'unread', reason: error.reason }
  }
}
