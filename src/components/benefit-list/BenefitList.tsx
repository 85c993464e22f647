import { Text, View } from '@tarojs/components'
import './benefit-list.scss'

export interface Benefit {
  readonly title: string
  readonly text: string
}

/** Selling points, each a title with a line of text, as a list named `label` for screen readers. */
export function BenefitList({ items, label }: { items: readonly Benefit[]; label: string }) {
  return (
    <View role='list' aria-label={label} className='benefit-list'>
      {items.map((benefit) => (
        <View key={benefit.title} role='listitem' className='benefit-list__item'>
          <Text className='benefit-list__title'>{benefit.title}</Text>
          <Text className='benefit-list__text'>{benefit.text}</Text>
        </View>
      ))}
    </View>
  )
}
