/**
 * A local stand-in for a card issuer speaking our issuer protocol (server/orders/issuer-protocol.ts,
 * server/README.md "The issuer"), so the HTTP adapter (server/orders/http-issuer.ts) and the
 * notification route are tested over real sockets. It signs and checks with its own code, written
 * from the protocol's description rather than borrowed from the server's signing module, so a
 * signing bug on either side fails a test: it checks every hand-over's signature, app id and
 * timestamp, takes each idempotency key once (a repeat gets the first receipt), signs its answers
 * over the request's method and path with the request's nonce, and signs the notifications it
 * sends. Tests script its failures: an HTTP 500, a late answer, an answer signed with another key,
 * unsigned, for another request or naming another order.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LateAnswers } from './late-answers'
import { HTTP_OK, HTTP_BAD_REQUEST, HTTP_UNAUTHORIZED, HTTP_NOT_FOUND, HTTP_SERVER_ERROR, MS_PER_SECOND } from './http-status'

/** Our account at the stand-in: ISSUER_APP_ID and ISSUER_SECRET of a configured server. */
export const ISSUER_TEST_APP_ID = 'etc-apply-test'
export const ISSUER_TEST_SECRET = 'issuer-test-secret-0123456789abcdef0123'
/** The stand-in's API root has a path, as a real issuer's may: hand-overs go to it + /orders. */
const API_ROOT = '/etc-issuer/v1'
const ORDERS_PATH = `${API_ROOT}/orders`
const NOTIFY_PATH = '/issuer/v1/notify'
const HEADER = { appId: 'x-issuer-app-id', timestamp: 'x-issuer-timestamp', nonce: 'x-issuer-nonce', signature: 'x-issuer-signature' } as const
const TOLERANCE_SECONDS = 300
const NONCE_BYTES = 16
const OTHER_SECRET = 'not-the-issuer-secret-0123456789abcdef'

/** What the next answer does wrong. */
export type IssuerFailure = 'serverError' | 'forgedAnswer' | 'unsignedAnswer' | 'otherRequestsNonce' | 'otherOrder' | 'staleAnswer'

/** A hand-over as it arrived: `signatureValid` says whether its signature, app id and timestamp checked out. */
export interface StandInHandOver {
  readonly path: string
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  readonly body: string
  readonly signatureValid: boolean
}

/** An order the issuer holds, with the receipt it answered. */
export interface HeldOrder {
  readonly order: Readonly<Record<string, unknown>>
  readonly receiptNo: string
}

export interface StandInNotification {
  readonly eventId: string
  readonly orderId: string
  readonly type: string
  readonly reason?: string
  readonly waybillNo?: string
  readonly occurredAt: string
}

/** How a notification is signed; the defaults are the issuer's own. */
export interface NotificationSigning {
  /** The signature's time (the stand-in's clock when absent). */
  readonly at?: Date
  readonly secret?: string
  readonly appId?: string
  /** A body other than the notification's own JSON (a malformed one). */
  readonly rawBody?: string
  /** Leave the signature headers out. */
  readonly unsigned?: boolean
}

export interface SignedStandInNotification {
  readonly path: string
  readonly headers: Record<string, string>
  readonly body: string
  readonly nonce: string
}

export interface IssuerStandIn {
  /** ISSUER_BASE_URL of a server handing orders to this stand-in. */
  readonly baseUrl: string
  readonly handOvers: readonly StandInHandOver[]
  /** The orders taken, once per idempotency key, in order. */
  held(): HeldOrder[]
  /** The next answer goes wrong this way. */
  failNext(failure: IssuerFailure): void
  /** The next answer leaves `ms` late (the order itself is taken at once). */
  delayNext(ms: number): void
  /** A notification signed as the issuer signs it, for the server whose notification address is ISSUER_NOTIFY_PATH. */
  signedNotification(notification: StandInNotification, signing?: NotificationSigning): SignedStandInNotification
  /** Whether an answer to `sent` carries our server's valid signature (over its method and path, its nonce echoed). */
  answerSigned(sent: SignedStandInNotification, answer: { readonly headers: Readonly<Record<string, unknown>>; readonly body: string }): boolean
  /** Posts a signed notification to a listening server at `serverUrl`; answers its status, body and whether the answer was signed. */
  notify(serverUrl: string, notification: StandInNotification, signing?: NotificationSigning): Promise<{ status: number; answer: unknown; answerSigned: boolean }>
  close(): Promise<void>
}

const hmac = (secret: string, method: string, path: string, timestamp: string, nonce: string, body: string): string =>
  createHmac('sha256', secret).update(`${method}\n${path}\n${timestamp}\n${nonce}\n${body}`, 'utf8').digest('base64')
const nonceOf = (): string => randomBytes(NONCE_BYTES).toString('hex')
const secondsOf = (at: Date): string => String(Math.floor(at.getTime() / MS_PER_SECOND))

/** `now`: the stand-in's clock (the server under test's fake clock, when it has one). */
export async function startIssuerStandIn(now: () => Date = () => new Date()): Promise<IssuerStandIn> {
  const handOvers: StandInHandOver[] = []
  const held = new Map<string, HeldOrder>()
  const failures: IssuerFailure[] = []
  const late = new LateAnswers()
  let sequence = 0

  function verified(request: IncomingMessage, path: string, body: string): boolean {
    const value = (name: string): string => {
      const header = request.headers[name]
      return typeof header === 'string' ? header : ''
    }
    const timestamp = value(HEADER.timestamp)
    if (value(HEADER.appId) !== ISSUER_TEST_APP_ID || !/^\d+$/.test(timestamp)) return false
    if (Math.abs(now().getTime() / MS_PER_SECOND - Number(timestamp)) > TOLERANCE_SECONDS) return false
    return value(HEADER.signature) === hmac(ISSUER_TEST_SECRET, request.method ?? '', path, timestamp, value(HEADER.nonce), body)
  }

  /** The answer, signed over the request's method and path with its nonce (unless scripted otherwise). */
  function answer(response: ServerResponse, request: IncomingMessage, path: string, status: number, body: Readonly<Record<string, unknown>>, failure?: IssuerFailure): void {
    const text = JSON.stringify(body)
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (failure !== 'unsignedAnswer') {
      const requestNonce = String(request.headers[HEADER.nonce] ?? '')
      const nonce = failure === 'otherRequestsNonce' ? nonceOf() : requestNonce
      const at = failure === 'staleAnswer' ? new Date(now().getTime() - 2 * TOLERANCE_SECONDS * MS_PER_SECOND) : now()
      const timestamp = secondsOf(at)
      const secret = failure === 'forgedAnswer' ? OTHER_SECRET : ISSUER_TEST_SECRET
      Object.assign(headers, { [HEADER.timestamp]: timestamp, [HEADER.nonce]: nonce, [HEADER.signature]: hmac(secret, `ANSWER\n${request.method ?? ''}`, path, timestamp, nonce, text) })
    }
    late.send(() => response.writeHead(status, headers).end(text))
  }

  function serve(request: IncomingMessage, response: ServerResponse, body: string): void {
    const path = request.url ?? '/'
    const signatureValid = verified(request, path, body)
    handOvers.push({ path, headers: request.headers, body, signatureValid })
    if (request.method !== 'POST' || path !== ORDERS_PATH) return answer(response, request, path, HTTP_NOT_FOUND, { code: 'NOT_FOUND' })
    // A request it cannot authenticate is refused unsigned: the issuer does not know whom to sign for.
    if (!signatureValid) return answer(response, request, path, HTTP_UNAUTHORIZED, { code: 'SIGN_ERROR' }, 'unsignedAnswer')
    let order: Record<string, unknown>
    try {
      order = JSON.parse(body) as Record<string, unknown>
    } catch {
      return answer(response, request, path, HTTP_BAD_REQUEST, { code: 'NOT_JSON' })
    }
    const failure = failures.shift()
    if (failure === 'serverError') return answer(response, request, path, HTTP_SERVER_ERROR, { code: 'SYSTEM_ERROR' })
    const key = String(order.idempotencyKey)
    const taken = held.get(key) ?? { order, receiptNo: `RCPT${String(++sequence).padStart(8, '0')}` }
    held.set(key, taken)
    const orderId = failure === 'otherOrder' ? 'O999999999999999999999999' : order.orderId
    answer(response, request, path, HTTP_OK, { orderId, receiptNo: taken.receiptNo }, failure)
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => serve(request, response, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_ROOT}`

  function signedNotification(notification: StandInNotification, signing: NotificationSigning = {}): SignedStandInNotification {
    const body = signing.rawBody ?? JSON.stringify(notification)
    const nonce = nonceOf()
    const timestamp = secondsOf(signing.at ?? now())
    const signature = hmac(signing.secret ?? ISSUER_TEST_SECRET, 'POST', NOTIFY_PATH, timestamp, nonce, body)
    const signed = { [HEADER.appId]: signing.appId ?? ISSUER_TEST_APP_ID, [HEADER.timestamp]: timestamp, [HEADER.nonce]: nonce, [HEADER.signature]: signature }
    return { path: NOTIFY_PATH, body, nonce, headers: { 'content-type': 'application/json', ...(signing.unsigned ? {} : signed) } }
  }

  function answerSigned(sent: SignedStandInNotification, reply: { readonly headers: Readonly<Record<string, unknown>>; readonly body: string }): boolean {
    const { [HEADER.timestamp]: timestamp, [HEADER.nonce]: nonce, [HEADER.signature]: signature } = reply.headers
    if (typeof timestamp !== 'string' || typeof signature !== 'string' || nonce !== sent.nonce) return false
    if (Math.abs(now().getTime() / MS_PER_SECOND - Number(timestamp)) > TOLERANCE_SECONDS) return false
    return signature === hmac(ISSUER_TEST_SECRET, 'ANSWER\nPOST', NOTIFY_PATH, timestamp, sent.nonce, reply.body)
  }

  return {
    baseUrl,
    handOvers,
    held: () => [...held.values()],
    failNext: (failure) => {
      failures.push(failure)
    },
    delayNext: (ms) => late.delayNext(ms),
    signedNotification,
    answerSigned,
    async notify(serverUrl, notification, signing = {}) {
      const sent = signedNotification(notification, signing)
      const response = await fetch(`${serverUrl}${sent.path}`, { method: 'POST', headers: sent.headers, body: sent.body })
      const body = await response.text()
      const headers = Object.fromEntries(response.headers)
      return { status: response.status, answer: JSON.parse(body) as unknown, answerSigned: answerSigned(sent, { headers, body }) }
    },
    close: async () => {
      late.cancel()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((closeError) => (closeError ? reject(closeError) : resolve())))
    },
  }
}
