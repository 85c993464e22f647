/** What the server answers the plate page's calls with in page tests, by a fragment of the URL. */
import { ACTIVITY_TYPE, BUSINESS_MODE } from '../../src/domain/enums'
import { PLATE_UNIQUE_RESULT } from '../../src/domain/plate'
import type { PromotionChannelInfo } from '../../types/api/catalogue'

export const PERSON_GRANT = { accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' } as const

const PROMOTION_INFO: PromotionChannelInfo = {
  effective: true,
  promotionSubject: '银行ETC',
  call_link: '',
  businessMode: BUSINESS_MODE.DEPOSIT,
  activityType: ACTIVITY_TYPE.BANK_APP_H5,
}

/** A plate that may apply (new applications taken, the risk review passed), no order of it yet, and the new order's first step. */
export const PLATE_PAGE_REPLIES: Readonly<Record<string, unknown>> = {
  '/oauth2/': PERSON_GRANT,
  '/config/notices/': [],
  checkPlateNumberUnique: { data: { resultType: PLATE_UNIQUE_RESULT.FREE } },
  contractUserInterception: { intercept: false, reason: '' },
  handleProcess: null,
  checkApplyPlateNumber: { isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: false },
  restNewApplySwitch: { allowNewApply: true, reason: '' },
  requiredRisk: { required: false, reason: '' },
  '/vehicles/h5/apply': { orderId: 'order-1', stepId: 1, certificatesCommitSate: 0, depositPayState: 2, missing: [] },
  promoter_channel_effective: PROMOTION_INFO,
}

/** The reply of the first fragment of `replies` the URL contains (undefined when none does). */
export function replyFor<R>(replies: Readonly<Record<string, R>>, url: string): R | undefined {
  const match = Object.keys(replies).find((fragment) => url.includes(fragment))
  return match === undefined ? undefined : replies[match]
}
