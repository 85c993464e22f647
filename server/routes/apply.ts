/**
 * Applying: the sealed apply payload (steps 1 create, 2 update, 200 final commit), the hand-over
 * to the issuer (push) and the sealed draft of the form (save and load).
 */
import { z } from 'zod'
import { APPLY_STEP } from '../../src/domain/enums'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { ok } from '../http/envelope'
import { openSealedJson } from '../http/sealed'
import { text } from '../http/text'
import { applyStep } from '../orders/apply-steps'
import { orderDetail } from '../orders/order-queries'
import { paymentInfo } from '../payments/payments'
import { MAX_SEALED_DRAFT_LENGTH, loadDraft, saveDraft } from '../orders/drafts'
import { pushOrder } from '../orders/issuer-outbox'
import { applyDraftSchema, applyPayloadSchema } from '../validation/apply-payload'
import { identifier } from '../validation/fields'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'
import { ChannelParams, OrderParams } from './route-params'

/** The sealed payload of one step: a form's worth of fields, sealed. */
export const MAX_SEALED_APPLY_LENGTH = 16 * 1024

const PushQuery = z.object({ promotionChannelId: identifier })
const ApplyBody = z.object({ encryptUsersVehicleApplyVoStr: text(MAX_SEALED_APPLY_LENGTH, { min: 1 }) })
const DraftBody = z.object({ encryptUsersVehicleApplyVoStr: text(MAX_SEALED_DRAFT_LENGTH, { min: 1 }) })

export const applyRoutes: RouteGroup = async (app, { context }) => {
  const keyHex = context.config.payloadKeyHex
  const route = contractRoutes(app, context)

  route(API.apply, {
    params: ChannelParams,
    body: ApplyBody,
    handler: async ({ user, request, params, body }) => {
      const payload = openSealedJson(keyHex, SEALED_FIELD.apply, body.encryptUsersVehicleApplyVoStr, applyPayloadSchema)
      const response = await applyStep(context, { user, ip: request.ip }, params.channel, payload)
      if (payload.stepId !== APPLY_STEP.FINAL_COMMIT || response.missing.length > 0) return ok(response)
      // Submitted: the pay page's data comes with the answer, one round trip less on a slow link.
      const [payment, order] = await Promise.all([paymentInfo(context.db, user.id, response.orderId), orderDetail(context.db, user.id, response.orderId)])
      return ok({ ...response, submitted: { payment, order } })
    },
  })

  route(API.applyPush, {
    params: OrderParams,
    query: PushQuery,
    handler: async ({ user, params, request }) =>
      ok(await pushOrder({ db: context.db, clock: context.clock, issuer: context.issuer, log: request.log }, user.id, params.orderId)),
  })

  route(API.saveDraft, {
    body: DraftBody,
    handler: async ({ user, body }) => {
      // Opened only to refuse what is not a draft: it is stored sealed, as the app sent it.
      openSealedJson(keyHex, SEALED_FIELD.apply, body.encryptUsersVehicleApplyVoStr, applyDraftSchema)
      return ok(await saveDraft(context.db, context.clock, user.id, body.encryptUsersVehicleApplyVoStr))
    },
  })

  route(API.loadDraft, { handler: async ({ user }) => ok(await loadDraft(context.db, user.id)) })
}
