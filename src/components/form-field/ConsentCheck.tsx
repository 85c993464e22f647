import { Text, View } from '@tarojs/components'
import { keyboardButtonProps } from '../pressable/activation-keys'
import { Pressable } from '../pressable/Pressable'
import './form-field.scss'

export interface ConsentCheckProps {
  checked: boolean
  onToggle: () => void
  /** The document's name, e.g. "ETC用户服务协议"; shown as a link in 《》. */
  documentTitle: string
  onOpenDocument: () => void
  testId: string
}

/** "我已阅读并同意《…》": a checkbox and, next to it, a link that opens the document. */
export function ConsentCheck({ checked, onToggle, documentTitle, onOpenDocument, testId }: ConsentCheckProps) {
  return (
    <View className='consent-check'>
      <View
        className={`consent-check__box ${checked ? 'consent-check__box--on' : ''}`}
        role='checkbox'
        aria-checked={checked}
        aria-label={`我已阅读并同意${documentTitle}`}
        data-testid={`${testId}-check`}
        onClick={onToggle}
        {...keyboardButtonProps(onToggle)}
      >
        <View className='consent-check__mark' />
        <Text className='consent-check__text'>我已阅读并同意</Text>
      </View>
      <Pressable className='consent-check__link' label={`查看${documentTitle}`} testId={`${testId}-link`} onPress={onOpenDocument}>
        《{documentTitle}》
      </Pressable>
    </View>
  )
}
