/**
 * The issuer's notifications (POST ISSUER_NOTIFY_PATH; the protocol: server/orders/issuer-protocol.ts,
 * what they do to an order: server/orders/issuer-events.ts). Public (the issuer calls it); the
 * signature over the exact body is checked before the body is parsed, with ISSUER_SECRET and
 * ISSUER_APP_ID (ISSUER_PROVIDER=http) or, outside production with the simulated issuer, the local
 * operator's secret as the simulated issuer (what `npm run sim` signs with). Without either key,
 * as in production without a real issuer, the route does not exist.
 *
 * Answers, each signed like a request (over this route's method and path, the notification's nonce
 * echoed) so the issuer knows it came from us:
 * - 200 SUCCESS: applied, or a replay or late news that changes nothing; do not resend;
 * - 400 FAIL: a body that is not a notification; 401 FAIL: a missing or wrong signature, another
 *   app id, a timestamp more than 5 minutes off; 404 FAIL: no such order; 409 FAIL: an order the
 *   step cannot reach (cancelled, not paid, rejected at its audit). The issuer resends what failed.
 * One notification is one transaction: nothing is half written, whatever fails.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Config } from '../config'
import { text } from '../http/text'
import { zodMessage } from '../http/validation'
import { applyIssuerEvent } from '../orders/issuer-events'
import { refundNow } from '../payments/refunds'
import type { IssuerEventOutcome } from '../orders/issuer-events'
import { ISSUER_ANSWER_CODE, ISSUER_EVENT_TYPES, ISSUER_NOTIFY_PATH, ISSUER_SIGNATURE_HEADERS, issuerNotifyPath } from '../orders/issuer-protocol'
import type { IssuerCallbackAnswer } from '../orders/issuer-protocol'
import { signedHeaders, verifyHeaders } from '../partners/signed-request'
import type { SigningCredentials, VerificationProblem } from '../partners/signed-request'
import { SIMULATED_ISSUER_APP_ID } from '../simulators/issuer'
import { identifier } from '../validation/fields'
import type { RouteGroup } from './context'

/** A notification is well under a kilobyte; anything this large is not one. */
const NOTIFICATION_BODY_LIMIT = 16 * 1024
const MAX_EVENT_ID_LENGTH = 64
/** A rejection's reason is shown to the applicant, as long as a notice's line. */
const MAX_REASON_LENGTH = 200
/** A courier's waybill number: letters, digits and dashes. */
const WAYBILL_NO = /^[A-Za-z0-9-]{4,40}$/

const HTTP_STATUS = { ok: 200, badRequest: 400, unauthorized: 401, notFound: 404, conflict: 409 } as const

export const ISSUER_NOTIFICATION_MESSAGE = {
  unsigned: '签名验证失败',
  stale: '请求时间戳与服务器时间相差超过5分钟，请校准时钟后重发',
  notJson: '通知内容不是JSON',
} as const

const NotificationBody = z.object({
  eventId: text(MAX_EVENT_ID_LENGTH, { min: 1 }),
  orderId: identifier,
  type: z.enum(ISSUER_EVENT_TYPES),
  reason: text(MAX_REASON_LENGTH, { multiline: true }).optional(),
  waybillNo: z.string().regex(WAYBILL_NO).optional(),
  occurredAt: z.iso.datetime({ offset: true }),
})

/** The key notifications are checked with: the real issuer's, else (never in production) the simulated issuer's; none: no route. */
export function issuerNotificationKey(config: Pick<Config, 'production' | 'issuerAccount' | 'simOperatorSecret'>): SigningCredentials | undefined {
  if (config.issuerAccount) return { appId: config.issuerAccount.appId, secret: config.issuerAccount.secret }
  if (config.production || config.simOperatorSecret === undefined) return undefined
  return { appId: SIMULATED_ISSUER_APP_ID, secret: config.simOperatorSecret }
}

function answerOf(orderId: string, result: IssuerEventOutcome): { status: number; answer: IssuerCallbackAnswer } {
  switch (result.outcome) {
    case 'applied':
      return { status: HTTP_STATUS.ok, answer: { code: ISSUER_ANSWER_CODE.success, orderId, changed: true, status: result.status } }
    case 'unchanged':
      return { status: HTTP_STATUS.ok, answer: { code: ISSUER_ANSWER_CODE.success, orderId, changed: false, status: result.status, message: result.reason } }
    case 'unknown':
      return { status: HTTP_STATUS.notFound, answer: { code: ISSUER_ANSWER_CODE.fail, message: result.reason } }
    case 'refused':
      return { status: HTTP_STATUS.conflict, answer: { code: ISSUER_ANSWER_CODE.fail, message: result.reason } }
  }
}

function refusalOf(problem: VerificationProblem): string {
  return problem === 'stale' ? ISSUER_NOTIFICATION_MESSAGE.stale : ISSUER_NOTIFICATION_MESSAGE.unsigned
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}

export const issuerNotificationRoutes: RouteGroup = async (app, { context }) => {
  const key = issuerNotificationKey(context.config)
  if (!key) return
  const signedPath = issuerNotifyPath(context.config.publicBaseUrl)

  /** Sends `answer` signed over the notification's method and path, with its nonce echoed. */
  const send = (reply: FastifyReply, status: number, answer: IssuerCallbackAnswer, nonce: string | undefined): FastifyReply => {
    const body = JSON.stringify(answer)
    const signature = nonce === undefined ? {} : signedHeaders(ISSUER_SIGNATURE_HEADERS, key, { method: 'POST', path: signedPath, body, answer: true }, context.clock.now(), nonce)
    return reply.code(status).headers(signature).type('application/json; charset=utf-8').send(body)
  }

  const notified = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const rawBody = typeof request.body === 'string' ? request.body : ''
    const verified = verifyHeaders(ISSUER_SIGNATURE_HEADERS, key.secret, { method: 'POST', path: signedPath, body: rawBody }, request.headers, context.clock.now(), {
      appId: key.appId,
    })
    if (!verified.ok) {
      request.log.warn({ problem: verified.problem }, 'issuer notification refused: its signature did not verify')
      return send(reply, HTTP_STATUS.unauthorized, { code: ISSUER_ANSWER_CODE.fail, message: refusalOf(verified.problem) }, undefined)
    }
    const { nonce } = verified
    const json = parseJson(rawBody)
    const parsed = json === undefined ? undefined : NotificationBody.safeParse(json, { reportInput: true })
    if (!parsed?.success) {
      const message = parsed ? zodMessage(parsed.error) : ISSUER_NOTIFICATION_MESSAGE.notJson
      request.log.warn({ message }, 'issuer notification refused: malformed body')
      return send(reply, HTTP_STATUS.badRequest, { code: ISSUER_ANSWER_CODE.fail, message }, nonce)
    }
    const notification = parsed.data
    const result = await applyIssuerEvent(context, notification)
    // An activation decides the deposit's refund: it starts back at once, not at the upkeep's next round.
    if (result.outcome === 'applied') await refundNow({ ...context, log: request.log }, notification.orderId)
    const facts = { eventId: notification.eventId, orderId: notification.orderId, type: notification.type, occurredAt: notification.occurredAt, outcome: result.outcome }
    if (result.outcome === 'applied') request.log.info({ ...facts, steps: result.steps, status: result.status }, 'issuer notification applied')
    else if (result.outcome === 'unchanged') request.log.info(facts, 'issuer notification changed nothing: a replay or late news')
    else request.log.warn(facts, 'issuer notification refused')
    const { status, answer } = answerOf(notification.orderId, result)
    return send(reply, status, answer, nonce)
  }

  // The signature covers the body's exact bytes: it reaches the check as text, whatever its type.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT }, (_request, body, done) => done(null, body))
  app.post(ISSUER_NOTIFY_PATH, { config: { public: true } }, notified)
}
