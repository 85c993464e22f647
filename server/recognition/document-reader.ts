/**
 * Reading the text of a document photo (OCR): the ID card's two sides and the driving licence's
 * main page. A real provider implements DocumentReader (Tencent Cloud OCR: tencent-ocr.ts); the
 * simulator (server/simulators/ocr-simulator.ts) reads only the demo photos. A reader refuses
 * with a DocumentReadError saying why, in terms a person can act on; the text it reads is personal
 * data and reaches no log line.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { PhotoReading, ReadableDocument, UnreadReason } from '../../types/api/apply'

/** A reading that found its document. */
export type DocumentText = Extract<PhotoReading, { outcome: 'read' }>

export interface DocumentReader {
  /** True for the simulator: production refuses to start with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /** The text of `image` read as `document`; rejects with a DocumentReadError when there is none. */
  read(document: ReadableDocument, image: Buffer, log: FastifyBaseLogger): Promise<DocumentText>
}

export class DocumentReadError extends Error {
  constructor(
    readonly reason: UnreadReason,
    /** The provider's own code (or TIMEOUT, NETWORK_ERROR, HTTP_<status>), for the log. */
    readonly providerCode: string,
    message: string,
  ) {
    super(message)
    this.name = 'DocumentReadError'
  }
}
