/**
 * Logging (pino through Fastify). Every line passes through maskPersonalData before it is
 * written, so phone numbers (138****5678) and ID numbers (1101**********1234) are masked wherever
 * they appear: URLs, error messages, database errors, simulator lines. Request bodies and headers
 * are never logged: each request is one line with method, URL, status, whole milliseconds and
 * remote address (RequestLogController), the values of secret query parameters redacted
 * (redactUrl).
 */
import { LogController } from 'fastify'
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { maskPersonalData } from '../../src/domain/masking'
import type { LogLevel } from '../config'

/**
 * Where log lines go (one JSON line per call); every line is masked first. Declared here, not in
 * deps.ts, so the HTTP layer does not import the composition root that imports it (issue 30).
 */
export interface LogDestination {
  write(line: string): void
}

export type LogOptions = false | { readonly level: LogLevel; readonly destination?: LogDestination }

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
 * Query parameters that carry a credential: the cashier's one-time token, the platforms' login
 * and authorisation codes, tickets, signatures. Matched without regard to case; a logged address
 * keeps the name and loses the value, so a log reader can replay nothing.
 */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'refresh_token',
  'code',
  'auth_code',
  'authcode',
  'app_auth_code',
  'ticket',
  'jsapi_ticket',
  'sign',
  'signature',
  'secret',
  'password',
])
export const REDACTED = '[redacted]'

const nameOf = (pair: string): string => {
  const raw = pair.split('=', 1)[0]
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase()
  } catch {
    return raw.toLowerCase()
  }
}

/** The address with the value of every secret query parameter replaced by REDACTED. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  if (queryAt === -1) return url
  const pairs = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => (SECRET_QUERY_PARAMETERS.has(nameOf(pair)) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair))
  return `${url.slice(0, queryAt)}?${pairs.join('&')}`
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
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        remoteAddress: request.ip,
      },
      'request',
    )
  }
}
