import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect } from 'react'
import { SERVICE_PROMISE_TYPE } from '../../../../types/api/catalogue'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { useServicePromise } from '../../../components/service-promise/use-service-promise'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { payModeLabel } from '../../../config/payment'
import { PAY_STATE } from '../../../domain/enums'
import { formatYuan } from '../../../domain/money'
import { useStores } from '../../../stores/store-context'
import { MissingOrder } from '../MissingOrder'
import { PayNotes } from './PayNotes'
import { PaySummary } from './PaySummary'
import { usePay } from './use-pay'
import './pay.scss'

function payButtonLabel(payState: number, amountCents: number, modeLabel: string): string {
  if (payState === PAY_STATE.SUCCESS) return '已支付，查看结果'
  if (payState === PAY_STATE.NOT_NEEDED || amountCents <= 0) return '无需支付，继续'
  return `支付${modeLabel} ¥${formatYuan(amountCents)}`
}

/** The order's summary, the reminder and issuer sections, and paying. */
const PayOrder = observer(function PayOrder({ orderId }: { orderId: string }) {
  const { payment, order, commodity } = useStores()

  const load = useCallback(() => {
    void payment.loadInfo(orderId)
    void order.fetchProcess(orderId)
  }, [payment, order, orderId])
  useEffect(load, [load])
  useEffect(() => void commodity.fetchIssuers(), [commodity])
  // Asked for beside the order, shown in the reminder when it arrives: the page never waits for it.
  const promise = useServicePromise(SERVICE_PROMISE_TYPE.payReminder)
  const { paying, error, notice, pay } = usePay(orderId)

  const info = payment.info?.orderId === orderId ? payment.info : undefined
  const process = order.processOf(orderId)
  const processLoad = order.processLoadOf(orderId)
  const failure = payment.infoLoad.status === 'error' ? payment.infoLoad.error : processLoad.status === 'error' ? processLoad.error : undefined

  if (failure) {
    return <StatusView role='alert' testId='pay-error' title='订单信息加载失败' description={failure.message} actionText='重新加载' onAction={load} />
  }
  if (!info || !process) {
    return (
      <View className='pay__loading' role='status' aria-busy data-testid='pay-loading'>
        正在加载订单信息…
      </View>
    )
  }

  const modeLabel = payModeLabel(info.businessMode)
  const label = payButtonLabel(info.depositPayState, info.amountCents, modeLabel)
  const issuer = process.issuerId === null ? undefined : commodity.issuerLabel(process.issuerId)

  return (
    <View className='pay' data-testid='pay'>
      <PaySummary
        orderId={orderId}
        plateNumber={process.plateNumber}
        plateColor={process.plateColor}
        commodityName={process.commodityName}
        modeLabel={modeLabel}
        amountCents={info.amountCents}
        priceCents={info.priceCents}
        voucher={info.voucher}
      />

      <PayNotes businessMode={info.businessMode} issuer={issuer} promise={promise} />

      <CustomerService prompt='支付遇到问题' testId='pay-customer-service' />

      <View className='pay__bar'>
        {error ? (
          <View className='pay__message pay__message--error' role='alert' data-testid='pay-failure'>
            {error}
          </View>
        ) : null}
        {notice ? (
          <View className='pay__message' role='status' data-testid='pay-notice'>
            {notice}
          </View>
        ) : null}
        <Button
          block
          type='primary'
          className='pay__button'
          loading={paying}
          disabled={paying}
          aria-disabled={paying}
          aria-label={label}
          data-testid='pay-submit'
          onClick={() => void pay()}
        >
          {label}
        </Button>
      </View>
    </View>
  )
})

/** ETC申办 [orderId]: paying the order, or the way to the user's orders when none is named. */
export function PayScreen({ orderId }: { orderId: string }) {
  if (!orderId) return <MissingOrder testId='pay-missing-order' description='请从“我的订单”中选择要支付的订单。' />
  return <PayOrder orderId={orderId} />
}
