import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { Heading } from '../../../components/heading/Heading'
import { Icon } from '../../../components/icon/Icon'
import { Button } from '../../../components/ui/button'
import { ACTION_LABEL } from './result-variants'
import type { ResultAction, ResultTone, ResultVariant } from './result-variants'

/** The icon's colour class per tone (pay-result.scss). */
const TONE_CLASS: Readonly<Record<ResultTone, string>> = {
  success: 'pay-result__icon--success',
  failure: 'pay-result__icon--failure',
  waiting: 'pay-result__icon--waiting',
}

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
  return (
    <View className='pay-result' data-testid={variant.testId}>
      <View className='pay-result__head' role={variant.role ?? 'status'}>
        <View className={`pay-result__icon ${TONE_CLASS[variant.tone]}`} aria-hidden>
          <Icon name={variant.icon} />
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
