import {
  CODE_BUTTON_TEXT,
  LOGIN_REASON,
  MOBILE_REASON,
  VERIFY_CODE_WAIT_S,
  checkPhoneLogin,
  codeButtonState,
} from '../../../src/domain'

const SENT = 1_700_000_000_000

describe('verification-code button', () => {
  it('offers the first code', () => {
    expect(codeButtonState(undefined, SENT)).toEqual({ disabled: false, text: '获取验证码', secondsLeft: 0 })
  })

  it.each([
    [0, 60],
    [1, 60],
    [999, 60],
    [1000, 59],
    [59_000, 1],
    [59_999, 1],
  ])('%i ms after sending: disabled, %i seconds to go', (elapsed, seconds) => {
    expect(codeButtonState(SENT, SENT + elapsed)).toEqual({
      disabled: true,
      text: `${seconds}秒后重新发送`,
      secondsLeft: seconds,
    })
  })

  it('offers a resend once the 60 s have passed', () => {
    expect(VERIFY_CODE_WAIT_S).toBe(60)
    expect(codeButtonState(SENT, SENT + 60_000)).toEqual({ disabled: false, text: CODE_BUTTON_TEXT.resend, secondsLeft: 0 })
  })

  it('resumes the countdown after a reload, from the stored send time alone', () => {
    const beforeReload = codeButtonState(SENT, SENT + 20_000)
    const afterReload = codeButtonState(SENT, SENT + 25_000)
    expect([beforeReload.secondsLeft, afterReload.secondsLeft]).toEqual([40, 35])
  })

  it('treats a send time in the future (clock changed) as just sent', () => {
    expect(codeButtonState(SENT, SENT - 5000).secondsLeft).toBe(60)
  })
})

describe('phone login input', () => {
  it.each([
    ['', '123456'],
    ['13800138000', ''],
    ['  ', '  '],
  ])('needs both mobile and code: %p / %p', (mobile, code) => {
    expect(checkPhoneLogin(mobile, code)).toEqual({ ok: false, reason: '手机号或验证码不能为空' })
  })

  it('checks the mobile and a 6-digit code', () => {
    expect(checkPhoneLogin('1380013800', '123456')).toEqual({ ok: false, reason: MOBILE_REASON.length })
    expect(checkPhoneLogin('13800138000', '12345')).toEqual({ ok: false, reason: LOGIN_REASON.badCode })
    expect(checkPhoneLogin('13800138000', '12345a')).toEqual({ ok: false, reason: LOGIN_REASON.badCode })
    expect(checkPhoneLogin(' 13800138000', ' 123456 ')).toEqual({ ok: true, mobile: '13800138000', code: '123456' })
  })
})
