/**
 * What an order's QR code says to a service outlet: a fixed prefix (so an outlet's scanner tells
 * it from other codes), the order id and the plate, separated by '|'. Neither contains a '|'.
 */

export const ORDER_QR_PREFIX = 'ETCORDER'
export const ORDER_QR_SEPARATOR = '|'

export function orderQrText(order: { orderId: string; plateNumber: string }): string {
  return [ORDER_QR_PREFIX, order.orderId, order.plateNumber].join(ORDER_QR_SEPARATOR)
}

/**
 * The UTF-8 bytes of `text`, one character per byte (0–255). A QR code's byte mode carries
 * bytes; scanners read them as UTF-8, so the plate's Chinese province character survives.
 */
export function utf8ByteString(text: string): string {
  let bytes = ''
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0
    if (point < 0x80) bytes += String.fromCharCode(point)
    else if (point < 0x800) bytes += String.fromCharCode(0xc0 | (point >> 6), 0x80 | (point & 0x3f))
    else if (point < 0x10000) {
      bytes += String.fromCharCode(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f))
    } else {
      bytes += String.fromCharCode(
        0xf0 | (point >> 18),
        0x80 | ((point >> 12) & 0x3f),
        0x80 | ((point >> 6) & 0x3f),
        0x80 | (point & 0x3f),
      )
    }
  }
  return bytes
}
