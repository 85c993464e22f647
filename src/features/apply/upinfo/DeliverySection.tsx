import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { ChoiceField } from '../../../components/form-field/ChoiceField'
import { fieldApplies } from '../../../domain/apply-form'
import { useStores } from '../../../stores/store-context'
import { BoundField, BoundFields } from './BoundField'
import { FormSection } from './FormSection'
import { RegionField } from './region/RegionField'
import { ADDRESS_FIELD, CONSIGNEE_FIELDS, DELIVERY_CHOICES } from './upinfo-fields'

/** How the device reaches the user; mailing it asks for the address. */
export const DeliverySection = observer(function DeliverySection() {
  const { apply } = useStores()
  return (
    <FormSection title='领取方式'>
      <View className='upinfo__choice'>
        <ChoiceField
          testId='field-deliveryMethod'
          label='设备领取方式'
          choices={DELIVERY_CHOICES}
          value={apply.form.values.deliveryMethod}
          error={apply.form.visibleError('deliveryMethod')}
          onChange={(value) => {
            apply.form.setField('deliveryMethod', value)
            apply.form.touch('deliveryMethod')
          }}
        />
      </View>
      {fieldApplies(apply.form.values, 'address') ? (
        <>
          <BoundFields specs={CONSIGNEE_FIELDS} />
          <RegionField />
          <BoundField spec={ADDRESS_FIELD} />
        </>
      ) : null}
    </FormSection>
  )
})
