import { Text, View } from '@tarojs/components'
import { ENTRY_COPY } from '../../../config/entry-copy'
import './entry-plate.scss'

/** What happens after the plate: a short, ordered list of the steps. */
export function JourneyIntro() {
  return (
    <View className='entry-plate__intro' data-testid='plate-intro'>
      {/* The steps below say it: 长辈模式 leaves the sentence out. */}
      <Text className='entry-plate__intro-text wordy'>{ENTRY_COPY.intro}</Text>
      <View className='entry-plate__steps' role='list' aria-label='办理流程'>
        {ENTRY_COPY.steps.map((step, index) => (
          <View key={step} className='entry-plate__step' role='listitem' aria-label={`第${index + 1}步 ${step}`}>
            <Text className='entry-plate__step-number' aria-hidden>
              {index + 1}
            </Text>
            <Text className='entry-plate__step-name'>{step}</Text>
            {index < ENTRY_COPY.steps.length - 1 ? (
              <Text className='entry-plate__step-arrow' aria-hidden>
                →
              </Text>
            ) : null}
          </View>
        ))}
      </View>
    </View>
  )
}
