/**
 * Where a custom header must sit. On the mini-programs a page with navigationStyle custom draws
 * under the status bar and next to the host's capsule button, so the header is pushed below the
 * status bar and given the capsule's height band. On H5 the CSS safe area is enough.
 */
import Taro from '@tarojs/taro'

/** Height of a standard navigation bar (design px) where the host gives no capsule metrics. */
export const DEFAULT_NAV_BAR_HEIGHT = 44

export interface HeaderInsets {
  /** Space above the header: the status bar (px). */
  readonly top: number
  /** Height of the header band (px). */
  readonly height: number
}

export function customHeaderInsets(): HeaderInsets {
  if (process.env.TARO_ENV === 'h5') return { top: 0, height: DEFAULT_NAV_BAR_HEIGHT }
  const top = Taro.getSystemInfoSync().statusBarHeight ?? 0
  try {
    const capsule = Taro.getMenuButtonBoundingClientRect()
    // The band is centred on the capsule: the same gap above and below it.
    return { top, height: (capsule.top - top) * 2 + capsule.height }
  } catch {
    // Hosts without a capsule API keep the standard bar height.
    return { top, height: DEFAULT_NAV_BAR_HEIGHT }
  }
}
