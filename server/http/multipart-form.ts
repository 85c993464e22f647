/**
 * Reading an upload's multipart form: the text fields and the one file in field "file", within
 * the limits of server/app.ts (MULTIPART_LIMITS). Contract routes of upload endpoints get both
 * (server/http/endpoint.ts).
 */
import type { FastifyRequest } from 'fastify'
import { MAX_UPLOAD_BYTES } from '../../types/api/apply'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { ApiError, isApiError } from './envelope'

const MEGABYTE = 1024 * 1024
/** The form field that carries the file. */
export const FILE_FIELD = 'file'

export const UPLOAD_FORM_MESSAGE = {
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
  FST_REQ_FILE_TOO_LARGE: () => ApiError.business(BUSINESS_CODE.INVALID_FILE, UPLOAD_FORM_MESSAGE.tooLarge),
  FST_FILES_LIMIT: () => ApiError.business(BUSINESS_CODE.INVALID_FILE, UPLOAD_FORM_MESSAGE.oneFile),
  FST_FIELDS_LIMIT: () => ApiError.badRequest(UPLOAD_FORM_MESSAGE.tooManyFields),
  FST_PARTS_LIMIT: () => ApiError.badRequest(UPLOAD_FORM_MESSAGE.tooManyFields),
}

export interface MultipartForm {
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
  return ApiError.badRequest(UPLOAD_FORM_MESSAGE.malformed)
}

/** The form fields and the one file. */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) throw ApiError.badRequest(UPLOAD_FORM_MESSAGE.notMultipart)
  // No prototype: field names come from the client.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>
  let file: Buffer | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) throw ApiError.badRequest(UPLOAD_FORM_MESSAGE.unexpectedFile)
        file = await part.toBuffer()
      } else {
        if (part.valueTruncated || typeof part.value !== 'string') throw ApiError.badRequest(UPLOAD_FORM_MESSAGE.fieldTooLong)
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    throw formError(error)
  }
  if (!file) throw ApiError.badRequest(UPLOAD_FORM_MESSAGE.noFile)
  return { fields, file }
}
