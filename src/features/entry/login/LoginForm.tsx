import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { ENTRY_ROUTE } from '../../../config/routes'
import type { RouteName } from '../../../config/routes'
import { SmsCodeFields } from '../../../components/sms-code/SmsCodeFields'
import { useSmsCodeForm } from '../../../components/sms-code/use-sms-code-form'
import { Heading } from '../../../components/heading/Heading'
import { useStores } from '../../../stores/store-context'
import { EntryButton } from '../button/EntryButton'
import { pageTarget } from '../../../platform/link'
import { addressParam } from '../links/page-target'
import { useEntryActions } from '../links/use-entry-actions'
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
  const { submit } = form

  return (
    <View className='entry-login'>
      <Heading level={1} className='entry-login__title'>手机号登录</Heading>
      <Text className='entry-login__subtitle' data-testid='login-purpose'>
        {LOGIN_PURPOSE[returnTarget(redirect).route] ?? LOGIN_PURPOSE_DEFAULT}
      </Text>
      <View className='entry-login__card'>
        <SmsCodeFields
          form={form}
          testIdPrefix='login'
          codeSentText={LOGIN_MESSAGES.codeSent}
          sendButton={(control) => (
            <EntryButton variant='link' label={control.label} disabled={control.disabled} busy={control.busy} busyText='发送中…' testId='login-send-code' onPress={control.press}>
              {control.text}
            </EntryButton>
          )}
        />
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
