import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { ENTRY_ROUTE } from '../../../config/routes'
import type { RouteName } from '../../../config/routes'
import { validateMobile } from '../../../domain/validation'
import { LOGIN_REASON, VERIFY_CODE_LENGTH, checkPhoneLogin } from '../../../domain/verify-code'
import { requestMessageOr, useAction } from '../../../components/action/use-action'
import { useCodeButton } from '../../../components/countdown/use-code-button'
import { Heading } from '../../../components/heading/Heading'
import { useStores } from '../../../stores/store-context'
import { EntryButton } from '../button/EntryButton'
import { pageTarget } from '../../../platform/link'
import { addressParam } from '../links/page-target'
import { useEntryActions } from '../links/use-entry-actions'
import { LoginField } from './LoginField'
import './entry-login.scss'

export const LOGIN_MESSAGES = {
  sendFailed: '验证码发送失败，请稍后重试',
  loginFailed: '登录失败，请稍后重试',
  codeSent: '验证码已发送，请查收短信',
} as const

/** What the login leads on to, by the page it returns to: the order pages', or the application's. */
const LOGIN_PURPOSE: Partial<Record<RouteName, string>> = {
  orderList: '登录后查看您的订单',
  order: '登录后查看订单详情',
  orderJh: '登录后查看订单详情',
  redirectOrderList: '登录后查看您的订单',
}
export const LOGIN_PURPOSE_DEFAULT = '登录后继续办理ETC'

/** Where the login returns to: the page that asked (an app page only), else the entry page. */
export function returnTarget(redirect: string | undefined) {
  const target = pageTarget(addressParam(redirect))
  return target && target.route !== 'login' ? target : { route: ENTRY_ROUTE, query: {} }
}

/**
 * Phone and SMS-code login (bank app). The code button counts down from the time the last code
 * was sent, which the user store keeps, so a reload does not reset it. Field reasons show once a
 * field is left; after the login the user returns to `redirect`.
 */
export const LoginForm = observer(function LoginForm({ redirect }: { redirect?: string }) {
  const { user } = useStores()
  const actions = useEntryActions('login')
  const [mobile, setMobile] = useState(() => user.rememberedMobile ?? '')
  const [code, setCode] = useState('')
  const [touched, setTouched] = useState({ mobile: false, code: false })
  const [checkError, setCheckError] = useState<string>()
  const [sentNotice, setSentNotice] = useState(false)

  const codeButton = useCodeButton(user.codeSentAt)
  const mobileCheck = validateMobile(mobile)
  const mobileError = touched.mobile && !mobileCheck.ok ? mobileCheck.reason : undefined
  const codeError = touched.code && code !== '' && code.length !== VERIFY_CODE_LENGTH ? LOGIN_REASON.badCode : undefined

  const leave = (field: keyof typeof touched) => setTouched((current) => ({ ...current, [field]: true }))

  const sendCode = useAction(
    async () => {
      if (codeButton.disabled) return
      actions.track('sendCode')
      setCheckError(undefined)
      login.clearError()
      if (!mobileCheck.ok) {
        leave('mobile')
        return
      }
      await user.sendCode(mobile)
      setSentNotice(true)
    },
    { report: 'inline', message: requestMessageOr(LOGIN_MESSAGES.sendFailed) },
  )

  const login = useAction(
    async () => {
      actions.track('login')
      setTouched({ mobile: true, code: true })
      sendCode.clearError()
      const checked = checkPhoneLogin(mobile, code)
      setCheckError(checked.ok ? undefined : checked.reason)
      if (!checked.ok) return
      await user.loginWithCode(checked.mobile, checked.code)
      const target = returnTarget(redirect)
      await actions.leaveLogin(target.route, target.query)
    },
    { report: 'inline', message: requestMessageOr(LOGIN_MESSAGES.loginFailed) },
  )

  // One message under the form: the failed check, or the last call's failure.
  const formError = checkError ?? login.error ?? sendCode.error
  const typed = (set: (value: string) => void, digits: string) => {
    set(digits)
    setCheckError(undefined)
    sendCode.clearError()
    login.clearError()
  }

  return (
    <View className='entry-login'>
      <Heading level={1} className='entry-login__title'>手机号登录</Heading>
      <Text className='entry-login__subtitle' data-testid='login-purpose'>
        {LOGIN_PURPOSE[returnTarget(redirect).route] ?? LOGIN_PURPOSE_DEFAULT}
      </Text>
      <View className='entry-login__card'>
        <LoginField name='mobile' value={mobile} error={mobileError} onChange={(digits) => typed(setMobile, digits)} onBlur={() => leave('mobile')} />
        <LoginField name='code' value={code} error={codeError} onChange={(digits) => typed(setCode, digits)} onBlur={() => leave('code')}>
          <EntryButton
            variant='link'
            className='entry-login__send'
            label={codeButton.disabled ? `${codeButton.text}，请稍候` : codeButton.text}
            disabled={codeButton.disabled}
            busy={sendCode.busy}
            busyText='发送中…'
            testId='login-send-code'
            onPress={() => void sendCode.run()}
          >
            {codeButton.text}
          </EntryButton>
        </LoginField>
        {sentNotice && codeButton.disabled ? (
          <View className='entry-login__note' role='status' data-testid='login-code-sent'>
            {LOGIN_MESSAGES.codeSent}
          </View>
        ) : null}
      </View>
      {formError ? (
        <View className='entry-login__form-error' role='alert' data-testid='login-error'>
          {formError}
        </View>
      ) : null}
      <EntryButton className='entry-login__submit' label='登录' busy={login.busy} busyText='正在登录…' testId='login-submit' onPress={() => void login.run()} />
    </View>
  )
})
