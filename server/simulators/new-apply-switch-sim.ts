/**
 * The local operator's new-apply switch: what an operator's SQL on the app_configs row
 * `switch:allowNewApply` does (server/catalogue/new-apply-switch.ts), for a server that holds the
 * embedded database, which no other process may open meanwhile. Like the simulated payment
 * notification, only this machine's operator reaches it (loopback socket and the operator secret),
 * and never in production.
 */
import { z } from 'zod'
import { text } from '../http/text'

export const NEW_APPLY_SWITCH_SIM_PATH = '/sim/new-apply-switch'

/** An operator's reason (shown to people, or kept with an order's lifecycle step) is as long as a notice's line. */
export const MAX_REASON_LENGTH = 200

/** `{"open":false,"reason":"系统升级维护中"}` pauses new applications; `{"open":true}` opens them. */
export const NewApplySwitchSimBody = z.object({ open: z.boolean(), reason: text(MAX_REASON_LENGTH).optional() })
