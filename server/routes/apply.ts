/**
 * Applying: the sealed apply payload (steps 1 create, 2 update, 200 final commit), the hand-over
 * to the issuer (push) and the sealed draft of the form (save and load).
 */
import { z } from 'zod'
import type { ApplyPushResponse, ApplyResponse, LoadDraftResponse, SaveDraftResponse } from '../../types/api/apply'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { requireUser } from '../http/auth-hook'
import { endpoint } from '../http/endpoint'
import { ok } from '../http/envelope'
import { openSealedJson } from '../http/sealed'
import { text } from '../http/text'
import { parseInput } from '../http/validation'
import { applyStep } from '../orders/apply-steps'
import { MAX_SEALED_DRAFT_LENGTH, loadDraft, saveDraft } from '../orders/drafts'
import { pushOrder } from '../orders/push-order'
import { applyPayloadSchema } from '../validation/apply-payload'
import { identifier } from '../validation/fields'
import type { RouteGroup } from './context'
import { OrderParams, knownChannel } from './route-params'

/** The sealed payload of one step: a form's worth of fields, sealed. */
export const MAX_SEALED_APPLY_LENGTH = 16 * 1024

const PushQuery = z.object({ promotionChannelId: identifier })
const ApplyBody = z.object({ encryptUsersVehicleApplyVoStr: text(MAX_SEALED_APPLY_LENGTH, { min: 1 }) })
const DraftBody = z.object({ encryptUsersVehicleApplyVoStr: text(MAX_SEALED_DRAFT_LENGTH, { min: 1 }) })

export const applyRoutes: RouteGroup = async (app, { context }) => {
  const keyHex = context.config.payloadKeyHex

  app.route({
    ...endpoint(API.apply),
    handler: async (request): Promise<Envelope<ApplyResponse>> => {
      const user = requireUser(request)
      const channel = await knownChannel(context.db, request.params)
      const body = parseInput(ApplyBody, request.body)
      const payload = openSealedJson(keyHex, SEALED_FIELD.apply, body.encryptUsersVehicleApplyVoStr, applyPayloadSchema)
      return ok(await applyStep(context, user, channel, payload))
    },
  })

  app.route({
    ...endpoint(API.applyPush),
    handler: async (request): Promise<Envelope<ApplyPushResponse>> => {
      const user = requireUser(request)
      const { orderId } = parseInput(OrderParams, request.params)
      parseInput(PushQuery, request.query)
      return ok(await pushOrder(context.db, context.clock, user.id, orderId))
    },
  })

  app.route({
    ...endpoint(API.saveDraft),
    handler: async (request): Promise<Envelope<SaveDraftResponse>> => {
      const user = requireUser(request)
      const body = parseInput(DraftBody, request.body)
      return ok(await saveDraft(context.db, context.clock, keyHex, user.id, body.encryptUsersVehicleApplyVoStr))
    },
  })

  app.route({
    ...endpoint(API.loadDraft),
    handler: async (request): Promise<Envelope<LoadDraftResponse>> => ok(await loadDraft(context.db, requireUser(request).id)),
  })
}
