/**
 * What a landing page shared from WeChat's browser shows besides its hero's words. The spec names
 * no share image: none is set, so WeChat shows its default thumbnail. An operator sets an absolute
 * address on the official account's domain here.
 */
export const WECHAT_SHARE_IMAGE_URL = ''
