import { DAY_MS } from '../../../src/domain/constants'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import { memoryBackend } from '../../support/memory-storage'
import { ORDER_POPUP_STORAGE, OrderPopupStore } from '../../../src/features/order/list/order-popup-store'
import { STATUS_FIELDS, summary } from '../../support/order-fixtures'

const PREFIX = 'prod_test_'
const NOW = 1_800_000_000_000

function device() {
  const backend = memoryBackend()
  const { raw } = backend
  let now = NOW
  const store = () => new OrderPopupStore(createSecureStorage({ backend, keyHex: 'b'.repeat(64), prefix: PREFIX }), () => now)
  return { raw, store, advance: (ms: number) => void (now += ms) }
}

const ORDERS = [summary({ orderId: 'O-1', plateNumber: '京A12345', ...STATUS_FIELDS.awaitingActivation })]

describe('the order popup cache', () => {
  it('keeps a popup away for a day once shown, across a reload', () => {
    const dev = device()
    const first = dev.store()
    const due = first.due(ORDERS)
    expect(due?.key).toBe('O-1:awaitingActivation')
    first.markShown(due?.key ?? '')
    expect(first.due(ORDERS)).toBeUndefined()

    expect(dev.store().due(ORDERS)).toBeUndefined()
    dev.advance(DAY_MS - 1)
    expect(dev.store().due(ORDERS)).toBeUndefined()
    dev.advance(1)
    expect(dev.store().due(ORDERS)?.key).toBe('O-1:awaitingActivation')
  })

  it('is kept encrypted under the storage prefix, the order id and plate never in the clear', () => {
    const dev = device()
    dev.store().markShown('O-1:awaitingActivation')
    expect([...dev.raw.keys()]).toEqual([`${PREFIX}${ORDER_POPUP_STORAGE.shown}`])
    const stored = [...dev.raw.values()].join('')
    expect(stored).not.toContain('O-1')
    expect(stored).not.toContain('awaitingActivation')
  })

  it('reads a cache it cannot read (tampered, or of another shape) as nothing shown', () => {
    const dev = device()
    dev.store().markShown('O-1:awaitingActivation')
    const key = `${PREFIX}${ORDER_POPUP_STORAGE.shown}`
    dev.raw.set(key, `${dev.raw.get(key)?.slice(0, -2)}00`)
    expect(dev.store().due(ORDERS)?.key).toBe('O-1:awaitingActivation')
  })
})
