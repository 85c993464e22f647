/**
 * The plate input's words and the classes it draws with, used twice: by the input
 * (features/entry/plate-input) and by the keyboard of index.html's static first screen
 * (platform/h5/early-keyboard.ts), which must look and read the same.
 */
export const PLATE_INPUT_COPY = {
  kindsLabel: '车牌类型',
  keyboardLabel: '车牌键盘',
  deleteKey: '删除',
  doneKey: '完成',
} as const

/** The boxes' accessible name: what is typed and how many boxes there are. */
export function plateBoxesLabel(typed: string, boxes: number): string {
  return `车牌号 ${typed || '未填写'}，共${boxes}位，点击输入`
}

/** A class for the page's content while the keyboard is open: room for the keyboard below it. */
export const PLATE_KEYBOARD_ROOM_CLASS = 'plate-input-room'

/** The attribute of the element in index.html's first screen that the early keyboard draws into. */
export const EARLY_KEYBOARD_HOST = 'data-early-keyboard'

/** The plate input's and its keyboard's element ids (one plate input a page): the page keeps the input in sight above the keyboard. */
export const PLATE_INPUT_ID = 'plate-input'
export const PLATE_KEYBOARD_ID = 'plate-input-keyboard'
