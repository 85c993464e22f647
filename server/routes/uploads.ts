/**
 * Photo uploads (multipart: the image in field "file", and orderId, side or imageType as form
 * fields; the contract's upload field types, read by server/http/multipart-form.ts) on the six
 * paths of the spec, the image read back by its owner, and its text read for the form
 * (recognizePhoto). At most MAX_UPLOAD_BYTES and one file per request; the type comes from the bytes. Uploads from one address are limited per hour, all
 * six paths together (config.hourlyRateLimit.upload, limits/per-address.ts).
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { UploadResponse, UploadSubject } from '../../types/api/apply'
import { API } from '../../types/api/paths'
import type { SessionUser } from '../auth/sessions'
import type { Reply } from '../http/endpoint'
import { ok } from '../http/envelope'
import { ADDRESS_LIMIT, countAddressAttempt } from '../limits/per-address'
import { NO_STORE } from '../http/security'
import { recognizePhoto } from '../recognition/recognize-photo'
import { readPhoto, storePhoto } from '../uploads/photo-uploads'
import { identifier } from '../validation/fields'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'

const OrderFields = z.object({ orderId: identifier })
const IdCardFields = OrderFields.extend({ side: z.enum(['front', 'back']) })
const ImageFields = OrderFields.extend({ imageType: z.enum(['vehicleFront', 'roadTransport', 'motorLicence']) })
const ImageParams = z.object({ fileId: identifier })
const RecognizeBody = z.object({ orderId: identifier, fileId: identifier })

/** What storing an upload needs of the route's input. */
interface UploadInput {
  readonly user: SessionUser
  readonly request: FastifyRequest
  readonly file: Buffer
}

export const uploadRoutes: RouteGroup = async (app, { context }) => {
  const route = contractRoutes(app, context)
  const store = async ({ user, request, file }: UploadInput, orderId: string, subject: UploadSubject): Promise<Reply<UploadResponse>> => {
    await countAddressAttempt(context.counters, ADDRESS_LIMIT.upload, request.ip, context.config.hourlyRateLimit.upload)
    return ok(await storePhoto({ ...context, log: request.log }, user.id, orderId, subject, file))
  }

  for (const contract of [API.uploadIdCardH5, API.uploadIdCard]) {
    route(contract, { body: IdCardFields, handler: async (input) => store(input, input.body.orderId, { kind: 'idCard', side: input.body.side }) })
  }
  for (const contract of [API.uploadDrivingLicenseH5, API.uploadDrivingLicense]) {
    route(contract, { body: OrderFields, handler: async (input) => store(input, input.body.orderId, { kind: 'drivingLicense' }) })
  }
  for (const contract of [API.uploadImageH5, API.uploadImage]) {
    route(contract, { body: ImageFields, handler: async (input) => store(input, input.body.orderId, { kind: 'image', imageType: input.body.imageType }) })
  }

  // Each reading costs the provider a call: they count against the address's hourly upload limit.
  route(API.recognizePhoto, {
    body: RecognizeBody,
    handler: async ({ user, body, request }) => {
      await countAddressAttempt(context.counters, ADDRESS_LIMIT.recognize, request.ip, context.config.hourlyRateLimit.upload)
      return ok(await recognizePhoto({ ...context, reader: context.ocr, log: request.log }, user.id, body))
    },
  })

  route(API.image, {
    params: ImageParams,
    handler: async ({ user, params, reply }) => {
      const image = await readPhoto(context, user.id, params.fileId)
      return reply.header('content-type', image.mime).header('cache-control', NO_STORE).send(image.bytes)
    },
  })
}
