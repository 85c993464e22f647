/** Write-off codes (activity type 3), as app and server compare them. */

/** A code as typed, compared without surrounding spaces and in upper case (an older client sends lower case). */
export function normalizeVoucherCode(text: string): string {
  return text.trim().toUpperCase()
}
