/**
 * The outside parties' simulators served by the server, none of them in production (the
 * configuration refuses simulators there, and not one /sim/* route is registered):
 * - the cashier (SIMULATOR_PATHS): a page with the amount and 支付成功 / 支付失败, whose form
 *   settles the payment once and returns to the app's pay result page. Public: the browser
 *   navigates there without the app's token; the one-time cashier token authorises it.
 * - WeChat Pay's and Alipay's notification (NATIVE_PAY_NOTIFY_PATH): what the platform would tell
 *   the server after the mini-program paid with the parameters the simulated cashier issued;
 *   settles the payment once, as the cashier page's form does, and answers an envelope. Only this
 *   machine's operator (loopback and the operator secret) plays the platform: a payment id alone
 *   (it is in every cashier address) settles nothing.
 * - the cashier page, its form and the notification exist only with the simulated cashier.
 * - WeChat's mini-program URL links (URL_LINK_SIM_PATH): the page a link from getWeChat/urlLink
 *   opens, saying the mini-program was opened. Public, like the cashier: the browser goes there.
 * - the local operator's new-apply switch (NEW_APPLY_SWITCH_SIM_PATH), answered only to this
 *   machine (loopback socket address) with the operator secret
 *   (server/simulators/operator-secret.ts); absent without a secret. (`npm run sim` moves orders
 *   through the issuer's own notification route, server/routes/issuer-notifications.ts, as the
 *   simulated issuer.)
 * - the demo photos the simulated OCR provider reads (DEMO_PHOTO_PATH, server/simulators/ocr-simulator.ts),
 *   for a person trying `npm start` to choose on the form's photo pages; only with that simulator.
 * - with SIM_AUTO_ADVANCE_SECONDS > 0, the demo timer, started when the app is ready and stopped
 *   when it closes.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { MINI_PROGRAM_ENV_VERSIONS } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { SIMULATOR_PATHS } from '../../types/api/paths'
import { routePath } from '../http/endpoint'
import { ApiError, fail, ok } from '../http/envelope'
import { text } from '../http/text'
import { parseInput } from '../http/validation'
import { PAYMENT_MESSAGE, cashierView, settlePayment } from '../payments/payments'
import type { CashierOutcome, SettleProof, SettleResult } from '../payments/payments'
import { handOverNow } from '../orders/issuer-outbox'
import { PAY_STATE } from '../../src/domain/enums'
import { startAutoAdvance } from '../simulators/auto-advance'
import type { AutoAdvance } from '../simulators/auto-advance'
import { payResultPath } from '../payments/app-pages'
import { renderCashierMessage, renderCashierPage } from '../simulators/cashier-page'
import { NATIVE_PAY_NOTIFY_PATH, NativePayNotifyBody } from '../simulators/native-pay'
import { isOperatorSecret, SIM_OPERATOR_HEADER } from '../simulators/operator-secret'
import { NEW_APPLY_SWITCH_SIM_PATH, NewApplySwitchSimBody } from '../simulators/new-apply-switch-sim'
import { newApplyState, setNewApplySwitch } from '../catalogue/new-apply-switch'
import { URL_LINK_ID, URL_LINK_SIM_PATH } from '../platform/simulated-url-links'
import { renderUrlLinkInvalid, renderUrlLinkPage } from '../simulators/url-link-page'
import { identifier } from '../validation/fields'
import { DEMO_DOCUMENTS, DEMO_PHOTO_FOLDER, DEMO_PHOTO_PATH, demoPhotoFile } from '../simulators/ocr-simulator'
import type { RouteContext, RouteGroup } from './context'
import { URL_LINK_LIMIT } from './platform'

const HTTP_STATUS = { notFound: 404, conflict: 409, seeOther: 303 } as const
const MAX_TOKEN_LENGTH = 128
const MAX_APP_ID_LENGTH = 64

export const SIMULATOR_MESSAGE = { localOnly: '模拟器接口仅限本机操作员调用' } as const

const PaymentParams = z.object({ paymentId: identifier })
const CashierQuery = z.object({ token: text(MAX_TOKEN_LENGTH, { min: 1 }) })
const CashierResultBody = z.object({ token: text(MAX_TOKEN_LENGTH, { min: 1 }), outcome: z.enum(['success', 'fail']) })
const UrlLinkParams = z.object({ linkId: z.string().regex(URL_LINK_ID) })
/** What getWeChat/urlLink made the link for (its own checks); a link without it is not one of ours. */
const UrlLinkQuery = z.object({
  appId: text(MAX_APP_ID_LENGTH, { min: 1 }),
  path: text(URL_LINK_LIMIT),
  query: text(URL_LINK_LIMIT),
  env_version: z.enum(MINI_PROGRAM_ENV_VERSIONS),
})


const DemoPhotoParams = z.object({ file: text(MAX_TOKEN_LENGTH, { min: 1 }) })
const DEMO_FILES: readonly string[] = DEMO_DOCUMENTS.map(demoPhotoFile)

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body)
}

function refusal(result: Exclude<SettleResult, { ok: true }>): { status: number; message: string } {
  switch (result.reason) {
    case 'invalid':
      return { status: HTTP_STATUS.notFound, message: PAYMENT_MESSAGE.invalidLink }
    case 'settled':
      return { status: HTTP_STATUS.conflict, message: PAYMENT_MESSAGE.settled }
    case 'cancelled':
      return { status: HTTP_STATUS.conflict, message: PAYMENT_MESSAGE.orderCancelled }
  }
}

/** Settles a payment; a paid order then goes to its issuer at once (the outbox's job is the backstop). */
async function settleAndHandOver(
  context: RouteContext,
  request: FastifyRequest,
  paymentId: string,
  proof: SettleProof,
  outcome: CashierOutcome,
): Promise<SettleResult> {
  const result = await settlePayment(context, paymentId, proof, outcome)
  if (result.ok && result.state === PAY_STATE.SUCCESS) {
    await handOverNow({ db: context.db, clock: context.clock, issuer: context.issuer, log: request.log }, result.orderId)
  }
  return result
}

/** The simulated cashier's page and the form that settles its payment. */
function registerCashierPages(app: FastifyInstance, context: RouteContext): void {
  app.get(routePath(SIMULATOR_PATHS.cashier), { config: { public: true } }, async (request, reply) => {
    const { paymentId } = parseInput(PaymentParams, request.params)
    const { token } = parseInput(CashierQuery, request.query)
    const lookup = await cashierView(context.db, paymentId, token)
    if (lookup.ok) return html(reply, 200, renderCashierPage(lookup.view, token))
    return lookup.reason === 'invalid'
      ? html(reply, HTTP_STATUS.notFound, renderCashierMessage(PAYMENT_MESSAGE.invalidLink))
      : html(reply, HTTP_STATUS.conflict, renderCashierMessage(PAYMENT_MESSAGE.settled, lookup.orderId))
  })

  app.post(routePath(SIMULATOR_PATHS.cashierResult), { config: { public: true } }, async (request, reply) => {
    const { paymentId } = parseInput(PaymentParams, request.params)
    const body = parseInput(CashierResultBody, request.body)
    const result = await settleAndHandOver(context, request, paymentId, { token: body.token }, body.outcome)
    if (result.ok) return reply.redirect(payResultPath(result.orderId), HTTP_STATUS.seeOther)
    const { status, message } = refusal(result)
    return html(reply, status, renderCashierMessage(message, result.orderId))
  })
}

export const simulatorRoutes: RouteGroup = async (app, { context }) => {
  if (context.config.production) return
  // The cashier's page and its form exist only with the simulated cashier (a staging server wired
  // to a real one serves neither).
  const simulatedCashier = context.cashier.simulated === true
  if (simulatedCashier) registerCashierPages(app, context)
  app.get(routePath(URL_LINK_SIM_PATH), { config: { public: true } }, async (request, reply) => {
    const params = UrlLinkParams.safeParse(request.params)
    const query = UrlLinkQuery.safeParse(request.query)
    if (!params.success || !query.success) return html(reply, HTTP_STATUS.notFound, renderUrlLinkInvalid())
    return html(reply, 200, renderUrlLinkPage(query.data))
  })

  if (context.ocr.simulated === true) {
    app.get(routePath(DEMO_PHOTO_PATH), { config: { public: true } }, async (request, reply) => {
      const { file } = parseInput(DemoPhotoParams, request.params)
      if (!DEMO_FILES.includes(file)) throw ApiError.notFound()
      const photo = await readFile(path.join(DEMO_PHOTO_FOLDER, file))
      return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(photo)
    })
  }

  const operatorSecret = context.config.simOperatorSecret
  if (operatorSecret !== undefined) {
    /** Only this machine's operator: the socket's own address (a forwarded-for header must not make a caller local) and the secret. */
    const operatorOnly = (request: FastifyRequest): void => {
      const local = LOOPBACK.test(request.socket.remoteAddress ?? '')
      if (!local || !isOperatorSecret(operatorSecret, request.headers[SIM_OPERATOR_HEADER])) throw ApiError.notFound(SIMULATOR_MESSAGE.localOnly)
    }
    app.post(NEW_APPLY_SWITCH_SIM_PATH, { config: { public: true } }, async (request: FastifyRequest) => {
      operatorOnly(request)
      const body = parseInput(NewApplySwitchSimBody, request.body)
      await setNewApplySwitch(context.db, body.open, body.reason)
      return ok(await newApplyState(context.db))
    })
    // What WeChat Pay's or Alipay's servers would tell this server: the local operator (a test, a
    // demo script) plays them.
    if (simulatedCashier) {
      app.post(routePath(NATIVE_PAY_NOTIFY_PATH), { config: { public: true } }, async (request, reply) => {
        operatorOnly(request)
        const { paymentId } = parseInput(PaymentParams, request.params)
        const body = parseInput(NativePayNotifyBody, request.body)
        const result = await settleAndHandOver(context, request, paymentId, { notifiedBy: body.method }, body.outcome)
        if (result.ok) return ok({ orderId: result.orderId, depositPayState: result.state })
        if (result.reason === 'invalid') throw ApiError.notFound(PAYMENT_MESSAGE.unknownPayment)
        const { status, message } = refusal(result)
        return reply.code(status).send(fail(BUSINESS_CODE.ACTION_NOT_ALLOWED, message))
      })
    }
  }

  const intervalMs = context.config.simAutoAdvanceSeconds * 1000
  if (intervalMs > 0) {
    let timer: AutoAdvance | undefined
    app.addHook('onReady', async () => {
      timer = startAutoAdvance(context, intervalMs, app.log)
    })
    app.addHook('onClose', async () => {
      await timer?.stop()
    })
  }
}
