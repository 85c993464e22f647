/**
 * Signing in through the build's own login page: the phone number, a code from the server's SMS
 * simulator, then 登录. Leaves the page the login goes on to on top of the stack.
 */
import { nodesOfKind, pageText, tapText, typeInto } from './page-actions'
import { settle, waitFor } from './settle'
import type { WeappWorld } from './weapp-world'

export const LOGIN_PAGE = '/pages/entry/login/index'
export const TEST_MOBILE = '13800138000'

export async function signInBySms(world: WeappWorld, mobile = TEST_MOBILE): Promise<void> {
  const page = await world.open(LOGIN_PAGE)
  const [mobileInput, codeInput] = nodesOfKind(page, 'input')
  if (!mobileInput || !codeInput) throw new Error('The login page shows no phone and code inputs')
  typeInto(page, mobileInput, mobile)
  await settle()
  tapText(page, '获取验证码')
  const outbox = world.test.sms.outbox
  if (!outbox) throw new Error('The test server has no SMS outbox')
  await waitFor('the verification code', () => outbox.latest(mobile) !== undefined).catch((error: unknown) => {
    const calls = world.server.calls.map((call) => `${call.method} ${call.url} ${call.statusCode}`).join(', ')
    throw new Error(`${String(error)}; the page says: ${pageText(page)}; requests: ${calls}; problems: ${world.problems().join(' | ')}`)
  })
  typeInto(page, codeInput, outbox.latest(mobile)!.code)
  await settle()
  tapText(page, '登录')
  await waitFor('the login to leave the login page', () => world.stack.top()?.route !== LOGIN_PAGE.slice(1))
  await settle()
}
