/**
 * The issuers' service agreements (getSupplierProtocol): one app_configs document per issuer
 * (`supplierProtocol:<issuerId>`, content `{ title, content, version }`), switched on and off by
 * its switch_status. The consent step shows them and the apply steps record their acceptance
 * (server/orders/issuer-agreements.ts).
 */
import { z } from 'zod'
import type { SupplierProtocolResponse } from '../../types/api/catalogue'
import { SHOW } from '../../src/domain/enums'
import type { Db } from '../db/database'
import { APP_CONFIG_KEY, readAppConfig } from './app-configs'

/** The longest version label an operator may give an agreement (the apply payload checks it too). */
export const MAX_PROTOCOL_VERSION_LENGTH = 32

const protocolSchema = z.strictObject({ title: z.string(), content: z.string(), version: z.string().min(1).max(MAX_PROTOCOL_VERSION_LENGTH) })

/**
 * The issuer's current agreement, or undefined when it has none (no document, or switched off). A
 * document edited into another shape is a server fault naming its key, never served.
 */
export async function readSupplierProtocol(db: Db, issuerId: number): Promise<SupplierProtocolResponse | undefined> {
  const key = APP_CONFIG_KEY.supplierProtocol(issuerId)
  const document = await readAppConfig(db, key)
  if (!document || document.switchStatus !== SHOW.YES) return undefined
  const parsed = protocolSchema.safeParse(document.content)
  if (!parsed.success) throw new Error(`app_configs "${key}" does not have the shape its call answers with`)
  return { issuerId, ...parsed.data }
}
