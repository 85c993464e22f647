import Taro from '@tarojs/taro'
import { useState } from 'react'
import { LoginForm } from '../../../features/entry'
import { PageShell } from '../../../components/page-shell/PageShell'
import { REDIRECT_PARAM } from '../../../platform/navigator'

/** `/pages/login/index` (登录): phone and SMS code; returns to the `redirect` page afterwards. */
export default function LoginPage() {
  // The page's parameters as it was opened, read once as useRouter() does. useRouter() itself
  // needs the framework's React registration, which pages mounted on their own (tests) lack.
  const [redirect] = useState(() => Taro.getCurrentInstance().router?.params[REDIRECT_PARAM])
  return (
    <PageShell route='login'>
      <LoginForm redirect={redirect} />
    </PageShell>
  )
}
