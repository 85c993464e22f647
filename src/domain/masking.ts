/**
 * Masking of personal data wherever it is shown back or written to a log: enough to recognise,
 * not enough to use.
 */

const MOBILE_IN_TEXT = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g
const ID_IN_TEXT = /(?<![\dXx])(\d{4})(?:\d{7}|\d{10})(\d{3}[\dXx])(?![\dXx])/g

/** 13800138000 → 138****8000; anything not 11 characters keeps only its last 4. */
export function maskMobile(mobile: string): string {
  if (mobile.length === 11) return `${mobile.slice(0, 3)}****${mobile.slice(7)}`
  return `${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`
}

/** 11010519491231002X → 1101**********002X (15 and 18 characters alike). */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length <= 8) return '*'.repeat(idNumber.length)
  return `${idNumber.slice(0, 4)}${'*'.repeat(idNumber.length - 8)}${idNumber.slice(-4)}`
}

/** 张三 → 张*, 欧阳娜娜 → 欧***; Latin names keep their first letter. */
export function maskName(name: string): string {
  const characters = Array.from(name)
  if (characters.length <= 1) return characters.join('')
  return `${characters[0]}${'*'.repeat(characters.length - 1)}`
}

/** Masks every mobile and ID number inside free text (log lines, error messages). */
export function maskPersonalData(text: string): string {
  return text.replace(ID_IN_TEXT, (_m, head: string, tail: string) => `${head}${'*'.repeat(_m.length - 8)}${tail}`).replace(MOBILE_IN_TEXT, '$1****$2')
}
