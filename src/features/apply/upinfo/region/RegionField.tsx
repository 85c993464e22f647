import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { Pressable } from '../../../../components/pressable/Pressable'
import { useStores } from '../../../../stores/store-context'
import { REGION_LABEL } from '../upinfo-fields'
import { RegionSheet } from './RegionSheet'
import { useRegionTree } from './use-region-tree'
import './region-field.scss'

const REGION_PLACEHOLDER = '请选择省、市、区'
const TEST_ID = 'field-region'

/**
 * 所在地区 of the mailing address, chosen from the region list in a sheet (never typed). The list
 * is asked for when the field appears; closing the sheet without a choice counts as leaving the
 * field, so a missing region says so.
 */
export const RegionField = observer(function RegionField() {
  const { apply } = useStores()
  const regions = useRegionTree()
  const [open, setOpen] = useState(false)
  const value = apply.form.values.region
  const error = apply.form.visibleError('region')
  const errorId = `${TEST_ID}-error`

  const close = () => {
    setOpen(false)
    apply.form.touch('region')
  }

  return (
    <View className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <Pressable className='form-field__row region-field' label={`${REGION_LABEL}：${value || REGION_PLACEHOLDER}`} onPress={() => setOpen(true)} testId={TEST_ID}>
        <Text className='form-field__label'>{REGION_LABEL}</Text>
        <Text className={`region-field__value ${value ? '' : 'form-field__placeholder'}`} data-testid={`${TEST_ID}-value`}>
          {value || REGION_PLACEHOLDER}
        </Text>
        <Text className='region-field__arrow' aria-hidden='true'>
          ›
        </Text>
      </Pressable>
      {error ? (
        <View className='form-field__error' role='alert' id={errorId} data-testid={errorId}>
          {error}
        </View>
      ) : null}
      {open ? (
        <RegionSheet
          value={value}
          state={regions.state}
          onRetry={regions.retry}
          onPick={(region) => {
            apply.form.setField('region', region)
            close()
          }}
          onClose={close}
        />
      ) : null}
    </View>
  )
})
