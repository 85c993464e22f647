import { Text, View } from '@tarojs/components'
import type { ServicePromise } from '../../domain/service-promise'
import './service-promise.scss'

export interface ServicePromiseViewProps {
  /** Nothing renders without one (switched off, not arrived, failed). */
  promise: ServicePromise | undefined
  testId: string
}

/** A service promise: its title and its lines, each marked as kept. */
export function ServicePromiseView({ promise, testId }: ServicePromiseViewProps) {
  if (!promise) return null
  return (
    <View className='service-promise' role='group' aria-label={promise.title || '服务承诺'} data-testid={testId}>
      {promise.title ? (
        <Text className='service-promise__title' data-testid={`${testId}-title`}>
          {promise.title}
        </Text>
      ) : null}
      {promise.items.map((item) => (
        <View key={item} className='service-promise__item' data-testid={`${testId}-item`}>
          <View className='service-promise__mark' aria-hidden />
          <Text className='service-promise__text'>{item}</Text>
        </View>
      ))}
    </View>
  )
}
