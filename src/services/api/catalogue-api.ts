/** Configuration and catalogue: promotion, commodities, notices, issuers and platform configs. */
import { API } from '../../../types/api/paths'
import type {
  Commodity,
  GoodsTypeConfig,
  Issuer,
  NewApplySwitchResponse,
  NoticesResponse,
  PartnerChannel,
  PromiseConfigResponse,
  PromotionChannelInfo,
  SupplierProtocolResponse,
  WeChatUrlLinkRequest,
  WeChatUrlLinkResponse,
  WeixinConfigResponse,
} from '../../../types/api/catalogue'
import type { ChannelProfile, PromotionIds } from '../../config/channel'
import type { RequestClient } from '../request/client'
import { callApi, withQuery } from './call'

export function createCatalogueApi(client: RequestClient, channel: ChannelProfile, promotion: () => PromotionIds) {
  return {
    channelInfo: (promotionChannelId: string) => {
      const { partnerId, promoterId } = promotion()
      return callApi<PromotionChannelInfo>(client, API.promoterChannelEffective, { promotionChannelId, partnerId, promoterId })
    },
    partnerChannels: (promotionChannelId: string) => callApi<PartnerChannel[]>(client, API.partnerChannels, { promotionChannelId }),
    listCommodities: (promotionChannelId: string) => callApi<Commodity[]>(client, API.listCommodity, { id: promotionChannelId }),
    goodsTypeConfig: () => callApi<GoodsTypeConfig>(client, API.goodsTypeConfig),
    // The profile names its notices address; the server serves every channel's at API.notices.
    // Silent: notices are extras, a landing page does not greet the user with their failure.
    notices: () => callApi<NoticesResponse>(client, { ...API.notices, path: channel.noticeConfigUrl }, undefined, { silent: true }),
    issuers: () => callApi<Issuer[]>(client, API.issuers),
    promiseConfig: (type: string) => callApi<PromiseConfigResponse>(client, API.promiseConfig, { type }),
    supplierProtocol: (issuerId: number) => callApi<SupplierProtocolResponse>(client, API.supplierProtocol, { issuerId }),
    weixinConfig: (url: string) => callApi<WeixinConfigResponse>(client, withQuery(API.weixinConfig, { url })),
    weChatUrlLink: (request: WeChatUrlLinkRequest) => callApi<WeChatUrlLinkResponse>(client, API.weChatUrlLink, request),
    newApplySwitch: () => callApi<NewApplySwitchResponse>(client, API.newApplySwitch),
  }
}

export type CatalogueApi = ReturnType<typeof createCatalogueApi>
