import { observer } from 'mobx-react-lite'
import { FormField } from '../../../components/form-field/FormField'
import { Pressable } from '../../../components/pressable/Pressable'
import { RECOGNIZED_NOTE, isSuggestedField } from '../../../domain/photo-reading'
import { useStores } from '../../../stores/store-context'
import type { PhotoReadingStore } from '../../../stores/photo-reading-store'
import type { FieldSpec } from './upinfo-fields'

/** What the photos say of a field: filled from them (until changed), or read differently from what was typed. */
function photoNote(reading: PhotoReadingStore, spec: FieldSpec) {
  const { field } = spec
  if (!isSuggestedField(field)) return undefined
  if (reading.isRecognized(field)) return { text: RECOGNIZED_NOTE }
  const differing = reading.differing(field)
  if (differing === undefined) return undefined
  return {
    text: `照片识别为：${differing}`,
    action: (
      <Pressable label={`${spec.label}使用照片识别结果`} testId={`field-${field}-use-reading`} className='upinfo__use-reading' onPress={() => reading.useSuggestion(field)}>
        使用识别结果
      </Pressable>
    ),
  }
}

/**
 * A form field bound to the application: kept on every keystroke, checked once the user leaves it;
 * a field the photos filled says so until it is changed.
 */
export const BoundField = observer(function BoundField({ spec }: { spec: FieldSpec }) {
  const { apply } = useStores()
  return (
    <FormField
      testId={`field-${spec.field}`}
      label={spec.label}
      value={apply.form.values[spec.field]}
      placeholder={spec.placeholder}
      maxLength={spec.maxLength}
      keyboard={spec.keyboard}
      autoComplete={spec.autoComplete}
      error={apply.form.visibleError(spec.field)}
      note={photoNote(apply.reading, spec)}
      onChange={(value) => apply.form.setField(spec.field, spec.upperCase ? value.toUpperCase() : value)}
      onBlur={() => apply.form.touch(spec.field)}
    />
  )
})

/** The fields of one section, in order. */
export function BoundFields({ specs }: { specs: readonly FieldSpec[] }) {
  return (
    <>
      {specs.map((spec) => (
        <BoundField key={spec.field} spec={spec} />
      ))}
    </>
  )
}
