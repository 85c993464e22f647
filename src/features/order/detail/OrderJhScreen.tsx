import { OfflineHandOver } from './OfflineHandOver'
import { OrderDetailScreen } from './OrderDetailScreen'

export interface OrderJhScreenProps {
  orderId: string
  /** With `plateNumber`: the fields of the sealed hand-over parameter of an outlet's offline order. */
  offlineNo: string
  plateNumber: string
}

/**
 * A province-flow order [orderId], or an outlet's offline order carried on online [offlineNo and
 * plateNumber].
 */
export function OrderJhScreen({ orderId, offlineNo, plateNumber }: OrderJhScreenProps) {
  return offlineNo && plateNumber ? <OfflineHandOver param={{ offlineNo, plateNumber }} /> : <OrderDetailScreen orderId={orderId} />
}
