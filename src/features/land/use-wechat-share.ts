import { useEffect } from 'react'
import { useAppServices } from '../../components/app-services/app-services'
import type { LandingHero } from '../../config/landings'
import { WECHAT_SHARE_IMAGE_URL } from '../../config/wechat-share'
import { isWeChatBrowser, loadWeChatSdk, shareInWeChat } from '../../platform/h5/wechat-share'

/**
 * In WeChat's browser, a landing page shared to a chat or Moments shows its hero's title and
 * subtitle and links to the page itself, its promotion ids included (getWeixinConfig signs the
 * address). Elsewhere nothing is loaded or asked. Sharing is an extra: a refusal is logged for the
 * operator, not shown to the person, who can still share the page as a plain link.
 */
export function useWeChatShare(hero: LandingHero): void {
  const { api } = useAppServices()
  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5' || !isWeChatBrowser(navigator.userAgent)) return
    const href = window.location.href
    const content = { title: hero.title, desc: hero.subtitle, link: href, imgUrl: WECHAT_SHARE_IMAGE_URL }
    shareInWeChat({ fetchConfig: (url) => api.catalogue.weixinConfig(url), loadSdk: loadWeChatSdk }, href, content).catch((error: unknown) =>
      console.warn('WeChat share setup failed', error),
    )
  }, [api, hero])
}
