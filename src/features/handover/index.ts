/**
 * Hand-overs to other mini-programs: the promotion of the payment app's official ETC
 * application, and the two 跳转中 pages that open a WeChat mini-program (through a URL link on
 * H5) or a payment-app mini-program (through its deep link on H5). Pages import from here only.
 */
export { ToAlipaysScreen } from './to-alipays/ToAlipaysScreen'
export { ToMpWxScreen } from './to-mp-wx/ToMpWxScreen'
export { WxParkScreen } from './wx-park/WxParkScreen'
