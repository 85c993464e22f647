import { AUTHORIZATION_MESSAGES, MAP_AUTH_CODE_PARAM, createAuthorization } from '../../src/platform/authorization'
import type { AuthorizationDeps } from '../../src/platform/authorization'

const deps = (login: AuthorizationDeps['login'], query: Record<string, string> = {}): AuthorizationDeps => ({
  login,
  queryParam: (name) => query[name],
})

describe('authorisation adapters', () => {
  it('takes the WeChat login code in the WeChat build', async () => {
    const adapter = createAuthorization('wechat', 'weapp', deps(async () => ({ code: 'wx-code' })))
    await expect(adapter.authorize()).resolves.toBe('wx-code')
  })

  it('takes the Alipay auth code in the Alipay build', async () => {
    const adapter = createAuthorization('alipay', 'alipay', deps(async () => ({ authCode: 'ali-code' })))
    await expect(adapter.authorize()).resolves.toBe('ali-code')
  })

  it.each([
    ['alipay', 'h5'],
    ['alipay', 'weapp'],
    ['wechat', 'h5'],
    ['wechat', 'alipay'],
  ] as const)('reports "use a real device" for %s login in the %s build', async (provider, target) => {
    const login = jest.fn(async () => ({ code: 'x' }))
    const adapter = createAuthorization(provider, target, deps(login))
    await expect(adapter.authorize()).rejects.toThrow(AUTHORIZATION_MESSAGES.realDevice)
    expect(login).not.toHaveBeenCalled()
  })

  it('reports a login that returned no code', async () => {
    const adapter = createAuthorization('wechat', 'weapp', deps(async () => ({})))
    await expect(adapter.authorize()).rejects.toThrow(AUTHORIZATION_MESSAGES.realDevice)
  })

  it("reads the map app's code from the page address", async () => {
    const login = jest.fn(async () => ({}))
    const withCode = createAuthorization('map', 'h5', deps(login, { [MAP_AUTH_CODE_PARAM]: 'map-code' }))
    await expect(withCode.authorize()).resolves.toBe('map-code')
    const without = createAuthorization('map', 'h5', deps(login))
    await expect(without.authorize()).rejects.toThrow(AUTHORIZATION_MESSAGES.mapCodeMissing)
    expect(login).not.toHaveBeenCalled()
  })
})
