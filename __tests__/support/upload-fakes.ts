/**
 * Photo uploads in page tests: the transport's upload answered by the test, one call at a time,
 * so a page can be looked at while an upload runs, reports progress, fails or is received.
 */
import type { Transport, UploadRequest } from '../../src/services/request/transport'

type UploadAnswer = { statusCode: number; data: string }

/** The server's answer to an upload once received: the order's certificate mask is `certificates`. */
export const uploaded = (certificates: number, fileId = 'F1'): UploadAnswer => ({
  statusCode: 200,
  data: JSON.stringify({ code: 200, msg: 'ok', data: { fileId, url: `/image/${fileId}`, certificatesCommitSate: certificates } }),
})

export interface PendingUpload {
  request: UploadRequest
  /** Received, with the order's mask then. */
  receive(certificates: number): void
  /** Failed in the transport (a TransportFailure, say). */
  fail(failure: unknown): void
}

/** Replaces the world's upload with one the test answers; `calls[i]` is the i-th upload sent. */
export function heldUploads(world: { env: { transport: Transport } }) {
  const calls: PendingUpload[] = []
  const upload = jest.fn(
    (request: UploadRequest) =>
      new Promise<UploadAnswer>((resolve, reject) => {
        calls.push({ request, receive: (certificates) => resolve(uploaded(certificates)), fail: reject })
      }),
  )
  world.env.transport.upload = upload
  const call = (index: number): PendingUpload => {
    const found = calls[index]
    if (!found) throw new Error(`no upload ${index} (${calls.length} sent)`)
    return found
  }
  return { upload, calls, call }
}
