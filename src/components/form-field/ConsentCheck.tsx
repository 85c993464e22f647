import { View } from '@tarojs/components'
import { CheckBox } from './CheckBox'
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
      <CheckBox
        className='consent-check__box'
        checked={checked}
        onToggle={onToggle}
        label={`我已阅读并同意${documentTitle}`}
        text='我已阅读并同意'
        testId={`${testId}-check`}
      />
      <Pressable className='consent-check__link' label={`查看${documentTitle}`} testId={`${testId}-link`} onPress={onOpenDocument}>
        《{documentTitle}》
      </Pressable>
    </View>
  )
}
