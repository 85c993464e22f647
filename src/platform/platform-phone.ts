/**
 * Whether the platform offers its phone-number button (WeChat's `open-type="getPhoneNumber"`,
 * whose one-time code the server exchanges for the phone with getPhoneBycode). Elsewhere the
 * person types the phone (H5, Alipay).
 */
export const PLATFORM_PHONE_OFFERED: boolean = process.env.TARO_ENV === 'weapp'
