import { createPagePrefetcher } from '../../src/platform/h5/prefetch-pages'
import type { TaroH5Route } from '../../src/platform/h5/prefetch-pages'

/** A route whose loader records its calls and settles when the test says. */
function route(path: string, shape: 'taro' | 'bare' = 'taro') {
  const calls: Array<{ resolve: () => void; reject: (error: Error) => void }> = []
  const load = jest.fn(() => {
    const loading = new Promise<void>((resolve, reject) => calls.push({ resolve: () => resolve(), reject }))
    return shape === 'taro' ? [loading, {}, {}] : loading
  })
  return { route: { path, load } satisfies TaroH5Route, calls, load }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('page prefetcher', () => {
  it('fetches the pages one at a time, in the order asked', async () => {
    const login = route('pages/entry/login/index')
    const agree = route('pages/apply/agree/index', 'bare')
    const prefetch = createPagePrefetcher(() => [login.route, agree.route])
    prefetch(['pages/entry/login/index', 'pages/apply/agree/index'])
    await settle()
    expect(login.load).toHaveBeenCalledTimes(1)
    expect(agree.load).not.toHaveBeenCalled()
    login.calls[0]!.resolve()
    await settle()
    expect(agree.load).toHaveBeenCalledTimes(1)
  })

  it('fetches a page once, however often it is asked for', async () => {
    const login = route('pages/entry/login/index')
    const prefetch = createPagePrefetcher(() => [login.route])
    prefetch(['pages/entry/login/index'])
    await settle()
    login.calls[0]!.resolve()
    prefetch(['pages/entry/login/index'])
    prefetch(['pages/entry/login/index'])
    await settle()
    expect(login.load).toHaveBeenCalledTimes(1)
  })

  it('asks again for a page whose fetch failed, and goes on with the next one', async () => {
    const login = route('pages/entry/login/index')
    const agree = route('pages/apply/agree/index')
    const prefetch = createPagePrefetcher(() => [login.route, agree.route])
    prefetch(['pages/entry/login/index', 'pages/apply/agree/index'])
    await settle()
    login.calls[0]!.reject(new Error('ChunkLoadError'))
    await settle()
    expect(agree.load).toHaveBeenCalledTimes(1)
    agree.calls[0]!.resolve()
    prefetch(['pages/entry/login/index'])
    await settle()
    expect(login.load).toHaveBeenCalledTimes(2)
  })

  it('goes on after a loader that throws, and asks for that page again later', async () => {
    const broken = { path: 'pages/apply/pay/index', load: jest.fn(() => { throw new Error('no such chunk') }) }
    const login = route('pages/entry/login/index')
    const prefetch = createPagePrefetcher(() => [broken, login.route])
    prefetch(['pages/apply/pay/index', 'pages/entry/login/index'])
    await settle()
    expect(login.load).toHaveBeenCalledTimes(1)
    login.calls[0]!.resolve()
    prefetch(['pages/apply/pay/index'])
    await settle()
    expect(broken.load).toHaveBeenCalledTimes(2)
  })

  it('passes over pages the app does not know, or that have no loader', async () => {
    const login = route('pages/entry/login/index')
    const prefetch = createPagePrefetcher(() => [{ path: 'pages/apply/pay/index' }, login.route])
    prefetch(['pages/unknown/index', 'pages/apply/pay/index', 'pages/entry/login/index'])
    await settle()
    expect(login.load).toHaveBeenCalledTimes(1)
  })
})
