import { Text, View } from '@tarojs/components'
import { ClockF, FailureF, SuccessF, WarningF } from '@nutui/icons-react-taro'
import type { ReactNode } from 'react'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { Heading } from '../../../components/heading/Heading'
import { Button } from '../../../components/ui/button'
import { ACTION_LABEL } from './result-variants'
import type { ResultAction, ResultIcon, ResultTone, ResultVariant } from './result-variants'

const ICON_SIZE = 56
const COLOURS: Readonly<Record<ResultTone, string>> = { success: '#00b42a', failure: '#f53f3f', waiting: '#ff7d00' }
const ICONS: Readonly<Record<ResultIcon, typeof SuccessF>> = { success: SuccessF, failure: FailureF, warning: WarningF, clock: ClockF }

export interface ResultViewProps {
  variant: ResultVariant
  /** The failure's own words, where the variant has none of its own. */
  description?: string
  onAction: (action: ResultAction) => void
  /** Shown under the head, before the actions. */
  children?: ReactNode
}

/** One way the payment ended: icon, title and what it means, then what the user can do. */
export function ResultView({ variant, description = variant.description, onAction, children }: ResultViewProps) {
  const Icon = ICONS[variant.icon]
  return (
    <View className='pay-result' data-testid={variant.testId}>
      <View className='pay-result__head' role={variant.role ?? 'status'}>
        <View className='pay-result__icon' aria-hidden>
          <Icon size={ICON_SIZE} color={COLOURS[variant.tone]} />
        </View>
        <Heading level={1} className='pay-result__title'>{variant.title}</Heading>
        {description ? <Text className='pay-result__description'>{description}</Text> : null}
      </View>
      {children}
      {variant.actions.length ? (
        <View className='pay-result__actions'>
          {variant.actions.map((action, index) => (
            <Button
              key={action}
              block
              type='primary'
              fill={index === 0 ? 'solid' : 'outline'}
              className='pay-result__action'
              aria-label={ACTION_LABEL[action]}
              data-testid={`pay-result-${action}`}
              onClick={() => onAction(action)}
            >
              {ACTION_LABEL[action]}
            </Button>
          ))}
        </View>
      ) : null}
      {variant.help ? <CustomerService prompt={variant.help} testId='pay-result-customer-service' /> : null}
    </View>
  )
}
