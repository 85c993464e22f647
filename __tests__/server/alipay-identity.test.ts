/**
 * Alipay's login against the Alipay stand-in: a code Alipay knows names its user (also the buyer
 * id of trade.create); a code it refuses (its signed error_response) is no one; a forged refusal,
 * a forged answer, a timeout or a gateway that is down is "try again", never "no one".
 */
import { IdentityUnavailableError } from '../../server/auth/identity-providers'
import { createAlipayIdentity } from '../../server/auth/alipay-identity'
import { startAlipayStandIn } from './support/alipay-standin'
import type { AlipayStandIn } from './support/alipay-standin'

/** Only the timeout case waits this little: a loaded machine's first exchange can take longer. */
const SHORT_TIMEOUT_MS = 300
const LATE_ANSWER_MS = 1_000

describe('Alipay’s login (alipay.system.oauth.token)', () => {
  let standIn: AlipayStandIn
  beforeAll(async () => {
    standIn = await startAlipayStandIn()
  })
  afterAll(async () => standIn.close())

  const identity = (overrides = {}) => createAlipayIdentity({ ...standIn.settings(), ...overrides })

  it('names the user of a code Alipay knows, once', async () => {
    standIn.addAuthCode('auth-code-1', '2088000000000042')
    await expect(identity().resolve('auth-code-1')).resolves.toEqual({ provider: 'alipay', externalId: '2088000000000042', aliUid: '2088000000000042' })
    expect(standIn.requests.at(-1)?.params).toMatchObject({ method: 'alipay.system.oauth.token', grant_type: 'authorization_code', code: 'auth-code-1' })
    // Used: Alipay refuses it now, and so does the login.
    await expect(identity().resolve('auth-code-1')).resolves.toBeUndefined()
  })

  it('names the user of an application in OpenID mode by its open_id', async () => {
    const openId = '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5'
    standIn.addAuthCode('auth-code-open', openId)
    await expect(identity().resolve('auth-code-open')).resolves.toEqual({ provider: 'alipay', externalId: openId, aliUid: openId })
  })

  it('is no one for a code Alipay refuses, or one that is not a code at all', async () => {
    await expect(identity().resolve('unknown-code')).resolves.toBeUndefined()
    await expect(identity().resolve('a code&x=1')).resolves.toBeUndefined()
  })

  it('says "try again" for a forged answer or refusal, a timeout and a gateway that is down', async () => {
    standIn.addAuthCode('auth-code-2', '2088000000000043')
    standIn.forgeNextAnswer()
    await expect(identity().resolve('auth-code-2')).rejects.toBeInstanceOf(IdentityUnavailableError)
    standIn.forgeNextAnswer()
    await expect(identity().resolve('unknown-code')).rejects.toBeInstanceOf(IdentityUnavailableError)
    standIn.delayNext(LATE_ANSWER_MS)
    await expect(identity({ timeoutMs: SHORT_TIMEOUT_MS }).resolve('auth-code-2')).rejects.toBeInstanceOf(IdentityUnavailableError)
    await expect(identity({ gateway: 'http://127.0.0.1:9/gateway.do' }).resolve('auth-code-2')).rejects.toBeInstanceOf(IdentityUnavailableError)
  })
})
