import { Text, View } from '@tarojs/components'
import { Pressable } from '../pressable/Pressable'
import './status-view.scss'

export interface StatusViewProps {
  title: string
  description?: string
  actionText?: string
  onAction?: () => void
  /** 'alert' for errors (read out at once by screen readers), 'status' otherwise. */
  role?: 'alert' | 'status'
  testId?: string
}

/** A centred message with an optional action: empty, error and "not found" states. */
export function StatusView({ title, description, actionText, onAction, role = 'status', testId }: StatusViewProps) {
  return (
    <View className='status-view' role={role} data-testid={testId}>
      <Text className='status-view__title'>{title}</Text>
      {description ? <Text className='status-view__description'>{description}</Text> : null}
      {actionText && onAction ? (
        <Pressable className='status-view__action' label={actionText} onPress={onAction}>
          {actionText}
        </Pressable>
      ) : null}
    </View>
  )
}
