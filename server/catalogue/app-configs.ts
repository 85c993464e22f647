/**
 * The remote configuration documents of app_configs, by key. Every key the server reads is named
 * here once; the seed writes them (server/seed/catalogue.ts) and they stay editable in the
 * database: `content` is the JSON a call answers with, `switch_status` (SHOW.YES 1 / SHOW.NO 0)
 * turns a document or a switch on and off.
 */
import { eq } from 'drizzle-orm'
import { SHOW } from '../../src/domain/enums'
import type { Db } from '../db/database'
import { appConfigs } from '../db/schema'

export const APP_CONFIG_KEY = {
  goodsTypes: 'goodsTypes',
  promise: (type: string) => `promise:${type}`,
  notices: (channelKey: string) => `notices:${channelKey}`,
  supplierProtocol: (issuerId: number) => `supplierProtocol:${issuerId}`,
  /** Whether new applications are open (restNewApplySwitch). */
  newApplySwitch: 'switch:allowNewApply',
  /** The reapply window switches of checkApplyPlateNumber. */
  windowSwitchOne: 'switch:windowSwitchOneZs',
  windowSwitchTwo: 'switch:windowSwitchTwoZs',
  /** Whether the Henan supplier's own SMS login is open (isOpenMsg). */
  provinceMsgOpen: 'switch:provinceMsgOpen',
  // Not a remote document, so not here: the data key's check value (DATA_KEY_CHECK_KEY, db/data-key-check.ts).
} as const

export type SwitchKey =
  | typeof APP_CONFIG_KEY.newApplySwitch
  | typeof APP_CONFIG_KEY.windowSwitchOne
  | typeof APP_CONFIG_KEY.windowSwitchTwo
  | typeof APP_CONFIG_KEY.provinceMsgOpen

/** Each switch's value when its row is missing (a database edited by hand). */
export const SWITCH_DEFAULTS: Readonly<Record<SwitchKey, boolean>> = {
  [APP_CONFIG_KEY.newApplySwitch]: true,
  [APP_CONFIG_KEY.windowSwitchOne]: false,
  [APP_CONFIG_KEY.windowSwitchTwo]: false,
  [APP_CONFIG_KEY.provinceMsgOpen]: true,
}

export interface AppConfigDocument {
  switchStatus: number
  content: unknown
}

export async function readAppConfig(db: Db, key: string): Promise<AppConfigDocument | undefined> {
  const [row] = await db
    .select({ switchStatus: appConfigs.switchStatus, content: appConfigs.content })
    .from(appConfigs)
    .where(eq(appConfigs.key, key))
    .limit(1)
  return row
}

/** A switch's state: its row's switch_status, or its default when the row is missing. */
export async function readSwitch(db: Db, key: SwitchKey): Promise<boolean> {
  const row = await readAppConfig(db, key)
  return row === undefined ? SWITCH_DEFAULTS[key] : row.switchStatus === SHOW.YES
}
