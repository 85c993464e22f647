import { DEFAULT_ENV_VERSION } from '../../../config/handover'
import { MINI_PROGRAM_ENV_VERSIONS } from '../../../../types/api/catalogue'
import type { MiniProgramEnvVersion } from '../../../../types/api/catalogue'
import { parseExternalUrl } from '../../../domain/external-url'
import { useAppServices } from '../../../components/app-services/app-services'
import { HAND_OVER_MESSAGES, HandOverError, reasonOf } from '../jump/hand-over-error'
import { JumpView } from '../jump/JumpView'
import { useHandOver } from '../jump/use-hand-over'

export interface ToMpWxScreenProps {
  /** The mini-program's page, without a query; empty for its home page. */
  path: string
  /** Its query string. */
  query: string
  appId: string
  /** release, trial or develop; anything else opens the released version. */
  envVersion: string
}

/** The version the address names, when it is one WeChat knows; the released one otherwise. */
export function envVersionOf(raw: string): MiniProgramEnvVersion {
  return MINI_PROGRAM_ENV_VERSIONS.find((version) => version === raw) ?? DEFAULT_ENV_VERSION
}

/**
 * /pages/transfer/toMpWx (跳转中): opens a WeChat mini-program's page. On H5 the server makes a
 * URL link for it (getWeChat/urlLink), which the window is handed to; the WeChat mini-program
 * opens it directly, the payment app's cannot. Without an app id there is nothing to open: the
 * page says so and offers only the way back.
 */
export function ToMpWxScreen({ path, query, appId, envVersion }: ToMpWxScreenProps) {
  const { navigator, api } = useAppServices()
  const version = envVersionOf(envVersion)
  const { state, retry } = useHandOver(async () => {
    if (!appId) throw new HandOverError(HAND_OVER_MESSAGES.missingTarget, true)
    await navigator.openMiniProgram({ platform: 'wechat', appId, path, query, envVersion: version }, async () => {
      const { urlLink } = await api.catalogue.weChatUrlLink({ path, query, appId, env_version: version })
      const link = parseExternalUrl(urlLink)
      if (!link.ok) throw new HandOverError(HAND_OVER_MESSAGES.invalidLink)
      return link.url
    })
  }, reasonOf)
  return <JumpView state={state} openedText='已为您打开小程序' openText='打开小程序' onRetry={retry} />
}
