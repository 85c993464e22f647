/**
 * What the test itself asks the server, beside the app: the outside parties moving an order on
 * (the issuer's audit, the shipment, the activation, as the simulated issuer's signed notification
 * that `npm run sim` sends) and a session of the person the app logged in (the simulated WeChat and
 * Alipay identity providers map a login code to the same person each time), for the test's own
 * reads and set-ups through the API.
 */
import type { AuthCodeProvider, TokenGrant } from '../../../types/api/auth'
import type { LifecycleAction } from '../../../server/orders/lifecycle'
import type { IssuerCallbackAnswer } from '../../../server/orders/issuer-protocol'
import type { NativePayMethod } from '../../../server/payments/payments'
import { NATIVE_PAY_NOTIFY_PATH } from '../../../server/simulators/native-pay'
import { SIM_OPERATOR_HEADER } from '../../../server/simulators/operator-secret'
import { cryptoRandom } from '../../../server/runtime/random'
import { simulatedIssuerNotification } from '../../../server/simulators/issuer'
import { envelope, tokenCall } from '../../server/support/api'
import type { TestApp } from '../../server/support/test-app'

type Server = Pick<TestApp, 'inject' | 'config'>

/** The header that makes a call the local operator's (the simulators answer nobody else). */
function operatorHeader(test: Server): Record<string, string> {
  const secret = test.config.simOperatorSecret
  if (secret === undefined) throw new Error('The test server has no operator secret: its simulator routes are off')
  return { [SIM_OPERATOR_HEADER]: secret }
}

/**
 * Tells the server that the platform charged the payment, as WeChat Pay or Alipay would after
 * the person paid in their sheet (the simulated notification); resolves with its HTTP status and
 * throws with the server's reason when it refuses.
 */
export async function notifyPaid(test: Server, paymentId: string, method: NativePayMethod): Promise<number> {
  const response = await test.inject({
    method: 'POST',
    url: NATIVE_PAY_NOTIFY_PATH.replace('{paymentId}', encodeURIComponent(paymentId)),
    // The platform's servers are played by this machine's operator.
    headers: { 'content-type': 'application/json', ...operatorHeader(test) },
    payload: JSON.stringify({ method, outcome: 'success' }),
  })
  if (response.statusCode !== 200) throw new Error(`the notification was refused: ${response.statusCode} ${response.body}`)
  return response.statusCode
}

/** Applies a lifecycle action to an order (the simulated issuer's notification); throws with the server's reason when it changes nothing. */
export async function moveOrder(test: Server & Pick<TestApp, 'clock'>, orderId: string, action: LifecycleAction, reason?: string): Promise<void> {
  const notification = simulatedIssuerNotification(test.config.simOperatorSecret, { orderId, action, reason }, {
    now: test.clock.now(),
    random: cryptoRandom,
    publicBaseUrl: test.config.publicBaseUrl,
  })
  const response = await test.inject({ method: 'POST', url: notification.path, headers: notification.headers, payload: notification.body })
  const answer = response.json<IssuerCallbackAnswer>()
  if (answer.code !== 'SUCCESS' || !answer.changed) throw new Error(`${action} on ${orderId} refused: ${response.statusCode} ${answer.message ?? answer.code}`)
}

/** A session of the person whose login code at `provider` is `code`, as the app's own token call makes it. */
export async function sessionOfAuthCode(test: TestApp, provider: AuthCodeProvider, code: string): Promise<TokenGrant> {
  const body = envelope<TokenGrant>(await tokenCall(test, { grantType: 'authCode', provider, code }))
  if (body.code !== 200) throw new Error(`The ${provider} login of ${code} failed: ${body.msg}`)
  return body.data
}
