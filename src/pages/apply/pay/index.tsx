import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { Exposure } from '../../../components/exposure/Exposure'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { MissingOrder } from '../../../components/order-detail/MissingOrder'
import { PageShell } from '../../../components/page-shell/PageShell'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { ISSUER_NOTE, PAY_MESSAGES, PAY_SECTIONS, payModeLabel, payTips } from '../../../config/payment'
import { PAY_STATE } from '../../../domain/enums'
import { formatYuan } from '../../../domain/money'
import { ignoreRefusedJump, navigateFromTap } from '../../../platform/navigator'
import { onBackFromCashier, openCashier } from '../../../platform/open-cashier'
import { useStores } from '../../../stores/store-context'
import './index.scss'
import { PLATE_KIND_LABEL, plateKindOf } from '../../../domain/plate'

function payButtonLabel(payState: number, amountCents: number, modeLabel: string): string {
  if (payState === PAY_STATE.SUCCESS) return '已支付，查看结果'
  if (payState === PAY_STATE.NOT_NEEDED || amountCents <= 0) return '无需支付，继续'
  return `支付${modeLabel} ¥${formatYuan(amountCents)}`
}

const PayBody = observer(function PayBody({ orderId }: { orderId: string }) {
  const { payment, order, commodity } = useStores()
  const { navigator } = useAppServices()
  const [paying, setPaying] = useState(false)
  const [payError, setPayError] = useState<string | undefined>(undefined)
  const [notice, setNotice] = useState<string | undefined>(undefined)
  const running = useRef(false)
  const cashierOpened = useRef(false)

  const load = useCallback(() => {
    void payment.loadInfo(orderId)
    void order.fetchProcess(orderId)
  }, [payment, order, orderId])
  useEffect(load, [load])
  useEffect(() => void commodity.fetchIssuers(), [commodity])

  // Back from the cashier without its return (the mini-programs' web view, or the browser's
  // back button): paid goes on to the result, anything else may be paid again.
  const backFromCashier = useCallback(() => {
    if (!cashierOpened.current) return
    cashierOpened.current = false
    running.current = false
    setPaying(false)
    setNotice(undefined)
    void payment.loadInfo(orderId).then(() => {
      if (payment.info?.orderId === orderId && payment.info.depositPayState === PAY_STATE.SUCCESS) {
        navigateFromTap(navigator.replace('payResult', { orderId }))
      }
    })
  }, [payment, navigator, orderId])
  Taro.useDidShow(backFromCashier)
  useEffect(() => onBackFromCashier(backFromCashier), [backFromCashier])

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
  const issuer =
    process.issuerId === null ? undefined : commodity.issuerLabel(process.issuerId)

  const pay = async (): Promise<void> => {
    if (running.current) return
    running.current = true
    setPaying(true)
    setPayError(undefined)
    let leaving = false
    try {
      const response = await payment.start(orderId)
      if (response.depositPayState === PAY_STATE.NOT_NEEDED || response.depositPayState === PAY_STATE.SUCCESS) {
        setNotice(response.depositPayState === PAY_STATE.NOT_NEEDED ? PAY_MESSAGES.notNeeded : PAY_MESSAGES.alreadyPaid)
        leaving = true
        await navigator.replace('payResult', { orderId }).catch(ignoreRefusedJump)
      } else if (response.cashierUrl) {
        setNotice(PAY_MESSAGES.toCashier)
        leaving = true
        cashierOpened.current = true
        await openCashier(response.cashierUrl, navigator).catch(ignoreRefusedJump)
      } else {
        setPayError(PAY_MESSAGES.noCashier)
      }
    } catch (cause) {
      leaving = false
      cashierOpened.current = false
      setNotice(undefined)
      setPayError(cause instanceof Error && cause.message ? cause.message : PAY_MESSAGES.failed)
    } finally {
      // While the page is being left the button stays disabled: a second tap would start again.
      if (!leaving) {
        running.current = false
        setPaying(false)
      }
    }
  }

  return (
    <View className='pay' data-testid='pay'>
      <View className='pay__card' data-testid='pay-summary'>
        <View className='pay__title' role='heading' aria-level={2}>
          订单信息
        </View>
        <View className='pay__row'>
          <Text className='pay__key'>车牌号</Text>
          <Text className='pay__value' data-testid='pay-plate'>
            {process.plateNumber}（{PLATE_KIND_LABEL[plateKindOf(process.plateColor)]}）
          </Text>
        </View>
        <View className='pay__row'>
          <Text className='pay__key'>套餐</Text>
          <Text className='pay__value' data-testid='pay-package'>
            {process.commodityName ?? '--'}
          </Text>
        </View>
        <View className='pay__row'>
          <Text className='pay__key'>订单号</Text>
          <Text className='pay__value' data-testid='pay-order-id'>
            {orderId}
          </Text>
        </View>
        <View className='pay__row pay__row--amount'>
          <Text className='pay__key' data-testid='pay-mode'>
            {modeLabel}
          </Text>
          <Text className='pay__amount' data-testid='pay-amount'>
            ¥{formatYuan(info.amountCents)}
          </Text>
        </View>
      </View>

      <Exposure route='pay' target={PAY_SECTIONS.tips} className='pay__card' testId='pay-tips'>
        <View className='pay__title' role='heading' aria-level={2}>
          温馨提示
        </View>
        {payTips(info.businessMode).map((tip) => (
          <Text key={tip} className='pay__tip'>
            {tip}
          </Text>
        ))}
      </Exposure>

      <Exposure route='pay' target={PAY_SECTIONS.issuer} className='pay__card' testId='pay-issuer'>
        <View className='pay__title' role='heading' aria-level={2}>
          发行方信息
        </View>
        <View className='pay__row'>
          <Text className='pay__key'>发行方</Text>
          <Text className='pay__value' data-testid='pay-issuer-name'>
            {issuer ? `${issuer}ETC发行服务机构` : '以审核结果为准'}
          </Text>
        </View>
        <Text className='pay__tip'>{ISSUER_NOTE}</Text>
      </Exposure>

      <CustomerService prompt='支付遇到问题' testId='pay-customer-service' />

      <View className='pay__bar'>
        {payError ? (
          <View className='pay__message pay__message--error' role='alert' data-testid='pay-failure'>
            {payError}
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

/** ETC申办 [orderId]: the order's summary, the reminder and issuer sections, and paying. */
export default function PayPage() {
  const { orderId } = useRouteParams('orderId')
  return (
    <PageShell route='pay'>
      {orderId ? (
        <PayBody orderId={orderId} />
      ) : (
        <MissingOrder testId='pay-missing-order' description='请从“我的订单”中选择要支付的订单。' />
      )}
    </PageShell>
  )
}
