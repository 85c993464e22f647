/**
 * What the test itself asks the server, beside the app: the outside parties moving an order on
 * (the issuer's audit, the logistics partner, the user's activation, through the server's
 * lifecycle simulator route with the operator secret, as `npm run sim` does) and a session of
 * the person the app logged in (the simulated WeChat identity provider maps a login code to the
 * same person each time), for the test's own reads and set-ups through the API.
 */
import type { TokenGrant } from '../../../types/api/auth'
import type { LifecycleAction } from '../../../server/simulators/lifecycle'
import { SIM_OPERATOR_HEADER } from '../../../server/simulators/operator-secret'
import { LIFECYCLE_SIM_PATH } from '../../../server/simulators/sim-command'
import { envelope, pathOf, tokenCall } from '../../server/support/api'
import type { TestApp } from '../../server/support/test-app'

type Server = Pick<TestApp, 'inject' | 'config'>

/** Applies a lifecycle action to an order; throws with the server's reason when it refuses. */
export async function moveOrder(test: Server, orderId: string, action: LifecycleAction, reason?: string): Promise<void> {
  const secret = test.config.simOperatorSecret
  if (secret === undefined) throw new Error('The test server has no operator secret: its lifecycle route is off')
  const response = await test.inject({
    method: 'POST',
    url: pathOf(LIFECYCLE_SIM_PATH, { orderId }),
    headers: { 'content-type': 'application/json', [SIM_OPERATOR_HEADER]: secret },
    payload: JSON.stringify({ action, ...(reason ? { reason } : {}) }),
  })
  const body = envelope(response)
  if (response.statusCode !== 200 || body.code !== 200) throw new Error(`${action} on ${orderId} refused: ${response.statusCode} ${body.msg}`)
}

/** A session of the person whose WeChat login code is `code`, as the app's own token call makes it. */
export async function sessionOfWechatCode(test: TestApp, code: string): Promise<TokenGrant> {
  const body = envelope<TokenGrant>(await tokenCall(test, { grantType: 'authCode', provider: 'wechat', code }))
  if (body.code !== 200) throw new Error(`The WeChat login of ${code} failed: ${body.msg}`)
  return body.data
}
