import { Text } from '@tarojs/components'
import type { Code } from '../../../domain/order'
import { PLATE_KIND_LABEL, plateKindOf } from '../../../domain/plate'
import './order-plate.scss'

export interface OrderPlateProps {
  plateNumber: string
  plateColor: Code
  testId?: string
}

/** A plate number on its plate's colour (blue, or gradient green for new-energy vehicles). */
export function OrderPlate({ plateNumber, plateColor, testId }: OrderPlateProps) {
  const colour = plateKindOf(plateColor)
  return (
    <Text
      className={`order-plate order-plate--${colour}`}
      aria-label={`${PLATE_KIND_LABEL[colour]} ${plateNumber}`}
      data-testid={testId}
      data-plate-colour={colour}
    >
      {plateNumber}
    </Text>
  )
}
