/**
 * A local stand-in for the risk-control service speaking our review protocol
 * (server/catalogue/http-risk-reviewer.ts), over a real socket. Like the issuer's stand-in it signs
 * and checks with its own code, written from the protocol's description: it checks each request's
 * signature, app id and timestamp, refuses the plates it was told to, and signs its answers over
 * the request's method and path with the request's nonce. Tests script its failures: an HTTP 500,
 * a late answer, an answer signed with another key, an answer without a verdict.
 */
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LateAnswers } from './late-answers'
import { HTTP_OK, HTTP_UNAUTHORIZED, HTTP_NOT_FOUND, HTTP_SERVER_ERROR, MS_PER_SECOND } from './http-status'

/** Our account at the stand-in: RISK_APP_ID and RISK_SECRET of a configured server. */
export const RISK_TEST_APP_ID = 'etc-apply-risk-test'
export const RISK_TEST_SECRET = 'risk-test-secret-0123456789abcdef0123456'
const API_ROOT = '/risk/v2'
const REVIEWS_PATH = `${API_ROOT}/reviews`
const HEADER = { appId: 'x-risk-app-id', timestamp: 'x-risk-timestamp', nonce: 'x-risk-nonce', signature: 'x-risk-signature' } as const
const TOLERANCE_SECONDS = 300
const OTHER_SECRET = 'not-the-risk-secret-0123456789abcdef0123'

export type RiskFailure = 'serverError' | 'forgedAnswer' | 'noVerdict'

export interface StandInReview {
  readonly body: Readonly<Record<string, unknown>>
  readonly signatureValid: boolean
}

export interface RiskStandIn {
  /** RISK_BASE_URL of a server asking this stand-in. */
  readonly baseUrl: string
  readonly reviews: readonly StandInReview[]
  /** The service refuses `plateNumber` with `reason`. */
  refuse(plateNumber: string, reason: string): void
  failNext(failure: RiskFailure): void
  delayNext(ms: number): void
  close(): Promise<void>
}

const hmac = (secret: string, method: string, path: string, timestamp: string, nonce: string, body: string): string =>
  createHmac('sha256', secret).update(`${method}\n${path}\n${timestamp}\n${nonce}\n${body}`, 'utf8').digest('base64')

export async function startRiskStandIn(now: () => Date = () => new Date()): Promise<RiskStandIn> {
  const reviews: StandInReview[] = []
  const refused = new Map<string, string>()
  const failures: RiskFailure[] = []
  const late = new LateAnswers()

  const header = (request: IncomingMessage, name: string): string => {
    const value = request.headers[name]
    return typeof value === 'string' ? value : ''
  }

  function verified(request: IncomingMessage, path: string, body: string): boolean {
    const timestamp = header(request, HEADER.timestamp)
    if (header(request, HEADER.appId) !== RISK_TEST_APP_ID || !/^\d+$/.test(timestamp)) return false
    if (Math.abs(now().getTime() / MS_PER_SECOND - Number(timestamp)) > TOLERANCE_SECONDS) return false
    return header(request, HEADER.signature) === hmac(RISK_TEST_SECRET, request.method ?? '', path, timestamp, header(request, HEADER.nonce), body)
  }

  function answer(response: ServerResponse, request: IncomingMessage, path: string, status: number, body: object, secret: string | undefined = RISK_TEST_SECRET): void {
    const text = JSON.stringify(body)
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (secret !== undefined) {
      const nonce = header(request, HEADER.nonce)
      const timestamp = String(Math.floor(now().getTime() / MS_PER_SECOND))
      Object.assign(headers, { [HEADER.timestamp]: timestamp, [HEADER.nonce]: nonce, [HEADER.signature]: hmac(secret, `ANSWER\n${request.method ?? ''}`, path, timestamp, nonce, text) })
    }
    late.send(() => response.writeHead(status, headers).end(text))
  }

  function serve(request: IncomingMessage, response: ServerResponse, text: string): void {
    const path = request.url ?? '/'
    if (request.method !== 'POST' || path !== REVIEWS_PATH) return answer(response, request, path, HTTP_NOT_FOUND, { code: 'NOT_FOUND' })
    const signatureValid = verified(request, path, text)
    const body = JSON.parse(text) as Record<string, unknown>
    reviews.push({ body, signatureValid })
    if (!signatureValid) return answer(response, request, path, HTTP_UNAUTHORIZED, { code: 'SIGN_ERROR' }, undefined)
    const failure = failures.shift()
    if (failure === 'serverError') return answer(response, request, path, HTTP_SERVER_ERROR, { code: 'SYSTEM_ERROR' })
    if (failure === 'noVerdict') return answer(response, request, path, HTTP_OK, { status: 'ok' })
    const reason = refused.get(String(body.plateNumber))
    const verdict = reason === undefined ? { required: false, reason: '' } : { required: true, reason }
    answer(response, request, path, HTTP_OK, verdict, failure === 'forgedAnswer' ? OTHER_SECRET : RISK_TEST_SECRET)
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => serve(request, response, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_ROOT}`,
    reviews,
    refuse: (plateNumber, reason) => void refused.set(plateNumber, reason),
    failNext: (failure) => void failures.push(failure),
    delayNext: (ms) => late.delayNext(ms),
    close: async () => {
      late.cancel()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
