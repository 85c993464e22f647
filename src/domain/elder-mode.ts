/**
 * When the host's own large text turns 长辈模式 on (issue 31), for a person who has made no choice:
 * the mini-programs report a font size setting, the browser's text zoom is measured
 * (platform/elder-mode.ts reads both).
 */

/** The hosts' default font size setting (px): WeChat's and Alipay's standard size. */
const HOST_DEFAULT_FONT_SIZE_PX = 17
/** A text zoom from this ratio on counts as the host's large text. */
export const LARGE_TEXT_RATIO = 1.15

/** Whether a reported font size setting, or a measured text zoom, is the host's large text. */
export function isLargeHostText(report: { fontSizeSetting?: number; textZoom?: number }): boolean {
  if (report.fontSizeSetting !== undefined && report.fontSizeSetting > HOST_DEFAULT_FONT_SIZE_PX) return true
  return report.textZoom !== undefined && report.textZoom >= LARGE_TEXT_RATIO
}
