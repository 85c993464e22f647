/**
 * Where a person usually goes next from each page. While a page is idle its next pages' code is
 * fetched (H5: components/page-shell/use-prefetch-next.ts), so the tap that leads there waits for
 * no download; the mini-programs preload the subpackages holding them (app-config.ts
 * `preloadRule`).
 */
import type { RouteName } from './routes'

export const NEXT_ROUTES: Partial<Record<RouteName, readonly RouteName[]>> = {
  plateEntry: ['login', 'agree', 'upinfo'],
  home: ['plateEntry', 'login', 'orderList'],
  login: ['agree', 'upinfo'],
  agree: ['upinfo'],
  upinfo: ['selectImage', 'confirmSelect', 'selectLand'],
  selectImage: ['confirmSelect'],
  selectLand: ['selectDetail', 'pay', 'provinceVerify'],
  selectDetail: ['pay', 'provinceVerify'],
  provinceVerify: ['pay'],
  pay: ['payResult'],
  payResult: ['orderList', 'order'],
  orderList: ['order'],
  order: ['orderCancel', 'pay'],
  guideReapply: ['orderList', 'agree'],
}
