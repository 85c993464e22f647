import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { ENTRY_ROUTE } from '../../../config/routes'
import type { RouteName } from '../../../config/routes'
import { useSmsCodeForm } from '../../../components/sms-code/use-sms-code-form'
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
 * Phone and SMS-code login (bank app), on the SMS-code form's rules (use-sms-code-form.ts: the
 * user store keeps when the last code was sent, so a reload does not reset the countdown). After
 * the login the user returns to `redirect`.
 */
export const LoginForm = observer(function LoginForm({ redirect }: { redirect?: string }) {
  const { user } = useStores()
  const actions = useEntryActions('login')
  const form = useSmsCodeForm({
    initialMobile: () => user.rememberedMobile ?? '',
    codeSentAt: user.codeSentAt,
    sendCode: (mobile) => user.sendCode(mobile),
    // A chain, not an async function: the mini-program builds turn each one into a state machine
    // of some 300 bytes, and this page is in the main package (its size is ratcheted).
    submit: (checked) =>
      checked
        ? user.loginWithCode(checked.mobile, checked.code).then(() => {
            const target = returnTarget(redirect)
            return actions.leaveLogin(target.route, target.query)
          })
        : Promise.resolve(),
    onSendTap: () => actions.track('sendCode'),
    onSubmitTap: () => actions.track('login'),
    messages: { sendFailed: LOGIN_MESSAGES.sendFailed, submitFailed: LOGIN_MESSAGES.loginFailed },
  })
  const { codeButton, send, submit } = form

  return (
    <View className='entry-login'>
      <Heading level={1} className='entry-login__title'>手机号登录</Heading>
      <Text className='entry-login__subtitle' data-testid='login-purpose'>
        {LOGIN_PURPOSE[returnTarget(redirect).route] ?? LOGIN_PURPOSE_DEFAULT}
      </Text>
      <View className='entry-login__card'>
        <LoginField name='mobile' value={form.mobile} error={form.mobileError} onChange={form.typeMobile} onBlur={form.leaveMobile} />
        <LoginField name='code' value={form.code} error={form.codeError} onChange={form.typeCode} onBlur={form.leaveCode}>
          <EntryButton
            variant='link'
            className='entry-login__send'
            label={codeButton.disabled ? `${codeButton.text}，请稍候` : codeButton.text}
            disabled={codeButton.disabled}
            busy={send.busy}
            busyText='发送中…'
            testId='login-send-code'
            onPress={() => void send.run()}
          >
            {codeButton.text}
          </EntryButton>
        </LoginField>
        {form.codeSent ? (
          <View className='entry-login__note' role='status' data-testid='login-code-sent'>
            {LOGIN_MESSAGES.codeSent}
          </View>
        ) : null}
      </View>
      {form.formError ? (
        <View className='entry-login__form-error' role='alert' data-testid='login-error'>
          {form.formError}
        </View>
      ) : null}
      <EntryButton className='entry-login__submit' label='登录' busy={submit.busy} busyText='正在登录…' testId='login-submit' onPress={() => void submit.run()} />
    </View>
  )
})
