/** Configuration and catalogue: promotion, commodities, notices, issuers and platform configs. */
import { API } from '../../../types/api/paths'
import type { PromoterChannelEffectiveRequest, WeChatUrlLinkRequest } from '../../../types/api/catalogue'
import type { ChannelProfile } from '../../config/channel'
import type { RequestClient } from '../request/client'
import { SHOWN_BY_SCREEN, callApi } from './call'

export function createCatalogueApi(client: RequestClient, channel: ChannelProfile) {
  return {
    // The promotion's checks fail on the screens that wait for them (the landing page, the plate
    // page), and customer service falls back to the hotline. Tags the promotion has none of are
    // left out (an empty one is not of the identifier's form).
    channelInfo: ({ promotionChannelId, partnerId, promoterId }: PromoterChannelEffectiveRequest) =>
      callApi(
        client,
        API.promoterChannelEffective,
        { promotionChannelId, ...(partnerId ? { partnerId } : {}), ...(promoterId ? { promoterId } : {}) },
        SHOWN_BY_SCREEN,
      ),
    channelInterceptCheck: (sourceChannel: string, promotionChannelId: string) =>
      callApi(client, API.channelInterceptCheck, { sourceChannel, promotionChannelId }, SHOWN_BY_SCREEN),
    partnerChannels: (promotionChannelId: string) => callApi(client, API.partnerChannels, { promotionChannelId }, SHOWN_BY_SCREEN),
    // The home page and the package pages show a failed list in its place, with a retry. The
    // catalogue's public GET: no login needed, and caches may keep it (so may the browser's).
    listCommodities: (promotionChannelId: string) => callApi(client, API.catalogueCommodities, { id: promotionChannelId }, SHOWN_BY_SCREEN),
    goodsTypeConfig: () => callApi(client, API.goodsTypeConfig),
    // The profile names its notices address; the server serves every channel's at API.notices.
    // Silent: notices are extras, a landing page does not greet the user with their failure.
    notices: () => callApi(client, { ...API.notices, path: channel.noticeConfigUrl }, undefined, { silent: true }),
    issuers: () => callApi(client, API.issuers),
    // The 所在地区 picker shows a failed list in its place, with a retry.
    regions: () => callApi(client, API.regions, undefined, SHOWN_BY_SCREEN),
    // A promise is an extra on the pages that show it: failed, they show none (nothing to toast).
    promiseConfig: (type: string) => callApi(client, API.promiseConfig, { type }, { silent: true }),
    // The consent step shows a failed agreement in its place, with a retry. Public and cacheable, like the packages.
    supplierProtocol: (issuerId: number) => callApi(client, API.catalogueProtocol, { issuerId }, SHOWN_BY_SCREEN),
    // Sharing from WeChat's browser is an extra: a failure is logged, not put before the person.
    weixinConfig: (url: string) => callApi(client, API.weixinConfig, { url }, { silent: true }),
    // The hand-over page says why a link could not be had, with a retry.
    weChatUrlLink: (request: WeChatUrlLinkRequest) => callApi(client, API.weChatUrlLink, request, SHOWN_BY_SCREEN),
    // The plate page reads it when it opens (a failure there leaves the form as it is) and before
    // a new order, where it says why the check failed.
    newApplySwitch: () => callApi(client, API.newApplySwitch, undefined, SHOWN_BY_SCREEN),
  }
}

export type CatalogueApi = ReturnType<typeof createCatalogueApi>
