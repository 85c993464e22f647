import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { READABLE_DOCUMENTS } from '../../../domain/photo-reading'
import type { CrossCheck } from '../../../domain/photo-reading'
import { useStores } from '../../../stores/store-context'

const CHECKS: readonly CrossCheck[] = ['plate', 'owner', 'expired']

/**
 * Under the photos: one line per photo read (being read, what it filled, or why it was not read)
 * and what the photos contradict (the licence's plate or owner, an expired ID card). Read out as
 * they change; none stops the form.
 */
export const PhotoReadingNotes = observer(function PhotoReadingNotes() {
  const { apply } = useStores()
  const { statuses, checks } = apply.reading
  const lines = READABLE_DOCUMENTS.flatMap((document) => {
    const status = statuses[document]
    return status ? [{ document, status }] : []
  })
  const warnings = CHECKS.flatMap((check) => (checks[check] ? [{ check, text: checks[check] }] : []))
  return (
    <View className='upinfo__readings' role='status' aria-live='polite' data-testid='photo-readings'>
      {lines.map(({ document, status }) => (
        <Text key={document} className={`upinfo__reading upinfo__reading--${status.kind}`} data-testid={`photo-reading-${document}`} data-state={status.kind}>
          {status.message}
        </Text>
      ))}
      {warnings.map(({ check, text }) => (
        <Text key={check} className='upinfo__reading upinfo__reading--warning' data-testid={`photo-check-${check}`}>
          {text}
        </Text>
      ))}
    </View>
  )
})
