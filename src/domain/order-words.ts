/**
 * How an order reads wherever it shows: on the order pages, and in index.html's early copy of them
 * (src/platform/h5/early-order-view.ts), which must read alike.
 */

/** The order's package as the user reads it. */
export function packageNameOf(order: { commodityName: string | null }): string {
  return order.commodityName ?? '未选择套餐'
}

const pad = (value: number): string => String(value).padStart(2, '0')

/** An ISO time as the device's local "YYYY-MM-DD HH:mm"; text that is no time stays as it is. */
export function formatTimelineTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}
