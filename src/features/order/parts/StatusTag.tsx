import { Text } from '@tarojs/components'
import { statusColour, statusLabel } from '../../../domain/order'
import type { OrderStatus } from '../../../domain/order'
import './status-tag.scss'

export interface StatusTagProps {
  status: OrderStatus
  testId?: string
}

/** An order's derived status in its colour: grey, green, red, orange or blue. */
export function StatusTag({ status, testId }: StatusTagProps) {
  const colour = statusColour(status)
  return (
    <Text
      className={`status-tag status-tag--${colour}`}
      aria-label={`订单状态：${statusLabel(status)}`}
      data-testid={testId}
      data-status={status}
      data-colour={colour}
    >
      {statusLabel(status)}
    </Text>
  )
}
