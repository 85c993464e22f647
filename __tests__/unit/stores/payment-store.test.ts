import { PAY_POLL_INTERVAL_MS, PAY_POLL_TIMEOUT_MS } from '../../../src/config/payment'
import { DEDUPE_WINDOW_MS } from '../../../src/domain/constants'
import { PAY_STATE } from '../../../src/domain/enums'
import { MESSAGES, RequestError } from '../../../src/services/request/errors'
import { PaymentStore } from '../../../src/stores/payment-store'
import type { PaymentCalls, PaymentClock } from '../../../src/stores/payment-store'
import type { PayDepositResponse } from '../../../types/api/payment'
import { deferred } from '../services/fakes'

/** A clock whose timers run only when the test moves time on. */
function fakeClock() {
  let now = 1_800_000_000_000
  let nextId = 1
  const timers = new Map<number, { at: number; callback: () => void }>()
  const clock: PaymentClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++
      timers.set(id, { at: now + ms, callback })
      return id
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  }
  return {
    clock,
    pending: () => timers.size,
    /** Moves time on, running each timer that falls due at its own time (and the timers it sets). */
    async advance(ms: number) {
      const until = now + ms
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        const [id, timer] = due
        timers.delete(id)
        now = timer.at
        timer.callback()
        // Let the answer of the call the timer made arrive.
        for (let i = 0; i < 10; i++) await Promise.resolve()
      }
      now = until
    },
  }
}

/** Pay states answered in turn; the last one repeats. */
function scriptedStates(...states: (number | Error)[]) {
  let asked = 0
  const payState = jest.fn(async (orderId: string) => {
    const next = states[Math.min(asked, states.length - 1)]
    asked += 1
    if (next instanceof Error) throw next
    return { orderId, depositPayState: next ?? PAY_STATE.PAYING }
  })
  return payState
}

function setup(calls: Partial<PaymentCalls> = {}) {
  const time = fakeClock()
  const api: PaymentCalls = {
    payDeposit: jest.fn(async (orderId: string) => ({ orderId, depositPayState: PAY_STATE.PAYING, cashierUrl: 'https://cashier.test/p' })),
    payState: scriptedStates(PAY_STATE.PAYING),
    orderInfo: async (orderId) => ({ orderId, amountCents: 2990, priceCents: 2990, voucher: null, businessMode: 0, depositPayState: PAY_STATE.AWAITING_PAYMENT, paidAt: null, promotionChannelId: 'PC-ORDER' }),
    ...calls,
  }
  const store = new PaymentStore(api, { submitted: undefined }, () => 'PC-1', time.clock)
  return { store, api, time }
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

describe('PaymentStore', () => {
  it('polls above the request layer’s dedupe window, so every poll reaches the server', () => {
    expect(PAY_POLL_INTERVAL_MS).toBeGreaterThan(DEDUPE_WINDOW_MS)
    expect(PAY_POLL_TIMEOUT_MS).toBeGreaterThan(PAY_POLL_INTERVAL_MS)
  })

  it('starts a payment once even when asked twice while it runs, with the promotion channel', async () => {
    const answer = deferred<PayDepositResponse>()
    const payDeposit = jest.fn(() => answer.promise)
    const { store } = setup({ payDeposit })
    const first = store.start('O1')
    const second = store.start('O1')
    expect(second).toBe(first)
    answer.resolve({ orderId: 'O1', depositPayState: PAY_STATE.PAYING, cashierUrl: 'https://cashier.test/p' })
    await expect(first).resolves.toEqual(expect.objectContaining({ cashierUrl: 'https://cashier.test/p' }))
    expect(payDeposit).toHaveBeenCalledTimes(1)
    expect(payDeposit).toHaveBeenCalledWith('O1', 'PC-1')
    // Once finished, paying again (after a failure) is a new call.
    await store.start('O1')
    expect(payDeposit).toHaveBeenCalledTimes(2)
  })

  it("pays under the order's own promotion once its info is loaded, not the visit's", async () => {
    const { store, api } = setup()
    await store.loadInfo('O1')
    await store.start('O1')
    await store.start('O2')
    expect(api.payDeposit).toHaveBeenNthCalledWith(1, 'O1', 'PC-ORDER')
    expect(api.payDeposit).toHaveBeenNthCalledWith(2, 'O2', 'PC-1')
  })

  it('loads the payment info of an order, keeping a failure as a value', async () => {
    const { store } = setup()
    await store.loadInfo('O1')
    expect([store.infoLoad.status, store.info?.amountCents]).toEqual(['ready', 2990])
    const failing = setup({ orderInfo: () => Promise.reject(new Error('网络错误')) })
    await failing.store.loadInfo('O1')
    expect(failing.store.infoLoad).toEqual({ status: 'error', error: new Error('网络错误') })
  })

  it('asks at once, then every interval while paying, until success', async () => {
    const payState = scriptedStates(PAY_STATE.PAYING, PAY_STATE.PAYING, PAY_STATE.SUCCESS)
    const { store, time } = setup({ payState })
    const outcome = store.watch('O1')
    expect(store.watchStatus).toBe('polling')
    await settle()
    expect(payState).toHaveBeenCalledTimes(1)
    expect(store.payState).toBe(PAY_STATE.PAYING)
    await time.advance(PAY_POLL_INTERVAL_MS - 1)
    expect(payState).toHaveBeenCalledTimes(1)
    await time.advance(1)
    expect(payState).toHaveBeenCalledTimes(2)
    await time.advance(PAY_POLL_INTERVAL_MS)
    await expect(outcome).resolves.toBe('success')
    expect([store.watchStatus, store.payState, store.watchedOrderId]).toEqual(['success', PAY_STATE.SUCCESS, 'O1'])
    expect(time.pending()).toBe(0)
  })

  it.each([
    [PAY_STATE.FAILED, 'failed'],
    [PAY_STATE.NOT_NEEDED, 'notNeeded'],
    [PAY_STATE.AWAITING_PAYMENT, 'unpaid'],
  ] as const)('ends at pay state %d with %s', async (state, expected) => {
    const { store, time } = setup({ payState: scriptedStates(state) })
    await expect(store.watch('O1')).resolves.toBe(expected)
    expect(store.watchStatus).toBe(expected)
    expect(time.pending()).toBe(0)
  })

  it('gives up after the timeout while the order stays in paying', async () => {
    const payState = scriptedStates(PAY_STATE.PAYING)
    const { store, time } = setup({ payState })
    const outcome = store.watch('O1')
    await settle()
    await time.advance(PAY_POLL_TIMEOUT_MS - PAY_POLL_INTERVAL_MS)
    expect(store.watchStatus).toBe('polling')
    await time.advance(PAY_POLL_INTERVAL_MS)
    await expect(outcome).resolves.toBe('timeout')
    expect(payState).toHaveBeenCalledTimes(PAY_POLL_TIMEOUT_MS / PAY_POLL_INTERVAL_MS + 1)
    expect(time.pending()).toBe(0)
  })

  it('keeps asking through network failures, showing the last one, and forgets it on the next answer', async () => {
    const network = new RequestError('network', MESSAGES.network)
    const { store, time } = setup({ payState: scriptedStates(network, PAY_STATE.PAYING, PAY_STATE.SUCCESS) })
    const outcome = store.watch('O1')
    await settle()
    expect([store.watchStatus, store.watchError?.message]).toEqual(['polling', MESSAGES.network])
    await time.advance(PAY_POLL_INTERVAL_MS)
    expect(store.watchError).toBeUndefined()
    await time.advance(PAY_POLL_INTERVAL_MS)
    await expect(outcome).resolves.toBe('success')
  })

  it('stops at a failure asking again cannot fix (an unknown order)', async () => {
    const notFound = new RequestError('business', '订单不存在', 404)
    const payState = scriptedStates(notFound)
    const { store, time } = setup({ payState })
    await expect(store.watch('O1')).resolves.toBe('error')
    expect(store.watchError?.message).toBe('订单不存在')
    await time.advance(PAY_POLL_TIMEOUT_MS)
    expect(payState).toHaveBeenCalledTimes(1)
  })

  it('shares a run for the same order, and starts afresh after an outcome (a refresh)', async () => {
    const payState = scriptedStates(PAY_STATE.PAYING)
    const { store, time } = setup({ payState })
    const first = store.watch('O1')
    expect(store.watch('O1')).toBe(first)
    await settle()
    await time.advance(PAY_POLL_TIMEOUT_MS)
    await expect(first).resolves.toBe('timeout')
    const calls = payState.mock.calls.length
    const again = store.watch('O1')
    expect(again).not.toBe(first)
    expect(store.watchStatus).toBe('polling')
    await settle()
    expect(payState).toHaveBeenCalledTimes(calls + 1)
  })

  it('stops following when asked, ignoring an answer still on its way', async () => {
    const answer = deferred<{ orderId: string; depositPayState: number }>()
    const payState = jest.fn(() => answer.promise)
    const { store, time } = setup({ payState })
    void store.watch('O1')
    store.stopWatching()
    expect(store.watchStatus).toBe('idle')
    answer.resolve({ orderId: 'O1', depositPayState: PAY_STATE.SUCCESS })
    await settle()
    expect([store.watchStatus, store.payState]).toEqual(['idle', undefined])
    await time.advance(PAY_POLL_TIMEOUT_MS)
    expect(payState).toHaveBeenCalledTimes(1)
  })

  it('follows another order instead of the first, whose timer is dropped', async () => {
    const payState = jest.fn(async (orderId: string) => ({
      orderId,
      depositPayState: orderId === 'O2' ? PAY_STATE.SUCCESS : PAY_STATE.PAYING,
    }))
    const { store, time } = setup({ payState })
    void store.watch('O1')
    await settle()
    await expect(store.watch('O2')).resolves.toBe('success')
    await time.advance(PAY_POLL_TIMEOUT_MS)
    expect(payState.mock.calls.map(([orderId]) => orderId)).toEqual(['O1', 'O2'])
    expect([store.watchedOrderId, store.watchStatus]).toEqual(['O2', 'success'])
  })
})
