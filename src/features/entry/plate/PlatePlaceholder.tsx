import { View } from '@tarojs/components'
import { JourneyIntro } from './JourneyIntro'

/** What the entry page shows at once, while the rest loads: the journey's steps. */
export function PlatePlaceholder() {
  return (
    <View className='entry-plate'>
      <JourneyIntro />
    </View>
  )
}
