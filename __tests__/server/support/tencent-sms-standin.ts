/**
 * A local stand-in for Tencent Cloud SMS (API 3.0: SendSms of version 2021-01-11), speaking the
 * wire protocol Tencent's SDK speaks, so the adapter (server/auth/tencent-sms.ts) and the SDK are
 * tested end to end without the real service. The SDK signs for the service its host's first label
 * names ("sms" of sms.tencentcloudapi.com), so the stand-in is reached as Tencent's own host: it
 * is also the HTTP proxy the client tunnels through (CONNECT sms.tencentcloudapi.com:80), and
 * every request arrives with Tencent's Host. It checks each request's TC3-HMAC-SHA256
 * Authorization as Tencent does, checks the app, signature, templates and numbers as the console's
 * approvals would, and answers in Tencent's shapes. Tests steer it with documented error codes (for
 * the whole call or per number), late answers and a clock that runs ahead.
 */
import { LateAnswers } from './late-answers'
import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { TencentSmsSettings } from '../../../server/auth/tencent-sms'
import { HTTP_OK, MS_PER_SECOND } from './http-status'

/** A message that passed the signature check, one per number: what Tencent would send, and what it answered. */
export interface StandInSms {
  /** As sent (E.164 from the adapter: +86…). */
  readonly phoneNumber: string
  readonly templateId: string
  readonly params: readonly string[]
  readonly signName: string
  readonly sdkAppId: string
  readonly region: string
  /** The answer's code for this message: 'Ok', or the refusal (of the call or of the number). */
  readonly code: string
}

/** One of Tencent's documented error answers: for the whole call (Response.Error), or for each number (SendStatusSet[].Code). */
export interface StandInFailure {
  readonly code: string
  readonly message: string
  readonly perNumber?: boolean
}

export interface TencentSmsStandIn {
  /** Everything a client needs to reach this stand-in as Tencent's SMS API, with its keys, app, signature and templates. */
  settings(overrides?: Partial<TencentSmsSettings>): TencentSmsSettings
  /** Every message that passed the signature check, oldest first. */
  readonly sent: readonly StandInSms[]
  /** The next call that passes the signature check gets this answer. */
  failNext(failure: StandInFailure): void
  /** The next answer leaves `ms` late (the call itself is carried out at once, as Tencent would). */
  delayNext(ms: number): void
  /** The stand-in's clock runs `ms` ahead, as Tencent's does of a client whose clock is slow (0 puts it right). */
  clockAhead(ms: number): void
  close(): Promise<void>
}

const STANDIN_SECRET_ID = 'AKIDstandin0000000000000000000000001'
export const STANDIN_SECRET_KEY = 'standinSecretKey0000000000000001'
export const STANDIN_SDK_APP_ID = '1400006666'
export const STANDIN_SIGN_NAME = 'ETC助手'
export const STANDIN_REGION = 'ap-guangzhou'
/** The approved templates' ids. */
export const STANDIN_TEMPLATES = { code: '1861234', plateReleased: '1865678' } as const
const SMS_HOST = 'sms.tencentcloudapi.com'

interface StandInTemplate {
  readonly parameters: number
  /** Verification-code templates take 0–6 digits per parameter. */
  readonly verification: boolean
}

const TEMPLATES: Readonly<Record<string, StandInTemplate>> = {
  [STANDIN_TEMPLATES.code]: { parameters: 1, verification: true },
  [STANDIN_TEMPLATES.plateReleased]: { parameters: 1, verification: false },
}

const SERVICE = 'sms'
const ACTION = 'SendSms'
const VERSION = '2021-01-11'
const ALGORITHM = 'TC3-HMAC-SHA256'
/** The regions SMS is offered in. */
const SMS_REGIONS: ReadonlySet<string> = new Set(['ap-guangzhou', 'ap-beijing', 'ap-nanjing'])
/** Tencent refuses a signature whose timestamp is more than five minutes from its clock. */
const MAX_CLOCK_SKEW_SECONDS = 300
const HTTP_PORT = 80
const ISO_DATE_LENGTH = 'YYYY-MM-DD'.length
const SERIAL_MAX = 10 ** 12
const VERIFICATION_PARAMETER = /^\d{0,6}$/
/** SendSms takes a mainland number with or without its country code. */
const MAINLAND_MOBILE = /^(?:\+86|0086|86)?1\d{10}$/
const AUTHORIZATION = /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/\d{4}-\d{2}-\d{2}\/[^/\s]+\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/

type Json = Readonly<Record<string, unknown>>
interface TencentError {
  readonly code: string
  readonly message: string
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()
const utcDate = (seconds: number) => new Date(seconds * MS_PER_SECOND).toISOString().slice(0, ISO_DATE_LENGTH)
const headerOf = (request: IncomingMessage, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}
const errorAnswer = ({ code, message }: TencentError): Json => ({ Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } })
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [])

export async function startTencentSmsStandIn(): Promise<TencentSmsStandIn> {
  const sent: StandInSms[] = []
  const pendingFailures: StandInFailure[] = []
  const late = new LateAnswers()
  const tunnels = new Set<Duplex>()
  let clockOffsetMs = 0

  /** TC3-HMAC-SHA256 as Tencent recomputes it: canonical request, string to sign, key derived by date, service and 'tc3_request'. */
  function expectedSignature(request: IncomingMessage, body: Buffer, signedHeaders: string, timestamp: number): string {
    const url = new URL(request.url ?? '/', `http://${SMS_HOST}`)
    const headers = signedHeaders
      .split(';')
      .map((name) => `${name}:${headerOf(request, name).trim().toLowerCase()}\n`)
      .join('')
    const canonicalRequest = [request.method ?? '', url.pathname, url.search.slice(1), headers, signedHeaders, sha256(body)].join('\n')
    const date = utcDate(timestamp)
    const stringToSign = [ALGORITHM, String(timestamp), `${date}/${SERVICE}/tc3_request`, sha256(canonicalRequest)].join('\n')
    const signingKey = hmac(hmac(hmac(`TC3${STANDIN_SECRET_KEY}`, date), SERVICE), 'tc3_request')
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

  /** The refusal of the whole call, judged as Tencent does before looking at the numbers. */
  function callRefusal(request: IncomingMessage, call: Json): TencentError | undefined {
    if (headerOf(request, 'x-tc-action') !== ACTION) return { code: 'InvalidAction', message: 'The action requested does not exist.' }
    if (headerOf(request, 'x-tc-version') !== VERSION) return { code: 'NoSuchVersion', message: 'The API version requested does not exist.' }
    const region = headerOf(request, 'x-tc-region')
    if (!region) return { code: 'MissingParameter', message: 'The request is missing a required parameter `Region`.' }
    if (!SMS_REGIONS.has(region)) return { code: 'UnsupportedRegion', message: `SendSms is not offered in ${region}.` }
    if (call.SmsSdkAppId !== STANDIN_SDK_APP_ID) return { code: 'UnauthorizedOperation.SmsSdkAppIdVerifyFail', message: 'SmsSdkAppId verify fail.' }
    if (call.SignName !== STANDIN_SIGN_NAME) return { code: 'FailedOperation.SignatureIncorrectOrUnapproved', message: 'signature format is incorrect or signature is not approved' }
    const template = TEMPLATES[String(call.TemplateId)]
    const params = strings(call.TemplateParamSet)
    if (!template || params.length !== template.parameters) {
      return { code: 'FailedOperation.TemplateIncorrectOrUnapproved', message: 'template is not approved or request content does not match the approved template content' }
    }
    if (template.verification && !params.every((param) => VERIFICATION_PARAMETER.test(param))) {
      return { code: 'InvalidParameterValue.TemplateParameterFormatError', message: 'verification code template parameter format error' }
    }
    if (strings(call.PhoneNumberSet).length === 0) return { code: 'MissingParameter.EmptyPhoneNumberSet', message: 'the phone number set is empty' }
    return undefined
  }

  function sendStatus(phoneNumber: string, call: Json, refusal: TencentError | undefined): Json {
    return {
      SerialNo: refusal ? '' : `2640:${randomInt(SERIAL_MAX)}`,
      PhoneNumber: phoneNumber,
      Fee: refusal ? 0 : 1,
      SessionContext: typeof call.SessionContext === 'string' ? call.SessionContext : '',
      Code: refusal?.code ?? 'Ok',
      Message: refusal?.message ?? 'send success',
      IsoCode: 'CN',
    }
  }

  /** The answer to an authenticated call; each of its messages is recorded with the code it got. */
  function answerCall(request: IncomingMessage, body: Buffer): Json {
    let call: Json
    try {
      call = JSON.parse(body.toString('utf8')) as Json
    } catch {
      return errorAnswer({ code: 'FailedOperation.JsonParseFail', message: 'failed to parse the request body' })
    }
    const failure = pendingFailures.shift()
    // A steered answer replaces the checks: the test says what Tencent answers this time.
    const callFailure = failure ? (failure.perNumber ? undefined : failure) : callRefusal(request, call)
    const phoneNumbers = strings(call.PhoneNumberSet)
    const statuses = phoneNumbers.map((phoneNumber) => {
      const numberFailure = failure?.perNumber ? failure : MAINLAND_MOBILE.test(phoneNumber) ? undefined : { code: 'InvalidParameterValue.IncorrectPhoneNumber', message: 'incorrect phone number' }
      const code = callFailure?.code ?? numberFailure?.code ?? 'Ok'
      sent.push({
        phoneNumber,
        templateId: String(call.TemplateId),
        params: strings(call.TemplateParamSet),
        signName: String(call.SignName),
        sdkAppId: String(call.SmsSdkAppId),
        region: headerOf(request, 'x-tc-region'),
        code,
      })
      return sendStatus(phoneNumber, call, numberFailure)
    })
    if (callFailure) return errorAnswer(callFailure)
    return { Response: { SendStatusSet: statuses, RequestId: randomUUID() } }
  }

  function respond(response: ServerResponse, answer: Json): void {
    // Tencent answers its errors with HTTP 200 too: the Response says what happened.
    const write = () => {
      response.writeHead(HTTP_OK, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer))
    }
    late.send(write)
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const failure = authFailure(request, body)
      respond(response, failure ? errorAnswer(failure) : answerCall(request, body))
    })
  })
  // The proxy side: a tunnel to Tencent's host is served by this same server, as if it were Tencent.
  server.on('connect', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    tunnels.add(socket)
    socket.on('close', () => tunnels.delete(socket))
    if (request.url !== `${SMS_HOST}:${HTTP_PORT}`) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    if (head.length > 0) socket.unshift(head)
    server.emit('connection', socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const proxy = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    settings: (overrides = {}) => ({
      secretId: STANDIN_SECRET_ID,
      secretKey: STANDIN_SECRET_KEY,
      sdkAppId: STANDIN_SDK_APP_ID,
      signName: STANDIN_SIGN_NAME,
      region: STANDIN_REGION,
      templates: { ...STANDIN_TEMPLATES },
      endpoint: SMS_HOST,
      protocol: 'http:',
      proxy,
      ...overrides,
    }),
    sent,
    failNext: (failure) => {
      pendingFailures.push(failure)
    },
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
