import { Text, View } from '@tarojs/components'
import { Heading } from '../../../components/heading/Heading'
import type { LegalDocument } from '../../../config/agreements/legal-document'
import './legal-document.scss'

/**
 * The document holds nothing focusable, yet it scrolls: it takes the focus itself, so a keyboard
 * user can scroll it (Taro's View typings do not list tabIndex).
 */
const SCROLLABLE_BY_KEYBOARD = { tabIndex: 0 }

/** A legal text laid out for reading on a phone: title, version line, preamble, sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <View
      className='legal-document'
      data-testid='legal-document'
      role='region'
      aria-label={document.title}
      {...SCROLLABLE_BY_KEYBOARD}
    >
      <Heading level={1} className='legal-document__title'>{document.title}</Heading>
      <View className='legal-document__meta'>
        <Text>{document.version}</Text>
        <Text className='legal-document__date'>生效日期：{document.effectiveDate}</Text>
      </View>
      {document.preamble.map((paragraph) => (
        <View className='legal-document__paragraph' key={paragraph}>
          {paragraph}
        </View>
      ))}
      {document.sections.map((section) => (
        <View className='legal-document__section' key={section.heading}>
          <Heading level={2} className='legal-document__heading'>{section.heading}</Heading>
          {section.paragraphs.map((paragraph) => (
            <View className='legal-document__paragraph' key={paragraph}>
              {paragraph}
            </View>
          ))}
        </View>
      ))}
    </View>
  )
}
