import { Text, View } from '@tarojs/components'
import { Button } from '../../../components/ui/button'
import { PACKAGE_LOCK_NOTE } from '../../../config/payment'
import type { ChoosePackage } from './use-choose-package'

interface PackageChooseBarProps {
  choice: ChoosePackage
  /** The package the button chooses. */
  commodityId: string
  label: string
  disabled: boolean
}

/** The detail's foot: the note that the choice is final once submitted, and the button that makes it. */
export function PackageChooseBar({ choice, commodityId, label, disabled }: PackageChooseBarProps) {
  return (
    <View className='select-detail__bar'>
      {choice.locked ? null : (
        <Text className='select-detail__lock-note' data-testid='package-detail-lock-note'>
          {PACKAGE_LOCK_NOTE}
        </Text>
      )}
      <Button
        block
        type='primary'
        className='select-detail__choose'
        loading={choice.choosingId === commodityId}
        disabled={disabled}
        aria-disabled={disabled}
        aria-label={label}
        data-testid='package-detail-choose'
        onClick={() => choice.choose(commodityId)}
      >
        {label}
      </Button>
    </View>
  )
}
