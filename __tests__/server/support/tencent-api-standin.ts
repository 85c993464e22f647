/**
 * What every local stand-in of a Tencent Cloud API 3.0 service shares (SMS:
 * tencent-sms-standin.ts, OCR: tencent-ocr-standin.ts): Tencent's wire protocol as its SDKs speak
 * it. The SDK signs for the service its host's first label names ("sms" of
 * sms.tencentcloudapi.com), so a stand-in is reached as Tencent's own host: it is also the HTTP
 * proxy the client tunnels through (CONNECT <host>:80), and every request arrives with Tencent's
 * Host. It checks each request's TC3-HMAC-SHA256 Authorization as Tencent does (key, signed
 * headers, the five minutes of clock skew, the signature), then hands the call to the service's
 * `answer`; Tencent answers errors with HTTP 200 too, the Response says what happened. Tests
 * steer late answers and a clock that runs ahead.
 */
import { LateAnswers } from './late-answers'
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { HTTP_OK, MS_PER_SECOND } from './http-status'

export const STANDIN_SECRET_ID = 'AKIDstandin0000000000000000000000001'
export const STANDIN_SECRET_KEY = 'standinSecretKey0000000000000001'

export type Json = Readonly<Record<string, unknown>>

export interface TencentError {
  readonly code: string
  readonly message: string
}

export type TencentAnswer = { readonly response: Json } | { readonly error: TencentError }

/** A call whose signature held: its action, version and region headers, and its parsed body. */
export interface TencentApiCall {
  readonly action: string
  readonly version: string
  readonly region: string
  readonly body: Json
}

export interface TencentApiStandInOptions {
  /** The service's host, e.g. sms.tencentcloudapi.com. */
  readonly host: string
  /** The credential scope's service, e.g. "sms". */
  readonly service: string
  /** What an authenticated call is answered: the Response's fields, or one of Tencent's errors. */
  readonly answer: (call: TencentApiCall) => TencentAnswer
}

export interface TencentApiStandIn {
  /** The proxy a client reaches the stand-in through, as Tencent's host. */
  readonly proxy: string
  /** The next answer leaves `ms` late (the call itself is carried out at once, as Tencent would). */
  delayNext(ms: number): void
  /** The stand-in's clock runs `ms` ahead, as Tencent's does of a client whose clock is slow (0 puts it right). */
  clockAhead(ms: number): void
  close(): Promise<void>
}

const ALGORITHM = 'TC3-HMAC-SHA256'
/** Tencent refuses a signature whose timestamp is more than five minutes from its clock. */
const MAX_CLOCK_SKEW_SECONDS = 300
const HTTP_PORT = 80
const ISO_DATE_LENGTH = 'YYYY-MM-DD'.length
const AUTHORIZATION = /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/\d{4}-\d{2}-\d{2}\/[^/\s]+\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()
const utcDate = (seconds: number) => new Date(seconds * MS_PER_SECOND).toISOString().slice(0, ISO_DATE_LENGTH)

export const headerOf = (request: IncomingMessage, name: string): string => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}

export const errorAnswer = ({ code, message }: TencentError): Json => ({ Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } })

export async function startTencentApiStandIn(options: TencentApiStandInOptions): Promise<TencentApiStandIn> {
  const late = new LateAnswers()
  const tunnels = new Set<Duplex>()
  let clockOffsetMs = 0

  /** TC3-HMAC-SHA256 as Tencent recomputes it: canonical request, string to sign, key derived by date, service and 'tc3_request'. */
  function expectedSignature(request: IncomingMessage, body: Buffer, signedHeaders: string, timestamp: number): string {
    const url = new URL(request.url ?? '/', `http://${options.host}`)
    const headers = signedHeaders
      .split(';')
      .map((name) => `${name}:${headerOf(request, name).trim().toLowerCase()}\n`)
      .join('')
    const canonicalRequest = [request.method ?? '', url.pathname, url.search.slice(1), headers, signedHeaders, sha256(body)].join('\n')
    const date = utcDate(timestamp)
    const stringToSign = [ALGORITHM, String(timestamp), `${date}/${options.service}/tc3_request`, sha256(canonicalRequest)].join('\n')
    const signingKey = hmac(hmac(hmac(`TC3${STANDIN_SECRET_KEY}`, date), options.service), 'tc3_request')
    return createHmac('sha256', signingKey).update(stringToSign).digest('hex')
  }

  /** Tencent's AuthFailure for the request, or undefined when its Authorization holds. */
  function authFailure(request: IncomingMessage, body: Buffer): TencentError | undefined {
    const match = AUTHORIZATION.exec(headerOf(request, 'authorization'))
    if (!match) return { code: 'AuthFailure.InvalidAuthorization', message: 'Authorization is not a TC3-HMAC-SHA256 signature.' }
    const [, secretId, signedHeaders, signature] = match
    const signedNames = signedHeaders.split(';')
    if (!signedNames.includes('content-type') || !signedNames.includes('host')) {
      return { code: 'AuthFailure.InvalidAuthorization', message: 'SignedHeaders must include content-type and host.' }
    }
    if (secretId !== STANDIN_SECRET_ID) return { code: 'AuthFailure.SecretIdNotFound', message: 'The SecretId is not found, please ensure that your SecretId is correct.' }
    const timestamp = Number(headerOf(request, 'x-tc-timestamp'))
    const nowSeconds = (Date.now() + clockOffsetMs) / MS_PER_SECOND
    if (!Number.isSafeInteger(timestamp) || Math.abs(nowSeconds - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
      return { code: 'AuthFailure.SignatureExpire', message: 'Signature expired. Timestamp and server time cannot differ by more than 5 minutes.' }
    }
    const expected = Buffer.from(expectedSignature(request, body, signedHeaders, timestamp))
    if (!timingSafeEqual(expected, Buffer.from(signature))) {
      return { code: 'AuthFailure.SignatureFailure', message: 'The provided credentials could not be validated. Please check your signature is correct.' }
    }
    return undefined
  }

  function answerOf(request: IncomingMessage, body: Buffer): Json {
    const failure = authFailure(request, body)
    if (failure) return errorAnswer(failure)
    let parsed: Json
    try {
      parsed = JSON.parse(body.toString('utf8')) as Json
    } catch {
      return errorAnswer({ code: 'FailedOperation.JsonParseFail', message: 'failed to parse the request body' })
    }
    const answer = options.answer({ action: headerOf(request, 'x-tc-action'), version: headerOf(request, 'x-tc-version'), region: headerOf(request, 'x-tc-region'), body: parsed })
    return 'error' in answer ? errorAnswer(answer.error) : { Response: { ...answer.response, RequestId: randomUUID() } }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answer = answerOf(request, Buffer.concat(chunks))
      late.send(() => {
        response.writeHead(HTTP_OK, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer))
      })
    })
  })
  // The proxy side: a tunnel to Tencent's host is served by this same server, as if it were Tencent.
  server.on('connect', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    tunnels.add(socket)
    socket.on('close', () => tunnels.delete(socket))
    if (request.url !== `${options.host}:${HTTP_PORT}`) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    if (head.length > 0) socket.unshift(head)
    server.emit('connection', socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  return {
    proxy: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    delayNext: (ms) => late.delayNext(ms),
    clockAhead: (ms) => {
      clockOffsetMs = ms
    },
    close: async () => {
      late.cancel()
      for (const tunnel of tunnels) tunnel.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((closeError) => (closeError ? reject(closeError) : resolve())))
    },
  }
}
