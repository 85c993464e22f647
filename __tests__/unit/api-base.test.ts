/** The mini-program builds' API address from TARO_APP_API_BASE_URL (src/config/api-base.ts). */
import {
  PLACEHOLDER_MINI_PROGRAM_API_BASE_URL,
  apiBaseUrl,
  resolveMiniProgramApiBaseUrl,
} from '../../src/config/api-base'

describe('resolveMiniProgramApiBaseUrl', () => {
  it.each([undefined, '', '   '])('uses the named placeholder when the variable is %p', (value) => {
    expect(resolveMiniProgramApiBaseUrl(value, true)).toEqual({ ok: true, url: PLACEHOLDER_MINI_PROGRAM_API_BASE_URL })
  })

  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://API.example.com:443/etc//', 'https://api.example.com/etc'],
    ['https://api.example.com:8443/v1', 'https://api.example.com:8443/v1'],
    ['  https://api.example.com  ', 'https://api.example.com'],
  ])('accepts %s in a production build as %s', (value, url) => {
    expect(resolveMiniProgramApiBaseUrl(value, true)).toEqual({ ok: true, url })
  })

  it('accepts http outside production (a development build against a local server)', () => {
    expect(resolveMiniProgramApiBaseUrl('http://192.168.1.20:3000', false)).toEqual({ ok: true, url: 'http://192.168.1.20:3000' })
  })

  it('refuses http in a production build, naming the variable', () => {
    const result = resolveMiniProgramApiBaseUrl('http://api.example.com', true)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problem).toMatch(/TARO_APP_API_BASE_URL must be an https address in a production build/)
  })

  it.each([
    ['api.example.com', /not an absolute address/],
    ['/api', /not an absolute address/],
    ['ftp://api.example.com', /must be an https address/],
    ['https://user:secret@api.example.com', /credentials, a query or a fragment/],
    ['https://api.example.com/?x=1', /credentials, a query or a fragment/],
    ['https://api.example.com/#top', /credentials, a query or a fragment/],
  ])('refuses %s in any build', (value, problem) => {
    for (const production of [true, false]) {
      const result = resolveMiniProgramApiBaseUrl(value, production)
      expect(result.ok).toBe(false)
      expect(!result.ok && result.problem).toMatch(problem)
    }
  })
})

describe('apiBaseUrl', () => {
  const saved = process.env.TARO_APP_API_BASE_URL
  afterEach(() => {
    if (saved === undefined) delete process.env.TARO_APP_API_BASE_URL
    else process.env.TARO_APP_API_BASE_URL = saved
  })

  it('uses the page origin on H5, whatever the build variable', () => {
    process.env.TARO_APP_API_BASE_URL = 'https://api.example.com'
    expect(apiBaseUrl('https://etc.example.com')).toBe('https://etc.example.com')
  })

  it('uses the address the build wrote into the bundle on a mini-program', () => {
    process.env.TARO_APP_API_BASE_URL = 'https://api.example.com'
    expect(apiBaseUrl(undefined)).toBe('https://api.example.com')
  })

  it('falls back to the placeholder where no build wrote one', () => {
    delete process.env.TARO_APP_API_BASE_URL
    expect(apiBaseUrl(undefined)).toBe(PLACEHOLDER_MINI_PROGRAM_API_BASE_URL)
  })
})
