import { Input, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import { ENTRY_ROUTE } from '../../config/routes'
import { MOBILE_LENGTH, validateMobile } from '../../domain/validation'
import { LOGIN_REASON, VERIFY_CODE_LENGTH, checkPhoneLogin, codeButtonState } from '../../domain/verify-code'
import { isRequestError } from '../../services/request/errors'
import { useStores } from '../../stores/store-context'
import { EntryButton } from '../entry-button/EntryButton'
import { addressParam, pageTarget } from '../entry-links/page-target'
import { useEntryActions } from '../entry-links/use-entry-actions'
import { useClock } from './use-clock'
import './entry-login.scss'

export const LOGIN_MESSAGES = {
  sendFailed: '验证码发送失败，请稍后重试',
  loginFailed: '登录失败，请稍后重试',
  codeSent: '验证码已发送，请查收短信',
} as const

/**
 * Digits only, cut to the field's length. The inputs take no maxlength: the host would cut a
 * pasted "138-0013-8000" before the separators are dropped.
 */
const digitsOnly = (value: string, length: number): string => value.replace(/\D/g, '').slice(0, length)

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
  const [formError, setFormError] = useState<string>()
  const [sentNotice, setSentNotice] = useState(false)
  const [sending, setSending] = useState(false)
  const [loggingIn, setLoggingIn] = useState(false)
  const loginRunning = useRef(false)
  const sendRunning = useRef(false)

  const counting = user.codeSentAt !== undefined && codeButtonState(user.codeSentAt, Date.now()).secondsLeft > 0
  const now = useClock(counting)
  const codeButton = codeButtonState(user.codeSentAt, now)
  const mobileCheck = validateMobile(mobile)
  const mobileError = touched.mobile && !mobileCheck.ok ? mobileCheck.reason : undefined
  const codeError = touched.code && code !== '' && code.length !== VERIFY_CODE_LENGTH ? LOGIN_REASON.badCode : undefined

  const sendCode = async () => {
    if (sendRunning.current || codeButton.disabled) return
    actions.track('sendCode')
    setFormError(undefined)
    if (!mobileCheck.ok) {
      setTouched((current) => ({ ...current, mobile: true }))
      return
    }
    sendRunning.current = true
    setSending(true)
    try {
      await user.sendCode(mobile)
      setSentNotice(true)
    } catch (error) {
      setFormError(isRequestError(error) ? error.message : LOGIN_MESSAGES.sendFailed)
    } finally {
      sendRunning.current = false
      setSending(false)
    }
  }

  const login = async () => {
    if (loginRunning.current) return
    actions.track('login')
    setTouched({ mobile: true, code: true })
    const checked = checkPhoneLogin(mobile, code)
    if (!checked.ok) {
      setFormError(checked.reason)
      return
    }
    setFormError(undefined)
    loginRunning.current = true
    setLoggingIn(true)
    try {
      await user.loginWithCode(checked.mobile, checked.code)
      const target = returnTarget(redirect)
      await actions.replace(target.route, target.query)
    } catch (error) {
      setFormError(isRequestError(error) ? error.message : LOGIN_MESSAGES.loginFailed)
    } finally {
      loginRunning.current = false
      setLoggingIn(false)
    }
  }

  return (
    <View className='entry-login'>
      <View className='entry-login__title' role='heading' aria-level={1}>
        手机号登录
      </View>
      <Text className='entry-login__subtitle'>登录后继续办理ETC</Text>
      <View className='entry-login__card'>
        <View className={`entry-login__field ${mobileError ? 'entry-login__field--error' : ''}`}>
          <Text className='entry-login__label' aria-hidden>
            手机号
          </Text>
          <Input
            className='entry-login__input'
            type='number'
            placeholder='请输入11位手机号'
            value={mobile}
            nativeProps={{ type: 'tel', inputmode: 'numeric', autocomplete: 'tel', 'aria-label': '手机号', 'aria-invalid': mobileError ? 'true' : 'false', 'data-testid': 'login-mobile' }}
            onInput={(event) => {
              setMobile(digitsOnly(event.detail.value, MOBILE_LENGTH))
              setFormError(undefined)
            }}
            onBlur={() => setTouched((current) => ({ ...current, mobile: true }))}
          />
        </View>
        {mobileError ? (
          <View className='entry-login__error' role='alert' data-testid='login-mobile-error'>
            {mobileError}
          </View>
        ) : null}
        <View className={`entry-login__field ${codeError ? 'entry-login__field--error' : ''}`}>
          <Text className='entry-login__label' aria-hidden>
            验证码
          </Text>
          <Input
            className='entry-login__input'
            type='number'
            placeholder='请输入验证码'
            value={code}
            nativeProps={{ type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', 'aria-label': '验证码', 'aria-invalid': codeError ? 'true' : 'false', 'data-testid': 'login-code' }}
            onInput={(event) => {
              setCode(digitsOnly(event.detail.value, VERIFY_CODE_LENGTH))
              setFormError(undefined)
            }}
            onBlur={() => setTouched((current) => ({ ...current, code: true }))}
          />
          <EntryButton
            variant='link'
            className='entry-login__send'
            label={codeButton.disabled ? `${codeButton.text}，请稍候` : codeButton.text}
            disabled={codeButton.disabled}
            busy={sending}
            busyText='发送中…'
            testId='login-send-code'
            onPress={() => void sendCode()}
          >
            {codeButton.text}
          </EntryButton>
        </View>
        {codeError ? (
          <View className='entry-login__error' role='alert' data-testid='login-code-error'>
            {codeError}
          </View>
        ) : null}
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
      <EntryButton className='entry-login__submit' label='登录' busy={loggingIn} busyText='正在登录…' testId='login-submit' onPress={() => void login()} />
    </View>
  )
})
