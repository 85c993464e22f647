/**
 * Abuse by volume and configuration (issue 27), replayed against the server: each finding is
 * refused or made harmless. So far: the secrets that travel in request addresses (the cashier's
 * one-time token, the platforms' codes) are not written to the log, and the free text of a cancel
 * reason (where people type ID numbers) is stored encrypted.
 */
import { sql } from 'drizzle-orm'
import { API, SIMULATOR_PATHS } from '../../types/api/paths'
import type { OrderDetail } from '../../types/api/orders'
import { CIPHERTEXT_PREFIX } from '../../server/crypto/field-cipher'
import { queryRows } from '../../server/db/database'
import { REDACTED, redactUrl } from '../../server/http/logging'
import { appWorld } from './support/app-world'
import { BANK, pathOf } from './support/api'
import { OWNER, PHONES, createOrder, data, login } from './support/orders'
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

describeDb('abuse: personal data in a cancel reason', () => {
  const world = appWorld((test) => login(test, PHONES.owner))

  it('stores the reason and its timeline note encrypted, and shows the owner the reason as typed', async () => {
    const reason = `不办了，身份证号${OWNER.idNumber}`
    const orderId = await createOrder(world.test, world.grant)
    data(await world.call({ method: 'POST', url: pathOf(API.cancelOrder.path, { channel: BANK.channelId }), payload: { orderId, reason } }))

    const stored = await queryRows<{ text: string | null }>(
      world.database.db,
      sql`select cancel_reason as text from orders union all select note as text from order_events where note is not null`,
    )
    expect(stored.length).toBeGreaterThan(0)
    for (const { text } of stored) expect(String(text).startsWith(CIPHERTEXT_PREFIX)).toBe(true)
    expect(JSON.stringify(stored)).not.toContain(OWNER.idNumber)

    const detail = data<OrderDetail>(await world.call({ method: 'GET', url: pathOf(API.orderDetail.path, { channel: BANK.channelId, orderId }) }))
    expect(detail.cancelReason).toBe(reason)
  })
})
