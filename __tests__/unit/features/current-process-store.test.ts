import { CHANNELS, MINI_PROGRAM_LOGIN_METHODS } from '../../../src/config/channel'
import type { LoginMethod } from '../../../src/config/channel'
import { MESSAGES, RequestError } from '../../../src/services/request/errors'
import { CurrentProcessStore } from '../../../src/features/entry/plate/current-process-store'
import type { OrderDetail } from '../../../types/api/orders'
import { detail, STATUS_FIELDS } from '../../support/order-fixtures'
import { fakeRoot } from '../../support/fake-root'
import { deferred } from '../services/fakes'

const BANK = CHANNELS.bank.loginMethods

function setup(options: { loginMethods?: readonly LoginMethod[]; uid?: string; answer?: () => Promise<OrderDetail | null> } = {}) {
  let uid: string | undefined = 'uid' in options ? options.uid : 'uid-1'
  const api = { currentProcessByUid: jest.fn(options.answer ?? (async (): Promise<OrderDetail | null> => detail({ orderId: 'O-7' }))) }
  const store = new CurrentProcessStore({ api, loginMethods: options.loginMethods ?? BANK, personUid: () => uid })
  return {
    store,
    api,
    logInAs: (next: string | undefined) => {
      uid = next
    },
  }
}

describe('CurrentProcessStore', () => {
  it("asks the bank app's current process of the person's session and offers the open order", async () => {
    const { store, api } = setup()
    await store.check()
    expect(api.currentProcessByUid).toHaveBeenCalledTimes(1)
    expect(store.openOrder?.orderId).toBe('O-7')
    expect(store.load).toEqual({ status: 'ready', error: undefined })
  })

  it('offers nothing when the person has no order under way (null)', async () => {
    const { store } = setup({ answer: async () => null })
    await store.check()
    expect(store.openOrder).toBeUndefined()
    expect(store.load.status).toBe('ready')
  })

  it.each(['cancelled', 'activated'] as const)('offers nothing for an order that is over (%s)', async (status) => {
    const { store } = setup({ answer: async () => detail({ orderId: 'O-8', ...STATUS_FIELDS[status] }) })
    await store.check()
    expect(store.openOrder).toBeUndefined()
  })

  it.each(['applying', 'awaitingAudit', 'rejected', 'awaitingShipment', 'awaitingActivation'] as const)('offers an order %s', async (status) => {
    const { store } = setup({ answer: async () => detail({ orderId: 'O-9', ...STATUS_FIELDS[status] }) })
    await store.check()
    expect(store.openOrder?.orderId).toBe('O-9')
  })

  it('sends nothing without a session of the person (no login either: the store has no way to)', async () => {
    const { store, api } = setup({ uid: undefined })
    await store.check()
    expect(api.currentProcessByUid).not.toHaveBeenCalled()
    expect(store.load.status).toBe('idle')
  })

  it.each([
    ['the map channel', CHANNELS.map.loginMethods],
    ['a mini-program', MINI_PROGRAM_LOGIN_METHODS],
  ])('sends nothing on %s, which has no such call', async (_name, loginMethods) => {
    const { store, api } = setup({ loginMethods })
    expect(store.isBankApp).toBe(false)
    await store.check()
    expect(api.currentProcessByUid).not.toHaveBeenCalled()
    expect(store.load.status).toBe('idle')
  })

  it('keeps a failure as its load state, offers nothing and never rejects', async () => {
    const failure = new RequestError('serverError', MESSAGES.serverBusy, 500)
    const { store } = setup({ answer: () => Promise.reject(failure) })
    await expect(store.check()).resolves.toBeUndefined()
    expect(store.load).toEqual({ status: 'error', error: failure })
    expect(store.openOrder).toBeUndefined()
  })

  it('shows loading while asking, and shares a call in flight', async () => {
    const answer = deferred<OrderDetail | null>()
    const { store, api } = setup({ answer: () => answer.promise })
    const first = store.check()
    const second = store.check()
    expect(store.load.status).toBe('loading')
    answer.resolve(detail({ orderId: 'O-7' }))
    await Promise.all([first, second])
    expect(api.currentProcessByUid).toHaveBeenCalledTimes(1)
    expect(store.openOrder?.orderId).toBe('O-7')
  })

  it("never offers one person's order to another who logs in later on the device", async () => {
    const { store, logInAs } = setup()
    await store.check()
    logInAs('uid-2')
    expect(store.openOrder).toBeUndefined()
    logInAs(undefined)
    expect(store.openOrder).toBeUndefined()
    logInAs('uid-1')
    expect(store.openOrder?.orderId).toBe('O-7')
  })

  it('makes one call at a time: a check for another person while one runs waits for it, then asks for that person', async () => {
    const forFirst = deferred<OrderDetail | null>()
    const forSecond = deferred<OrderDetail | null>()
    const answers = [forFirst, forSecond]
    const { store, api, logInAs } = setup({ answer: () => answers.shift()?.promise ?? Promise.resolve(null) })
    const first = store.check()
    logInAs('uid-2')
    expect(store.personUid).toBe('uid-2')
    const second = store.check()
    const third = store.check()
    expect(api.currentProcessByUid).toHaveBeenCalledTimes(1)
    forFirst.resolve(detail({ orderId: 'O-1' }))
    await first
    expect(api.currentProcessByUid).toHaveBeenCalledTimes(2)
    // The first answer was the other person's.
    expect(store.openOrder).toBeUndefined()
    forSecond.resolve(detail({ orderId: 'O-2' }))
    await Promise.all([second, third])
    expect(api.currentProcessByUid).toHaveBeenCalledTimes(2)
    expect(store.openOrder?.orderId).toBe('O-2')
  })

  it('asks again when checked again (the order may have moved on), keeping the latest answer', async () => {
    const answers = [detail({ orderId: 'O-7' }), null]
    const { store, api } = setup({ answer: async () => answers.shift() ?? null })
    await store.check()
    await store.check()
    expect(api.currentProcessByUid).toHaveBeenCalledTimes(2)
    expect(store.openOrder).toBeUndefined()
  })
})

describe('RootStore: the current process', () => {
  it('asks with the bank channel once a person has logged in, not before', async () => {
    const currentProcessByUid = jest.fn(async (): Promise<OrderDetail | null> => detail({ orderId: 'O-7' }))
    const { store } = fakeRoot({ orders: { currentProcessByUid } })
    await store.features.entry.currentProcess.check()
    expect(currentProcessByUid).not.toHaveBeenCalled()
    expect(store.features.entry.currentProcess.personUid).toBeUndefined()
    await store.user.loginWithCode('13800138000', '123456')
    expect(store.features.entry.currentProcess.personUid).toBe(store.user.uid())
    expect(store.features.entry.currentProcess.personUid).toBeDefined()
    await store.features.entry.currentProcess.check()
    expect(currentProcessByUid).toHaveBeenCalledTimes(1)
    expect(store.features.entry.currentProcess.openOrder?.orderId).toBe('O-7')
  })
})
