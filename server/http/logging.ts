/**
 * Logging (pino through Fastify). Every line passes through maskPersonalData before it is
 * written, so phone numbers (138****5678) and ID numbers (1101**********1234) are masked wherever
 * they appear: URLs, error messages, database errors, simulator lines. Request bodies and headers
 * are never logged: each request is one line with method, URL, status, whole milliseconds and
 * remote address (RequestLogController).
 */
import { LogController } from 'fastify'
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { maskPersonalData } from '../../src/domain/masking'
import type { LogDestination, LogOptions } from '../deps'

export function maskingDestination(target: LogDestination): LogDestination {
  return { write: (line) => target.write(maskPersonalData(line)) }
}

export function loggerOptions(options: LogOptions): FastifyServerOptions['logger'] {
  if (options === false) return false
  return {
    level: options.level,
    stream: maskingDestination(options.destination ?? process.stdout),
    // Defence in depth: the default serializers log no headers, but a custom log call might.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
  }
}

/**
 * One line per answered request, in place of Fastify's two (incoming, completed): method, URL,
 * status, whole milliseconds (fractions would read as digit runs to the masking) and client IP.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: false })
  }

  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        remoteAddress: request.ip,
      },
      'request',
    )
  }
}
