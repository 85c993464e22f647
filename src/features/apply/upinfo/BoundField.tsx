import { observer } from 'mobx-react-lite'
import { FormField } from '../../../components/form-field/FormField'
import { useStores } from '../../../stores/store-context'
import type { FieldSpec } from './upinfo-fields'

/** A form field bound to the application: kept on every keystroke, checked once the user leaves it. */
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
