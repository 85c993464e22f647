import { deferredApi } from '../../../src/bootstrap/deferred-api'
import type { ApiMembers } from '../../../src/bootstrap/deferred-api'

/** A small API of the same form as the app's: namespaces of async functions and one function. */
function realApi(log: string[]) {
  return {
    orders: {
      search: async (page: number) => (log.push(`search ${page}`), [`order-${page}`]),
      cancel: async (id: string, reason: string) => void log.push(`cancel ${id} ${reason}`),
    },
    send: async (events: string[]) => void log.push(`send ${events.join(',')}`),
  }
}
type FakeApi = ReturnType<typeof realApi>
const MEMBERS: ApiMembers<FakeApi> = { orders: 'namespace', send: 'function' }

describe('deferred API', () => {
  it('loads nothing until a function is called, then loads once and calls the real function', async () => {
    const log: string[] = []
    const load = jest.fn(async () => realApi(log))
    const api = deferredApi(load, MEMBERS)
    const { search } = api.orders
    expect(load).not.toHaveBeenCalled()
    await expect(search(2)).resolves.toEqual(['order-2'])
    await api.orders.cancel('O-1', 'changed my mind')
    await api.send(['a', 'b'])
    expect(load).toHaveBeenCalledTimes(3)
    expect(log).toEqual(['search 2', 'cancel O-1 changed my mind', 'send a,b'])
  })

  it('passes the real function its arguments, spread ones included', async () => {
    const log: string[] = []
    const api = deferredApi(async () => realApi(log), MEMBERS)
    const args: [string, string] = ['O-2', 'why']
    await api.orders.cancel(...args)
    expect(log).toEqual(['cancel O-2 why'])
  })

  it('hands out the same function for the same name, so it can be kept and compared', () => {
    const api = deferredApi(async () => realApi([]), MEMBERS)
    expect(api.orders.search).toBe(api.orders.search)
  })

  it('lets a namespace be awaited without calling anything', async () => {
    const load = jest.fn(async () => realApi([]))
    const api = deferredApi(load, MEMBERS)
    await expect(Promise.resolve(api.orders)).resolves.toBe(api.orders)
    expect(load).not.toHaveBeenCalled()
  })

  it('rejects a call of a function the loaded API does not have', async () => {
    const api = deferredApi(async () => realApi([]), MEMBERS) as unknown as { orders: { refund(): Promise<void> } }
    await expect(api.orders.refund()).rejects.toThrow('The API has no function orders.refund')
  })

  it('rejects the call when the API cannot be loaded', async () => {
    const api = deferredApi(() => Promise.reject(new Error('ChunkLoadError')), MEMBERS)
    await expect(api.orders.search(1)).rejects.toThrow('ChunkLoadError')
  })
})
