import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

/** A titled group of the form, announced as a group by its title. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View className='upinfo__section' role='group' aria-label={title}>
      <Text className='upinfo__section-title'>{title}</Text>
      {children}
    </View>
  )
}
