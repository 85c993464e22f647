/**
 * Photo uploads (multipart: the image in field "file", and orderId, side or imageType as form
 * fields; see UploadFields) on the six paths of the spec, and the image read back by its owner.
 * At most MAX_UPLOAD_BYTES and one file per request; the type comes from the bytes.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { MAX_UPLOAD_BYTES } from '../../types/api/apply'
import type { UploadResponse, UploadSubject } from '../../types/api/apply'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import { requireUser } from '../http/auth-hook'
import { endpoint } from '../http/endpoint'
import { ApiError, isApiError, ok } from '../http/envelope'
import { NO_STORE } from '../http/security'
import { parseInput } from '../http/validation'
import { readPhoto, storePhoto } from '../uploads/photo-uploads'
import { identifier } from '../validation/fields'
import type { RouteContext, RouteGroup } from './context'

const MEGABYTE = 1024 * 1024
/** The form field that carries the image. */
export const FILE_FIELD = 'file'

export const UPLOAD_ROUTE_MESSAGE = {
  notMultipart: '请以 multipart/form-data 表单上传图片',
  noFile: '请选择要上传的图片',
  unexpectedFile: `图片应放在表单字段 ${FILE_FIELD} 中`,
  tooLarge: `图片不能超过${MAX_UPLOAD_BYTES / MEGABYTE}MB`,
  oneFile: '每次只能上传一张图片',
  tooManyFields: '表单字段过多',
  fieldTooLong: '表单字段过长',
  malformed: '上传的表单格式不正确',
} as const

/** @fastify/multipart's limit errors, by code. */
const MULTIPART_LIMIT_ERRORS: Readonly<Record<string, () => ApiError>> = {
  FST_REQ_FILE_TOO_LARGE: () => ApiError.business(BUSINESS_CODE.INVALID_FILE, UPLOAD_ROUTE_MESSAGE.tooLarge),
  FST_FILES_LIMIT: () => ApiError.business(BUSINESS_CODE.INVALID_FILE, UPLOAD_ROUTE_MESSAGE.oneFile),
  FST_FIELDS_LIMIT: () => ApiError.badRequest(UPLOAD_ROUTE_MESSAGE.tooManyFields),
  FST_PARTS_LIMIT: () => ApiError.badRequest(UPLOAD_ROUTE_MESSAGE.tooManyFields),
}

const IdCardFields = z.object({ orderId: identifier, side: z.enum(['front', 'back']) })
const OrderFields = z.object({ orderId: identifier })
const ImageFields = z.object({ orderId: identifier, imageType: z.enum(['vehicleFront', 'roadTransport', 'motorLicence']) })
const ImageParams = z.object({ fileId: identifier })

interface UploadForm {
  fields: Record<string, string>
  file: Buffer
}

const CLIENT_ERROR = { min: 400, max: 499 } as const

/**
 * What to throw for a failure while reading the form: a limit as its answer; the framework's own
 * client errors (a 4xx status) as they are, for the error handler; anything else means the body
 * itself is malformed (no boundary, bad part headers, a form cut short: the parser's plain Errors),
 * which is a 400, never a 500.
 */
function formError(error: unknown): unknown {
  if (isApiError(error) || typeof error !== 'object' || error === null) return error
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown }
  if (typeof code === 'string' && Object.hasOwn(MULTIPART_LIMIT_ERRORS, code)) return MULTIPART_LIMIT_ERRORS[code]?.()
  if (typeof statusCode === 'number' && statusCode >= CLIENT_ERROR.min && statusCode <= CLIENT_ERROR.max) return error
  return ApiError.badRequest(UPLOAD_ROUTE_MESSAGE.malformed)
}

/** The form fields and the one file; the limits of server/app.ts (MULTIPART_LIMITS) apply. */
async function readForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw ApiError.badRequest(UPLOAD_ROUTE_MESSAGE.notMultipart)
  // No prototype: field names come from the client.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>
  let file: Buffer | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) throw ApiError.badRequest(UPLOAD_ROUTE_MESSAGE.unexpectedFile)
        file = await part.toBuffer()
      } else {
        if (part.valueTruncated || typeof part.value !== 'string') throw ApiError.badRequest(UPLOAD_ROUTE_MESSAGE.fieldTooLong)
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    throw formError(error)
  }
  if (!file) throw ApiError.badRequest(UPLOAD_ROUTE_MESSAGE.noFile)
  return { fields, file }
}

type SubjectOf = (fields: Record<string, string>) => { orderId: string; subject: UploadSubject }

const SUBJECTS = {
  idCard: (fields) => {
    const form = parseInput(IdCardFields, { ...fields })
    return { orderId: form.orderId, subject: { kind: 'idCard', side: form.side } }
  },
  drivingLicense: (fields) => ({ orderId: parseInput(OrderFields, { ...fields }).orderId, subject: { kind: 'drivingLicense' } }),
  image: (fields) => {
    const form = parseInput(ImageFields, { ...fields })
    return { orderId: form.orderId, subject: { kind: 'image', imageType: form.imageType } }
  },
} satisfies Record<UploadSubject['kind'], SubjectOf>

const UPLOAD_ROUTES: readonly [Endpoint, SubjectOf][] = [
  [API.uploadIdCardH5, SUBJECTS.idCard],
  [API.uploadIdCard, SUBJECTS.idCard],
  [API.uploadDrivingLicenseH5, SUBJECTS.drivingLicense],
  [API.uploadDrivingLicense, SUBJECTS.drivingLicense],
  [API.uploadImageH5, SUBJECTS.image],
  [API.uploadImage, SUBJECTS.image],
]

function uploadHandler(context: RouteContext, subjectOf: SubjectOf) {
  return async (request: FastifyRequest): Promise<Envelope<UploadResponse>> => {
    const user = requireUser(request)
    const form = await readForm(request)
    const { orderId, subject } = subjectOf(form.fields)
    return ok(await storePhoto({ ...context, log: request.log }, user.id, orderId, subject, form.file))
  }
}

export const uploadRoutes: RouteGroup = async (app, { context }) => {
  for (const [contract, subjectOf] of UPLOAD_ROUTES) {
    app.route({ ...endpoint(contract), handler: uploadHandler(context, subjectOf) })
  }

  app.route({
    ...endpoint(API.image),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { fileId } = parseInput(ImageParams, request.params)
      const image = await readPhoto(context, user.id, fileId)
      return reply.header('content-type', image.mime).header('cache-control', NO_STORE).send(image.bytes)
    },
  })
}
