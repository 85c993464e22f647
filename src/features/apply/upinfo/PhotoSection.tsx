import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useAppServices } from '../../../components/app-services/app-services'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { PHOTO_SUBJECTS } from '../../../domain/photo'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { FormSection } from './FormSection'
import { PhotoReadingNotes } from './PhotoReadingNotes'
import { PhotoSlot } from './PhotoSlot'

const PAGE = trackedPage('upinfo')

/**
 * The certificate photos, first on the form: one slot each, following its photo from the choice to
 * the server; a tap opens the photo pages, 重新上传 sends a failed photo again. The ID card and the
 * licence are read once uploaded, and fill the fields below (PhotoReadingNotes says how it went).
 */
export const PhotoSection = observer(function PhotoSection() {
  const { photoUpload } = useStores()
  const { navigator, tracker } = useAppServices()
  return (
    <FormSection title='证件照片'>
      <Text className='upinfo__section-note wordy'>拍照自动填写：上传身份证和行驶证后，将识别并填写下方信息，请核对。照片仅用于本次ETC申办审核</Text>
      <Text className='upinfo__section-note terse'>拍照后自动填写下方信息</Text>
      <View className='upinfo__photos'>
        {PHOTO_SUBJECTS.map((subject) => (
          <PhotoSlot
            key={subject}
            subject={subject}
            state={photoUpload.stateOf(subject)}
            onChoose={() => {
              tracker.click(PAGE, `upinfo-photo-${subject}`)
              navigateFromTap(navigator.open('selectImage', { subject }))
            }}
            onRetry={() => {
              tracker.click(PAGE, `upinfo-photo-${subject}-retry`)
              photoUpload.retry(subject)
            }}
          />
        ))}
      </View>
      <PhotoReadingNotes />
    </FormSection>
  )
})
