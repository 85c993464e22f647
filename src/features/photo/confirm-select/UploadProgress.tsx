import { Text, View } from '@tarojs/components'
import './upload-progress.scss'

/**
 * The progress of an upload in flight: how much of the file has gone out once the host reports
 * it, an indeterminate bar until then.
 */
export function UploadProgress({ label, percent }: { label: string; percent?: number }) {
  const known = percent !== undefined
  const value = known ? Math.max(0, Math.min(100, Math.round(percent))) : undefined
  return (
    <View
      className='upload-progress'
      role='progressbar'
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(known ? { 'aria-valuenow': value } : { 'aria-busy': true })}
      data-testid='upload-progress'
    >
      <View className='upload-progress__track'>
        {known ? (
          <View className='upload-progress__bar upload-progress__bar--known' style={{ width: `${value}%` }} />
        ) : (
          <View className='upload-progress__bar' />
        )}
      </View>
      <Text className='upload-progress__label'>{known ? `${label} ${value}%` : label}</Text>
    </View>
  )
}
