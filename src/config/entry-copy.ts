/**
 * The entry page's opening words, used twice: by the page (features/entry/plate) and by the
 * static copy of its first screen that index.html carries (entry-skeleton.ts).
 */
export const ENTRY_COPY = {
  intro: '输入车牌号，三步在线办理ETC，设备可邮寄到家或到网点领取。',
  /** The journey's steps after the plate, as the user meets them. */
  steps: ['填写资料', '选择套餐', '支付'],
  heading: '请输入车牌号',
  hint: '支持普通蓝牌（7位）和新能源绿牌（8位）',
  /** 下一步 until the app's services (and the plate check) are here. */
  waiting: '正在加载…',
} as const
