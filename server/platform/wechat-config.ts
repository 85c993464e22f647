/**
 * The official account of WECHAT_PLATFORM_PROVIDER=wechat, read from the environment (read by
 * server/config.ts only with that choice). An official account (服务号) is a WeChat app of its own,
 * with an app id and AppSecret that differ from the mini-program's: its jsapi_ticket signs the
 * JS-SDK config of the app's pages in WeChat's browser. WeChat's API root is the mini-program's
 * WECHAT_API_BASE_URL, read with the mini-program's account, which this choice needs as well (for
 * URL links). .env.example documents each setting.
 */
import { required } from '../settings-reader'
import type { SettingsReader } from '../settings-reader'

export interface WechatOfficialAccount {
  readonly appId: string
  readonly appSecret: string
}

export function readWechatOfficialAccount(reader: SettingsReader): WechatOfficialAccount {
  return { appId: required(reader, 'WECHAT_OFFICIAL_APP_ID'), appSecret: required(reader, 'WECHAT_OFFICIAL_APP_SECRET', true) }
}
