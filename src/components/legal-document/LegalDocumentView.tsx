import { Text, View } from '@tarojs/components'
import type { LegalDocument } from '../../config/agreements/legal-document'
import './legal-document.scss'

/** A legal text laid out for reading on a phone: title, version line, preamble, sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <View className='legal-document' data-testid='legal-document'>
      <View className='legal-document__title' role='heading' aria-level={1}>
        {document.title}
      </View>
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
          <View className='legal-document__heading' role='heading' aria-level={2}>
            {section.heading}
          </View>
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
