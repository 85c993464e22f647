/**
 * The route table: the single source for every page of the app.
 *
 * - `page` is the mini-program page path (no leading slash), i.e. the file `src/<page>.tsx`.
 *   Page folders follow the repository's kebab-case convention, `pages/<area>/<page>/index`.
 * - `urls` are the H5 addresses from the product specification (hash router); the first is
 *   canonical, the others are aliases. On H5 they are mapped onto `page` through `customRoutes`.
 * - `title` is the navigation bar / document title; pages without one of their own get
 *   DEFAULT_TITLE (the H5 router keeps the previous page's title when a page has none, so every
 *   page config carries an explicit title).
 * - `customHeader` pages draw their own header (navigationStyle custom).
 *
 * Pages under `pages/<MAIN_AREA>/` form the main package; every other area is a mini-program
 * subpackage rooted at `pages/<area>`.
 *
 * - `targets` are the builds that ship the page (every build when absent): a mini-program package
 *   carries no page that promotes another platform's app, which its reviewers refuse.
 * - `diagnostic` pages are left out of production mini-program packages.
 */
import type { BuildTarget } from './channel'

export const DEFAULT_TITLE = 'ETC申办'

export const MAIN_AREA = 'entry'

/** The most pages WeChat and Alipay keep on a mini-program's stack: one more is refused. */
export const MINI_PROGRAM_PAGE_LIMIT = 10

export interface RouteDef {
  readonly page: string
  readonly urls: readonly [string, ...string[]]
  readonly title?: string
  readonly customHeader?: boolean
  readonly targets?: readonly BuildTarget[]
  readonly diagnostic?: true
}

export const ROUTES = {
  // Main package: the entry pages.
  plateEntry: { page: 'pages/entry/plate/index', urls: ['/apply/basic', '/'], title: '填写资料' },
  home: { page: 'pages/entry/home/index', urls: ['/pages/index/index'] },
  login: { page: 'pages/entry/login/index', urls: ['/pages/login/index'], title: '登录' },

  // The apply journey.
  upinfo: { page: 'pages/apply/upinfo/index', urls: ['/apply/upinfo'], title: '填写资料' },
  agree: { page: 'pages/apply/agree/index', urls: ['/pages/agree'] },
  selectLand: { page: 'pages/apply/select-land/index', urls: ['/apply/select-land'], title: '套餐选择', customHeader: true },
  selectDetail: { page: 'pages/apply/select-detail/index', urls: ['/apply/select-detail'], title: '套餐详情', customHeader: true },
  /** Not in the specification's table: the province issuer's SMS verification before the final commit. */
  provinceVerify: { page: 'pages/apply/province-verify/index', urls: ['/apply/province-verify'], title: '发行方短信验证' },
  pay: { page: 'pages/apply/pay/index', urls: ['/apply/pay'] },
  payResult: { page: 'pages/apply/pay-result/index', urls: ['/apply/payResult'] },
  longPayGuide: { page: 'pages/apply/long-pay-guide/index', urls: ['/apply/long-pay-guide'], title: '查看教程' },

  // Orders and after-sales.
  orderList: { page: 'pages/order/order-list/index', urls: ['/apply/order-list'] },
  order: { page: 'pages/order/detail/index', urls: ['/apply/order'] },
  orderJh: { page: 'pages/order/detail-jh/index', urls: ['/apply/orderJh'] },
  orderCancel: { page: 'pages/order/cancel/index', urls: ['/apply/order-cancel'] },
  guideReapply: { page: 'pages/order/guide-reapply/index', urls: ['/apply/guide-reapply'], title: '历史订单处理' },
  redirectOrderList: { page: 'pages/order/redirect-list/index', urls: ['/pages/redirect-order-list'], title: '订单' },

  // Landing pages per traffic channel.
  land: { page: 'pages/land/land/index', urls: ['/apply/land'] },
  jhLand: { page: 'pages/land/jh-land/index', urls: ['/apply/jh-land'] },
  jhshLand: { page: 'pages/land/jhsh-land/index', urls: ['/apply/jhsh-land'] },
  baiduLand: { page: 'pages/land/baidu-land/index', urls: ['/apply/baidu-land'] },
  baidu2Land: { page: 'pages/land/baidu2-land/index', urls: ['/apply/baidu2-land'] },
  baidu3Land: { page: 'pages/land/baidu3-land/index', urls: ['/apply/baidu3-land'] },
  chelun: { page: 'pages/land/chelun/index', urls: ['/apply/chelun'] },
  qishi: { page: 'pages/land/qishi/index', urls: ['/apply/qishi'] },
  gaodeNotice: { page: 'pages/land/gaode-notice/index', urls: ['/apply/land/gaode-notice'], title: '公告' },

  // Notices and promotions.
  upgradeNotice: { page: 'pages/notice/upgrade/index', urls: ['/pages/notice/upgrade'], title: '公告' },
  /** Promotes Alipay's ETC service: not in the WeChat package. */
  wxPark: { page: 'pages/notice/wx-park/index', urls: ['/pages/promotion/wxPark'], targets: ['h5', 'alipay'] },

  // Agreements.
  agreementEtc: { page: 'pages/agreement/etc/index', urls: ['/pages/agreement/etc/index'], title: 'ETC用户服务协议' },
  agreementPrivacy: { page: 'pages/agreement/privacy/index', urls: ['/pages/agreement/privacy/index'], title: 'ETC个人信息授权书' },

  // Photo capture.
  selectImage: { page: 'pages/camera/select-image/index', urls: ['/pages/camera/selectImage'], title: '上传图片' },
  confirmSelect: { page: 'pages/camera/confirm-select/index', urls: ['/pages/camera/confirmSelect'], title: '确认上传图片' },

  // Hand-overs to other apps and pages.
  toAlipays: { page: 'pages/jump/to-alipays/index', urls: ['/pages/to-alipays'], title: '跳转中', targets: ['h5', 'alipay'] },
  toMpWx: { page: 'pages/jump/to-mp-wx/index', urls: ['/pages/transfer/toMpWx'], title: '跳转中', targets: ['h5', 'weapp'] },
  webview: { page: 'pages/jump/webview/index', urls: ['/pages/webview/webview'], title: '' },

  // Utilities.
  clearStorage: { page: 'pages/utils/clear-storage/index', urls: ['/pages/utils/clearStorage'], title: '清缓存' },
  testDemo: { page: 'pages/utils/test-demo/index', urls: ['/pages/utils/testDemo'], title: 'test', diagnostic: true },
} as const satisfies Record<string, RouteDef>

export type RouteName = keyof typeof ROUTES

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[]

/** A build: its target and whether it is a production build. */
export interface Build {
  readonly target: BuildTarget
  readonly production: boolean
}

/** The build being made or run (TARO_ENV, NODE_ENV); H5 in development where neither is set. */
export function currentBuild(): Build {
  const target = process.env.TARO_ENV
  return { target: target === 'weapp' || target === 'alipay' ? target : 'h5', production: process.env.NODE_ENV === 'production' }
}

/** Whether a build ships the route: its targets allow it, and a production mini-program carries no diagnostic page. */
export function routeShipped(name: RouteName, target: BuildTarget, production: boolean): boolean {
  const def: RouteDef = ROUTES[name]
  if (def.targets && !def.targets.includes(target)) return false
  return !(def.diagnostic && production && target !== 'h5')
}

/** The routes a build ships, in the table's order. */
export function shippedRoutes(target: BuildTarget, production: boolean): RouteName[] {
  return ROUTE_NAMES.filter((name) => routeShipped(name, target, production))
}

/** The page the app opens on, and the one a "home" action returns to. */
export const ENTRY_ROUTE: RouteName = 'plateEntry'

/** The name a page is tracked under: its canonical H5 URL, the same on every platform. */
export function trackedPage(route: RouteName): string {
  return ROUTES[route].urls[0]
}

export function routeTitle(name: RouteName): string {
  const def: RouteDef = ROUTES[name]
  return def.title ?? DEFAULT_TITLE
}

/** Area of a page path: `pages/<area>/<page>/index` → `<area>`. */
export function pageArea(page: string): string {
  const area = page.split('/')[1]
  if (!area) throw new Error(`Malformed page path: ${page}`)
  return area
}

export function isMainPackagePage(page: string): boolean {
  return pageArea(page) === MAIN_AREA
}
