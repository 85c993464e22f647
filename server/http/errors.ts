/**
 * The error and not-found handlers: every failure leaves as an envelope with a Chinese message.
 * ApiErrors carry their own status; the domain's errors (server/domain-error.ts) get theirs here;
 * Fastify's own client errors (bad JSON, poisoned keys, body too
 * large, unsupported type, rate limit) are translated by status; anything else is logged and
 * answers 500 "server busy", never with a stack trace or internal message.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { Envelope } from '../../types/api/envelope'
import { isDomainError } from '../domain-error'
import type { DomainError } from '../domain-error'
import { ApiError, HTTP_MESSAGE, HTTP_ONLY_CODE, isApiError } from './envelope'

/** Fastify's own 4xx errors, by code, where the generic message of their status is not enough. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGE.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGE.invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGE.badRequest,
}

interface Translated {
  status: number
  body: Envelope<null>
}

const envelope = (code: number, msg: string): Envelope<null> => ({ code, msg, data: null })

function translateClientError(error: FastifyError): Translated | undefined {
  const status = error.statusCode ?? 500
  if (status === 429) return { status, body: envelope(BUSINESS_CODE.TOO_MANY_REQUESTS, HTTP_MESSAGE.tooManyRequests) }
  if (status === 413) return { status, body: envelope(HTTP_ONLY_CODE.PAYLOAD_TOO_LARGE, HTTP_MESSAGE.payloadTooLarge) }
  if (status === 415) return { status, body: envelope(HTTP_ONLY_CODE.UNSUPPORTED_MEDIA_TYPE, HTTP_MESSAGE.unsupportedMediaType) }
  if (status >= 400 && status < 500) {
    // Parse errors (including prototype-poisoning keys) are SyntaxErrors with status 400.
    const message = FRAMEWORK_MESSAGES[error.code] ?? (error instanceof SyntaxError ? HTTP_MESSAGE.invalidJson : HTTP_MESSAGE.badRequest)
    return { status: 400, body: envelope(BUSINESS_CODE.BAD_REQUEST, message) }
  }
  return undefined
}

/** A rule's failure as an HTTP answer: input the rules refuse is a 400, a missing thing an unknown address. */
function apiErrorOf(error: DomainError): ApiError {
  switch (error.kind) {
    case 'invalid':
      return ApiError.badRequest(error.message)
    case 'not_found':
      return ApiError.notFound()
    case 'business':
      return ApiError.business(error.code, error.message)
  }
}

/**
 * The client hung up before its request was handled (an aborted upload, a malformed chunked body
 * cut off): whatever then failed (a rate limit without an address to count, a half-read body)
 * is the client's doing, not the server's, and nobody reads the answer.
 */
function clientGone(request: FastifyRequest): boolean {
  return request.raw.destroyed || request.raw.socket?.destroyed === true
}

export function handleError(thrown: FastifyError | ApiError | DomainError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const error = isDomainError(thrown) ? apiErrorOf(thrown) : thrown
  if (isApiError(error)) return reply.code(error.statusCode).send(error.envelope())
  const translated = translateClientError(error)
  if (translated) {
    request.log.info({ code: error.code, statusCode: translated.status }, 'client error')
    return reply.code(translated.status).send(translated.body)
  }
  if (clientGone(request)) {
    // Info and no stack: a flood of hang-ups must not fill the error log.
    request.log.info({ code: error.code, message: error.message }, 'client gone before its answer')
    return reply.code(400).send(envelope(BUSINESS_CODE.BAD_REQUEST, HTTP_MESSAGE.badRequest))
  }
  request.log.error({ err: error }, 'unexpected error')
  return reply.code(500).send(envelope(BUSINESS_CODE.SERVER_ERROR, HTTP_MESSAGE.serverBusy))
}

/** Register after @fastify/rate-limit: unknown paths count against the per-IP limit too. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(handleError)
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (_request, reply) => reply.code(404).send(ApiError.notFound().envelope()))
}

/** For Fastify's `frameworkErrors` option: a malformed URL and the like, before any route runs. */
export function frameworkErrorHandler(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send(envelope(BUSINESS_CODE.BAD_REQUEST, HTTP_MESSAGE.badRequest))
}
