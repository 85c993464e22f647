import { LOGIN_PROMPT, displayName, isSessionValid } from '../../../src/domain'

const NOW = 1_800_000_000_000

describe('isSessionValid', () => {
  it.each([
    ['valid until it expires', { accessToken: 't', expiresAt: NOW + 1, uid: 'u' }, false, true],
    ['invalid at its expiry', { accessToken: 't', expiresAt: NOW, uid: 'u' }, false, false],
    ['invalid without a token', { accessToken: '', expiresAt: NOW + 1, uid: 'u' }, false, false],
    ['invalid without a uid where one is needed (bank app)', { accessToken: 't', expiresAt: NOW + 1, uid: '' }, true, false],
    ['valid without a uid elsewhere', { accessToken: 't', expiresAt: NOW + 1 }, false, true],
    ['invalid when absent', undefined, false, false],
  ] as const)('%s', (_label, session, needsUid, valid) => {
    expect(isSessionValid(session, NOW, needsUid)).toBe(valid)
  })
})

describe('displayName', () => {
  it('uses the nickname, else "用户" + the last 4 of the uid, else the login prompt', () => {
    expect(displayName({ expiresAt: NOW, uid: 'uid-12345678', nickname: '小王' })).toBe('小王')
    expect(displayName({ expiresAt: NOW, uid: 'uid-12345678' })).toBe('用户5678')
    expect(displayName({ expiresAt: NOW, uid: '42' })).toBe('用户42')
    expect(displayName(undefined)).toBe(LOGIN_PROMPT)
    expect(LOGIN_PROMPT).toBe('登录/注册')
  })
})
