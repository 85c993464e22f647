/**
 * The API functions, usable before their module is loaded. Each function of a namespace
 * (`api.orders.searchOrders(...)`) loads the API with its first call and then calls the real one;
 * every API function returns a promise, so a call can always wait for the load.
 *
 * The namespaces are listed (and TypeScript keeps the list complete); their functions are found
 * by name when called, so adding a function to a namespace needs no change here. A namespace
 * object can be called into, not enumerated or spread.
 */
import type { Api } from '../services/api'

type Member = 'namespace' | 'function'

/** What each top-level member of the API is. */
export type ApiMembers<T> = { readonly [K in keyof T]: T[K] extends (...args: never[]) => unknown ? 'function' : 'namespace' }

export const API_MEMBERS: ApiMembers<Api> = {
  auth: 'namespace',
  promotion: 'namespace',
  commodities: 'namespace',
  notices: 'namespace',
  catalogue: 'namespace',
  orders: 'namespace',
  apply: 'namespace',
  payment: 'namespace',
  sendTracking: 'function',
}

type AnyFunction = (...args: unknown[]) => Promise<unknown>

function functionAt(api: object, path: readonly string[]): AnyFunction {
  const found = path.reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name], api)
  if (typeof found !== 'function') throw new TypeError(`The API has no function ${path.join('.')}`)
  return found as AnyFunction
}

export function deferredApi<T extends object>(load: () => Promise<T>, members: ApiMembers<T>): T {
  const deferredFunction =
    (path: readonly string[]): AnyFunction =>
    (...args) =>
      load().then((api) => functionAt(api, path)(...args))

  const namespace = (name: string): object => {
    const functions = new Map<string, AnyFunction>()
    return new Proxy(
      {},
      {
        get(_target, member) {
          // Not a thenable: awaiting a namespace must not try to call it.
          if (typeof member !== 'string' || member === 'then') return undefined
          let found = functions.get(member)
          if (!found) {
            found = deferredFunction([name, member])
            functions.set(member, found)
          }
          return found
        },
      },
    )
  }

  const api: Record<string, unknown> = {}
  for (const [name, kind] of Object.entries(members) as [string, Member][]) {
    api[name] = kind === 'function' ? deferredFunction([name]) : namespace(name)
  }
  // Built from the member list that TypeScript checks against T.
  return api as T
}
