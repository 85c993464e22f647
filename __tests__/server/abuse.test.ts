/**
 * Abuse by volume and configuration (issue 27), replayed against the server: each finding is
 * refused or made harmless. So far: the secrets that travel in request addresses (the cashier's
 * one-time token, the platforms' codes) are not written to the log.
 */
import { API, SIMULATOR_PATHS } from '../../types/api/paths'
import { REDACTED, redactUrl } from '../../server/http/logging'
import { appWorld } from './support/app-world'
import { BANK, pathOf } from './support/api'
import { PHONES, login } from './support/orders'
import { describeDb } from './support/test-database'

describe('redactUrl', () => {
  it.each([
    ['/sim/cashier/p1?token=abc', `/sim/cashier/p1?token=${REDACTED}`],
    ['/x?appId=wx1&code=one-time', `/x?appId=wx1&code=${REDACTED}`],
    ['/x?Auth_Code=a&authCode=b&TICKET=c', `/x?Auth_Code=${REDACTED}&authCode=${REDACTED}&TICKET=${REDACTED}`],
    ['/x?%74oken=abc', `/x?%74oken=${REDACTED}`],
    ['/x?token', `/x?token=${REDACTED}`],
    ['/x?mobile=13800138000&page=2', '/x?mobile=13800138000&page=2'],
    ['/x?tokens=1&decode=2', '/x?tokens=1&decode=2'],
    ['/x', '/x'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
  ])('%s → %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted)
  })
})

describeDb('abuse: secrets in request addresses', () => {
  const world = appWorld((test) => login(test, PHONES.owner))

  it("logs the cashier's address and the code login without their secrets", async () => {
    const cashierToken = 'cashier-token-never-logged'
    const code = 'login-code-never-logged'
    await world.test.inject({ method: 'GET', url: `${SIMULATOR_PATHS.cashier.replace('{paymentId}', 'p1')}?token=${cashierToken}` })
    await world.test.inject({ method: 'GET', url: `${pathOf(API.tokenByQuery.path, { channel: BANK.channelId })}?appId=wx1&code=${code}` })
    const requests = world.test.logs.entries().filter((entry) => entry.msg === 'request').map((entry) => String(entry.url))
    expect(requests).toEqual(expect.arrayContaining([`/sim/cashier/p1?token=${REDACTED}`, expect.stringContaining(`code=${REDACTED}`)]))
    expect(world.test.logs.text()).not.toContain(cashierToken)
    expect(world.test.logs.text()).not.toContain(code)
  })
})
