import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { OfflineOrderParam } from '../../../../types/api/orders'
import { HANDOVER_CODE_LENGTH, validateHandoverCode } from '../../../domain/handover-code'
import { asError } from '../../../stores/load-state'
import { useStores } from '../../../stores/store-context'
import { FormField } from '../../../components/form-field/FormField'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { OrderDetailScreen } from './OrderDetailScreen'
import { OrderLoading } from './OrderStates'
import './order-detail.scss'

type HandOver = { phase: 'running' } | { phase: 'failed'; message: string } | { phase: 'done'; orderId: string }

const HANDOVER_TEXT = {
  codeLabel: '转线上验证码',
  codePlaceholder: `网点提供的${HANDOVER_CODE_LENGTH}位数字`,
  codeHint: '如果登录手机号不是在网点登记的手机号，请输入网点提供的转线上验证码',
  submit: '验证并转为线上订单',
} as const

/**
 * An order taken at a service outlet, carried on online: the offline order becomes the user's
 * online order (once; asking again answers the same order), which is then shown. The server needs
 * proof: the phone the user logged in with is the one the outlet took, or the one-time code the
 * outlet handed over, which the user can enter when the first attempt is refused.
 */
export const OfflineHandOver = observer(function OfflineHandOver({ param }: { param: OfflineOrderParam }) {
  const { order: orders } = useStores()
  const [state, setState] = useState<HandOver>({ phase: 'running' })
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()
  const { offlineNo, plateNumber } = param
  // Only the latest attempt may change the page (a retry replaces an earlier one still running).
  const attempt = useRef(0)

  const start = useCallback(
    (handoverCode?: string) => {
      const current = ++attempt.current
      setState({ phase: 'running' })
      orders.handOver({ offlineNo, plateNumber, ...(handoverCode ? { handoverCode } : {}) }).then(
        (orderId) => current === attempt.current && setState({ phase: 'done', orderId }),
        (cause: unknown) => current === attempt.current && setState({ phase: 'failed', message: asError(cause).message }),
      )
    },
    [orders, offlineNo, plateNumber],
  )

  useEffect(() => {
    start()
    return () => {
      attempt.current += 1
    }
  }, [start])

  const submitCode = (): void => {
    const checked = validateHandoverCode(code)
    if (!checked.ok) {
      setCodeError(checked.reason)
      return
    }
    setCodeError(undefined)
    start(checked.value)
  }

  if (state.phase === 'done') return <OrderDetailScreen orderId={state.orderId} />
  if (state.phase === 'running') return <OrderLoading title='正在转为线上订单…' />
  return (
    <View>
      <StatusView
        role='alert'
        testId='order-handover-error'
        title='线下订单转线上失败'
        description={state.message}
        actionText='重试'
        onAction={() => start()}
      />
      <View className='offline-handover__code' data-testid='order-handover-code-form'>
        <View className='offline-handover__hint'>{HANDOVER_TEXT.codeHint}</View>
        <FormField
          label={HANDOVER_TEXT.codeLabel}
          value={code}
          onChange={(value) => {
            setCode(value)
            if (codeError) setCodeError(undefined)
          }}
          error={codeError}
          placeholder={HANDOVER_TEXT.codePlaceholder}
          maxLength={HANDOVER_CODE_LENGTH}
          keyboard='numeric'
          autoComplete='one-time-code'
          testId='order-handover-code'
        />
        <Button type='primary' block onClick={submitCode} data-testid='order-handover-submit'>
          {HANDOVER_TEXT.submit}
        </Button>
      </View>
    </View>
  )
})
