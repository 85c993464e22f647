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
  // The form is where a person lingers; the package pages and the pay page follow it within
  // seconds, too soon for each to fetch its successor's code while idle.
  upinfo: ['selectImage', 'confirmSelect', 'selectLand', 'selectDetail', 'pay'],
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
