/**
 * Application photos: the bytes go to FileStorage under a random server-chosen key, a row in
 * `uploads` links them to the caller's open, unsubmitted order, and the order's certificate bit is
 * set (the ID card's only once both sides are there). A new photo of the same kind replaces the
 * old one (row and file). If the database write fails, the stored file is removed again, so a
 * failed upload leaves nothing behind.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ImageKind, UploadResponse, UploadSubject } from '../../types/api/apply'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { CERTIFICATE, withCertificate } from '../../src/domain/certificates'
import type { CertificateFlag } from '../../src/domain/certificates'
import { CANCEL_STATE } from '../../src/domain/enums'
import { newPublicId } from '../auth/secrets'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { orders, uploads } from '../db/schema'
import { DomainError } from '../domain-error'
import { assertEditable, requireOwnOrder } from '../orders/order-records'
import { assertNotExpired, expireUnsubmittedOrders } from '../orders/unsubmitted-orders'
import type { FileStorage } from '../storage/file-storage'
import { IMAGE_EXTENSION, sniffImageType } from './image-type'
import type { ImageType } from './image-type'

export type UploadKind = 'idCardFront' | 'idCardBack' | 'drivingLicence' | ImageKind

const FILE_ID_PREFIX = 'F'
/** Storage keys: `<folder>/<32 random hex>.<ext>`; nothing of the user's choosing. */
const STORAGE_FOLDER = 'images'
const STORAGE_NAME_BYTES = 16

export const UPLOAD_MESSAGE = {
  empty: '图片内容为空，请重新选择',
  unsupportedType: '仅支持JPG、PNG或WebP格式的图片',
} as const

const ID_CARD_SIDES: readonly UploadKind[] = ['idCardFront', 'idCardBack']

const CERTIFICATE_OF: Readonly<Record<UploadKind, CertificateFlag>> = {
  idCardFront: CERTIFICATE.ID_CARD,
  idCardBack: CERTIFICATE.ID_CARD,
  drivingLicence: CERTIFICATE.DRIVING_LICENCE,
  vehicleFront: CERTIFICATE.VEHICLE_FRONT,
  roadTransport: CERTIFICATE.ROAD_TRANSPORT_PERMIT,
  motorLicence: CERTIFICATE.MOTOR_LICENCE,
}

export function uploadKind(subject: UploadSubject): UploadKind {
  switch (subject.kind) {
    case 'idCard':
      return subject.side === 'front' ? 'idCardFront' : 'idCardBack'
    case 'drivingLicense':
      return 'drivingLicence'
    case 'image':
      return subject.imageType
  }
}

export function imageUrl(fileId: string): string {
  return API.image.path.replace('{fileId}', encodeURIComponent(fileId))
}

export interface UploadContext {
  readonly db: Db
  readonly clock: Clock
  readonly random: RandomSource
  readonly storage: FileStorage
  readonly log: FastifyBaseLogger
}

/** The image type from the bytes; INVALID_FILE when empty or not a JPEG, PNG or WebP image. */
export function checkImage(bytes: Buffer): ImageType {
  if (bytes.length === 0) throw DomainError.business(BUSINESS_CODE.INVALID_FILE, UPLOAD_MESSAGE.empty)
  const type = sniffImageType(bytes)
  if (!type) throw DomainError.business(BUSINESS_CODE.INVALID_FILE, UPLOAD_MESSAGE.unsupportedType)
  return type
}

async function removeFiles(context: UploadContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await context.storage.delete(key)
    } catch (error) {
      // The request's outcome stands; an orphaned file is only wasted space, so it is logged.
      context.log.warn({ err: error, storageKey: key }, 'could not delete an uploaded file')
    }
  }
}

interface Recorded {
  mask: number
  replacedKeys: string[]
}

async function record(
  context: UploadContext,
  userId: number,
  orderId: string,
  kind: UploadKind,
  file: { id: string; key: string; mime: ImageType; size: number },
): Promise<Recorded> {
  return context.db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderId, { lock: true })
    assertEditable(order)
    const now = context.clock.now()
    const bit = CERTIFICATE_OF[kind]
    await tx.insert(uploads).values({
      id: file.id,
      userId,
      orderId,
      kind,
      certificateBit: bit,
      storageKey: file.key,
      mime: file.mime,
      sizeBytes: file.size,
      createdAt: now,
    })
    const replaced = await tx
      .delete(uploads)
      .where(and(eq(uploads.orderId, orderId), eq(uploads.kind, kind), ne(uploads.id, file.id)))
      .returning({ key: uploads.storageKey })
    let complete = true
    if (ID_CARD_SIDES.includes(kind)) {
      const sides = await tx
        .selectDistinct({ kind: uploads.kind })
        .from(uploads)
        .where(and(eq(uploads.orderId, orderId), inArray(uploads.kind, [...ID_CARD_SIDES])))
      complete = sides.length === ID_CARD_SIDES.length
    }
    const mask = complete ? withCertificate(order.certificatesCommitState, bit) : order.certificatesCommitState
    await tx.update(orders).set({ certificatesCommitState: mask, updatedAt: now }).where(eq(orders.orderId, orderId))
    return { mask, replacedKeys: replaced.map((row) => row.key) }
  })
}

export async function storePhoto(
  context: UploadContext,
  userId: number,
  orderId: string,
  subject: UploadSubject,
  bytes: Buffer,
): Promise<UploadResponse> {
  const mime = checkImage(bytes)
  // An order past its time to submit is expired first, so it takes no photo and says why.
  await expireUnsubmittedOrders(context.db, context.clock.now(), userId)
  // Checked before storing anything; checked again under the order's lock when recording.
  const order = await requireOwnOrder(context.db, userId, orderId)
  assertNotExpired(order)
  assertEditable(order)
  const file = {
    id: newPublicId(context.random, FILE_ID_PREFIX),
    key: `${STORAGE_FOLDER}/${context.random.bytes(STORAGE_NAME_BYTES).toString('hex')}.${IMAGE_EXTENSION[mime]}`,
    mime,
    size: bytes.length,
  }
  await context.storage.put(file.key, bytes)
  let recorded: Recorded
  try {
    recorded = await record(context, userId, orderId, uploadKind(subject), file)
  } catch (error) {
    await removeFiles(context, [file.key])
    throw error
  }
  await removeFiles(context, recorded.replacedKeys)
  return { fileId: file.id, url: imageUrl(file.id), certificatesCommitSate: recorded.mask }
}

export interface StoredImage {
  mime: string
  bytes: Buffer
  /** What the photo is of (an UploadKind, as recorded), and the order it belongs to. */
  kind: string
  orderId: string | null
}

/**
 * The caller's own image of an order that is not cancelled; anything else (unknown, another
 * user's, a cancelled order's, bytes gone) is not found. The storage decrypts the bytes.
 */
export async function readPhoto(context: Pick<UploadContext, 'db' | 'storage'>, userId: number, fileId: string): Promise<StoredImage> {
  const [row] = await context.db
    .select({ key: uploads.storageKey, mime: uploads.mime, kind: uploads.kind, orderId: uploads.orderId })
    .from(uploads)
    .innerJoin(orders, eq(orders.orderId, uploads.orderId))
    .where(
      and(
        eq(uploads.id, fileId),
        eq(uploads.userId, userId),
        sql`coalesce(${orders.cancelState}, 0) <> ${CANCEL_STATE.SUCCESS}`,
      ),
    )
    .limit(1)
  const bytes = row ? await context.storage.get(row.key) : undefined
  if (!row || !bytes) throw DomainError.notFound()
  return { mime: row.mime, bytes, kind: row.kind, orderId: row.orderId }
}
