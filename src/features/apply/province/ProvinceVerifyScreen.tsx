import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { requestMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { useCodeButton } from '../../../components/countdown/use-code-button'
import { FormField } from '../../../components/form-field/FormField'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { issuerName } from '../../../domain/enums'
import { provinceIssuerOf } from '../../../domain/province'
import { MOBILE_LENGTH, digitsOnly, validateMobile } from '../../../domain/validation'
import { VERIFY_CODE_LENGTH, checkPhoneLogin } from '../../../domain/verify-code'
import { navigateFromTap } from '../../../platform/navigator'
import { useStores } from '../../../stores/store-context'
import { StepRedirect } from '../StepRedirect'
import './province.scss'
import { pageForMissing, submitThenPay } from '../missing-parts'

const PAGE = trackedPage('provinceVerify')

export const PROVINCE_TEXT = {
  sendFailed: '验证码发送失败，请稍后重试',
  verifyFailed: '验证失败，请稍后重试',
  openFailed: '暂时无法确认发行方验证状态，请重试',
  codeSent: '验证码已发送，请查收短信',
  closed: '发行方暂未开通短信验证，正在提交申请…',
  incomplete: '申请资料尚未完整',
  complete: '去补充资料',
} as const

/** Whether the issuer's SMS login is open: asked once as the step opens. */
type OpenState = 'checking' | 'open' | 'closed' | 'failed'

/**
 * The province issuer's own SMS verification (src/domain/province.ts), between the package choice
 * and the final commit of a province plate's order: the same rules as the phone login (the code
 * button counts down from the stored time the last code was sent, inline reasons, the server's
 * words for a wrong code); once verified, the application is submitted and the payment opens.
 * When the issuer's switch is off the step is skipped: the application is submitted at once.
 */
export const ProvinceVerifyScreen = observer(function ProvinceVerifyScreen({ orderId }: { orderId: string }) {
  const { apply, province } = useStores()
  const { navigator, tracker } = useAppServices()
  const [openState, setOpenState] = useState<OpenState>('checking')
  const [mobile, setMobile] = useState(() => apply.form.values.mobile)
  const [code, setCode] = useState('')
  const [mobileLeft, setMobileLeft] = useState(false)
  const [checkError, setCheckError] = useState<string>()
  const [sentNotice, setSentNotice] = useState(false)
  const [missing, setMissing] = useState<readonly string[]>([])
  const codeButton = useCodeButton(province.codeSentAt)
  const ownOrder = apply.orderId !== undefined && apply.orderId === orderId

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
  // Asked as the step opens for an order ready to submit (not again once submitted); a retry is the person's tap.
  const ready = ownOrder && !apply.submitted && apply.commodityId !== undefined
  useEffect(() => {
    if (ready) void runCheckOpen()
  }, [ready, runCheckOpen])

  const sendCode = useAction(
    async () => {
      if (codeButton.disabled) return
      tracker.click(PAGE, 'province-send-code')
      setCheckError(undefined)
      setMobileLeft(true)
      if (!validateMobile(mobile).ok) return
      await province.sendCode(mobile)
      setSentNotice(true)
    },
    { report: 'inline', message: requestMessageOr(PROVINCE_TEXT.sendFailed) },
  )

  const verify = useAction(
    async () => {
      tracker.click(PAGE, 'province-submit')
      sendCode.clearError()
      setMissing([])
      if (province.mustVerify(apply.plateNumber, orderId)) {
        setMobileLeft(true)
        const checked = checkPhoneLogin(mobile, code)
        setCheckError(checked.ok ? undefined : checked.reason)
        if (!checked.ok) return
        await province.verify(checked.mobile, checked.code, orderId)
      }
      await commit()
    },
    { report: 'inline', message: requestMessageOr(PROVINCE_TEXT.verifyFailed) },
  )

  if (!apply.orderId) {
    return <StepRedirect to='plateEntry' testId='province-no-order' title='请先填写车牌号' description='正在返回车牌填写页…' actionText='去填写车牌号' />
  }
  if (!ownOrder) {
    // Another order's address: the order list goes on with it.
    return <StepRedirect to='orderList' testId='province-other-order' title='该订单不在当前申请中' description='正在打开我的订单…' actionText='查看我的订单' />
  }
  if (apply.submitted) {
    // Submitted (just now, while the payment opens, or earlier): nothing left to verify here.
    return <StatusView testId='province-submitted' title='申请已提交' actionText='去支付' onAction={() => navigateFromTap(navigator.replace('pay', { orderId }))} />
  }
  if (!apply.commodityId) {
    return <StepRedirect to='selectLand' testId='province-no-package' title='请先选择套餐' description='正在返回套餐选择页…' actionText='去选择套餐' />
  }

  const issuer = issuerName(provinceIssuerOf(apply.plateNumber) ?? 0) ?? ''
  const mobileCheck = validateMobile(mobile)
  const mobileError = mobileLeft && !mobileCheck.ok ? mobileCheck.reason : undefined
  const completeMissing = () => navigateFromTap(navigator.open(pageForMissing(missing)))

  if (openState !== 'open') {
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
  }

  const missingView =
    missing.length > 0 ? (
      <View className='province__missing' role='alert' data-testid='province-missing'>
        <Text>
          {PROVINCE_TEXT.incomplete}：{missing.join('、')}
        </Text>
        <Button size='small' type='primary' fill='outline' data-testid='province-complete' onClick={completeMissing}>
          {PROVINCE_TEXT.complete}
        </Button>
      </View>
    ) : null

  // One message under the form: the failed check, or the last call's failure.
  const formError = checkError ?? verify.error ?? sendCode.error
  const typed = (set: (value: string) => void, value: string, length: number) => {
    set(digitsOnly(value, length))
    setCheckError(undefined)
    sendCode.clearError()
    verify.clearError()
  }

  return (
    <View className='province'>
      <View className='province__card'>
        <Text className='province__title'>{`${issuer}ETC发行方短信验证`}</Text>
        <Text className='province__plate' data-testid='province-plate'>
          申办车辆：{apply.plateNumber}
        </Text>
        <Text className='province__text'>{`根据${issuer}ETC发行方要求，提交申请前需验证车主手机号。验证码由发行方发送，验证通过后提交申请。`}</Text>
        <FormField
          label='手机号'
          value={mobile}
          onChange={(value) => typed(setMobile, value, MOBILE_LENGTH)}
          onBlur={() => setMobileLeft(true)}
          error={mobileError}
          placeholder='请输入11位手机号'
          maxLength={MOBILE_LENGTH}
          keyboard='numeric'
          autoComplete='tel'
          testId='province-mobile'
        />
        <FormField
          label='验证码'
          value={code}
          onChange={(value) => typed(setCode, value, VERIFY_CODE_LENGTH)}
          placeholder='请输入6位验证码'
          maxLength={VERIFY_CODE_LENGTH}
          keyboard='numeric'
          autoComplete='one-time-code'
          testId='province-code'
        />
        <View className='province__send'>
          <Button
            size='small'
            fill='none'
            type='primary'
            disabled={codeButton.disabled}
            loading={sendCode.busy}
            aria-label={codeButton.disabled ? `${codeButton.text}，请稍候` : codeButton.text}
            data-testid='province-send-code'
            onClick={() => void sendCode.run()}
          >
            {codeButton.text}
          </Button>
        </View>
        {sentNotice && codeButton.disabled ? (
          <View className='province__note' role='status' data-testid='province-code-sent'>
            {PROVINCE_TEXT.codeSent}
          </View>
        ) : null}
      </View>
      {formError ? (
        <View className='province__error' role='alert' data-testid='province-error'>
          {formError}
        </View>
      ) : null}
      {missingView}
      <Button block type='primary' className='province__submit' loading={verify.busy} aria-label='验证并提交' data-testid='province-submit' onClick={() => void verify.run()}>
        验证并提交
      </Button>
    </View>
  )
})
