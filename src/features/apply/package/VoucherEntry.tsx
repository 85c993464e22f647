import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { VOUCHER_CODE_MAX_LENGTH } from '../../../../types/api/apply'
import { FormField } from '../../../components/form-field/FormField'
import { Pressable } from '../../../components/pressable/Pressable'
import { Button } from '../../../components/ui/button'
import { formatYuan } from '../../../domain/money'
import { useStores } from '../../../stores/store-context'
import './voucher-entry.scss'

export interface VoucherEntryProps {
  orderId: string
  /** A package is being chosen: the order's price must not change under it. */
  choosing: boolean
}

/**
 * 核销码 of an order opened under a write-off campaign: the voucher it carries, or the field to use
 * a code (checked, then claimed). Nothing shows while the order's detail is being asked for, nor for
 * an order of another activity; a failed detail shows in place with a retry.
 */
export const VoucherEntry = observer(function VoucherEntry({ orderId, choosing }: VoucherEntryProps) {
  const { voucher } = useStores()
  // Until the store has turned to this order, what it holds is another order's.
  if (voucher.orderId !== orderId) return null

  if (voucher.promotion === undefined && voucher.load.status === 'error') {
    return (
      <View className='voucher-entry voucher-entry--error' role='alert' data-testid='voucher-load-error'>
        <Text>核销码信息加载失败：{voucher.load.error?.message}</Text>
        <Pressable className='voucher-entry__retry' label='重新加载核销码信息' testId='voucher-load-retry' onPress={() => void voucher.fetch()}>
          重新加载
        </Pressable>
      </View>
    )
  }
  if (!voucher.writeOff) return null

  const claimed = voucher.voucher
  if (claimed) {
    return (
      <View className='voucher-entry voucher-entry--claimed' role='status' data-testid='voucher-claimed'>
        已使用核销码 {claimed.code}，立减¥{formatYuan(claimed.discountCents)}
      </View>
    )
  }

  const readOnly = voucher.busy || choosing
  return (
    <View className='voucher-entry' role='group' aria-label='核销码' data-testid='voucher-entry' data-refusal={voucher.problem?.refusal}>
      <View className='voucher-entry__field'>
        <FormField
          label='核销码'
          value={voucher.code}
          onChange={(text) => voucher.setCode(text)}
          error={voucher.problem?.message}
          placeholder='请输入核销码'
          maxLength={VOUCHER_CODE_MAX_LENGTH}
          disabled={readOnly}
          testId='voucher-code'
        />
      </View>
      <Button
        type='primary'
        size='small'
        className='voucher-entry__use'
        loading={voucher.busy}
        disabled={readOnly}
        aria-label='使用'
        data-testid='voucher-use'
        onClick={() => void voucher.use()}
      >
        使用
      </Button>
    </View>
  )
})
