import { Text, View } from '@tarojs/components'
import './upload-progress.scss'

/**
 * An indeterminate progress bar for an upload in flight: the request layer reports no byte
 * progress, so the bar says that work is going on, not how much is left.
 */
export function UploadProgress({ label }: { label: string }) {
  return (
    <View className='upload-progress' role='progressbar' aria-label={label} aria-busy data-testid='upload-progress'>
      <View className='upload-progress__track'>
        <View className='upload-progress__bar' />
      </View>
      <Text className='upload-progress__label'>{label}</Text>
    </View>
  )
}
