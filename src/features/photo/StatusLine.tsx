import { View } from '@tarojs/components'

export interface PhotoStatus {
  /** The BEM element that styles the line. */
  className: string
  /** 'alert' for failures, read out at once; 'status' for progress and success. */
  role: 'alert' | 'status'
  testId: string
  text: string
}

/** The one line a photo page says about its work: progress, success or why it failed. */
export function StatusLine({ status }: { status: PhotoStatus | undefined }) {
  if (!status) return null
  return (
    <View className={status.className} role={status.role} data-testid={status.testId}>
      {status.text}
    </View>
  )
}
