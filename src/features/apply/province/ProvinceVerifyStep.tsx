import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { requestMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { useSmsCodeForm } from '../../../components/sms-code/use-sms-code-form'
import { StatusView } from '../../../components/status-view/StatusView'
import { issuerName } from '../../../domain/enums'
import { provinceIssuerOf } from '../../../domain/province'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { useApplyFeature } from '../apply-state'
import { pageForMissing, submitThenPay } from '../missing-parts'
import { ProvinceCodeForm } from './ProvinceCodeForm'
import { PROVINCE_TEXT } from './province-text'

const PAGE = trackedPage('provinceVerify')

/** Whether the issuer's SMS login is open: asked once as the step opens. */
type OpenState = 'checking' | 'open' | 'closed' | 'failed'

/**
 * The step for the person's own order, ready to submit (ProvinceVerifyScreen checks that): asks
 * whether the issuer's SMS verification is open, then verifies the phone on the SMS-code form's
 * rules and submits, or submits at once when it is closed. What the final commit finds missing
 * stays on screen with the way to complete it.
 */
export const ProvinceVerifyStep = observer(function ProvinceVerifyStep({ orderId }: { orderId: string }) {
  const { apply } = useStores()
  const { province } = useApplyFeature()
  const { navigator, tracker } = useAppServices()
  const [openState, setOpenState] = useState<OpenState>('checking')
  const [missing, setMissing] = useState<readonly string[]>([])

  /** The final commit, then the payment; what the server says is missing stays on screen. */
  const commit = (): Promise<void> => submitThenPay(apply, navigator, setMissing, 'replace')

  const checkOpen = useAction(
    async () => {
      setOpenState('checking')
      const open = await province.isOpen()
      setOpenState(open ? 'open' : 'closed')
      if (!open) await commit()
    },
    { report: 'inline', message: requestMessageOr(PROVINCE_TEXT.openFailed) },
  )
  const { run: runCheckOpen } = checkOpen
  // Asked as the step opens (it opens for an order ready to submit, not once submitted); a retry is the person's tap.
  useEffect(() => {
    void runCheckOpen()
  }, [runCheckOpen])

  const form = useSmsCodeForm({
    initialMobile: () => apply.form.values.mobile,
    codeSentAt: province.codeSentAt,
    sendCode: (mobile) => province.sendCode(mobile),
    // Verified once (this order, this plate), the step only submits.
    needsCode: () => province.mustVerify(apply.plateNumber, orderId),
    submit: async (checked) => {
      if (checked) await province.verify(checked.mobile, checked.code, orderId)
      await commit()
    },
    onSendTap: () => tracker.click(PAGE, 'province-send-code'),
    onSubmitTap: () => {
      tracker.click(PAGE, 'province-submit')
      setMissing([])
    },
    messages: { sendFailed: PROVINCE_TEXT.sendFailed, submitFailed: PROVINCE_TEXT.verifyFailed },
  })

  const completeMissing = () => navigateFromTap(navigator.open(pageForMissing(missing)))
  if (openState === 'open') {
    const issuer = issuerName(provinceIssuerOf(apply.plateNumber) ?? 0) ?? ''
    return <ProvinceCodeForm form={form} issuer={issuer} plateNumber={apply.plateNumber} missing={missing} onCompleteMissing={completeMissing} />
  }
  if (checkOpen.error) {
    return <StatusView role='alert' testId='province-open-failed' title={checkOpen.error} actionText='重试' onAction={() => void checkOpen.run()} />
  }
  if (missing.length > 0) {
    // The commit without verification is over: what it found missing, not "submitting".
    return (
      <StatusView
        role='alert'
        testId='province-incomplete'
        title={PROVINCE_TEXT.incomplete}
        description={missing.join('、')}
        actionText={PROVINCE_TEXT.complete}
        onAction={completeMissing}
      />
    )
  }
  return <StatusView testId={openState === 'closed' ? 'province-skipped' : 'province-checking'} title={openState === 'closed' ? PROVINCE_TEXT.closed : '正在确认发行方验证…'} />
})
