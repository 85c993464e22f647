import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useAppServices } from '../../../components/app-services/app-services'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { PHOTO_SUBJECTS, photoReceived } from '../../../domain/photo'
import type { IdCardSubject } from '../../../domain/photo'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { FormSection } from './FormSection'
import { PhotoSlot } from './PhotoSlot'

const PAGE = trackedPage('upinfo')

/** The certificate photos: one slot each, received or not; a tap opens the photo pages. */
export const PhotoSection = observer(function PhotoSection({ sides }: { sides: readonly IdCardSubject[] }) {
  const { apply } = useStores()
  const { navigator, tracker } = useAppServices()
  return (
    <FormSection title='证件照片'>
      <Text className='upinfo__section-note'>请上传清晰的原件照片，仅用于本次ETC申办审核</Text>
      <View className='upinfo__photos'>
        {PHOTO_SUBJECTS.map((subject) => (
          <PhotoSlot
            key={subject}
            subject={subject}
            received={photoReceived(subject, apply.certificates, sides)}
            onPress={() => {
              tracker.click(PAGE, `upinfo-photo-${subject}`)
              navigateFromTap(navigator.open('selectImage', { subject }))
            }}
          />
        ))}
      </View>
    </FormSection>
  )
})
