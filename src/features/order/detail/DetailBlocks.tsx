/** The two blocks the order detail is built of, so its card and its sections line up alike. */
import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

/** One labelled value of the order. */
export function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <View className='order-detail__field'>
      <Text className='order-detail__label'>{label}</Text>
      <Text className='order-detail__value' data-testid={testId}>
        {value}
      </Text>
    </View>
  )
}

/** A titled group of fields, named for assistive technology by its title. */
export function Section({ title, children, testId }: { title: string; children?: ReactNode; testId: string }) {
  return (
    <View className='order-detail__section' role='group' aria-label={title} data-testid={testId}>
      <Text className='order-detail__section-title'>{title}</Text>
      {children}
    </View>
  )
}
