/**
 * The platform's phone-number button on the information form (WeChat): the phone it vouches for
 * fills the owner's mobile; a declined or failed request says so and leaves the field as typed.
 */
import { PlatformPhoneButton, PLATFORM_PHONE_TEXT } from '../../src/features/apply/upinfo/PlatformPhoneButton'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import type { TransportResponse } from '../../src/services/request/transport'
import { byTestId, eventually, getByTestId, mountPage, textOf } from '../support/page-test'
import { envelope, testWorld } from '../support/test-services'

const PHONE_PATH = '/getPhoneBycode'
const GRANT = { accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' }

function phoneWorld(answer: () => TransportResponse) {
  return testWorld({
    navigationHost: createTaroNavigationHost(),
    launchParams: { token: 'page-token' },
    respond: async (request) => {
      if (request.url.includes('/oauth2/')) return envelope(GRANT)
      if (request.url.includes(PHONE_PATH)) return answer()
      return envelope(null)
    },
  })
}

/** What the platform hands the button's handler: a one-time code, or none when the person declined. */
function answerButton(page: Awaited<ReturnType<typeof mountPage>>, detail: { errMsg: string; code?: string }) {
  const button = getByTestId(page, 'upinfo-platform-phone')
  button.dispatchEvent(new CustomEvent('getphonenumber', { detail, bubbles: true }))
}

describe('the platform phone-number button', () => {
  it('is not offered where the platform has none (H5, Alipay)', async () => {
    const world = phoneWorld(() => envelope({ mobile: '13912345678' }))
    const page = await mountPage(() => <PlatformPhoneButton offered={false} />, world.services)
    expect(byTestId(page, 'upinfo-platform-phone')).toBeNull()
  })

  it("fills the owner's mobile with the phone the platform vouches for", async () => {
    const world = phoneWorld(() => envelope({ mobile: '13912345678' }))
    const page = await mountPage(() => <PlatformPhoneButton offered />, world.services)
    expect(textOf(page, 'upinfo-platform-phone')).toBe(PLATFORM_PHONE_TEXT.action)
    answerButton(page, { errMsg: 'getPhoneNumber:ok', code: 'PHONE-CODE' })
    await eventually(page, () => world.services.store.apply.form.values.mobile === '13912345678')
    const sent = world.requests.find((request) => request.url.includes(PHONE_PATH))
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ code: 'PHONE-CODE' })
    expect(byTestId(page, 'upinfo-platform-phone-problem')).toBeNull()
  })

  it('says so when the person declines, sending nothing', async () => {
    const world = phoneWorld(() => envelope({ mobile: '13912345678' }))
    const page = await mountPage(() => <PlatformPhoneButton offered />, world.services)
    answerButton(page, { errMsg: 'getPhoneNumber:fail user deny' })
    await eventually(page, () => byTestId(page, 'upinfo-platform-phone-problem') !== null)
    expect(textOf(page, 'upinfo-platform-phone-problem')).toBe(PLATFORM_PHONE_TEXT.declined)
    expect(world.requests.filter((request) => request.url.includes(PHONE_PATH))).toEqual([])
  })

  it('says why when the server cannot tell the phone, once (no toast), keeping what was typed', async () => {
    const world = phoneWorld(() => ({ statusCode: 200, data: { code: 1003, msg: '手机号授权失败', data: null }, header: {} }))
    world.services.store.apply.form.setField('mobile', '1380013')
    const page = await mountPage(() => <PlatformPhoneButton offered />, world.services)
    answerButton(page, { errMsg: 'getPhoneNumber:ok', code: 'reject-1' })
    await eventually(page, () => byTestId(page, 'upinfo-platform-phone-problem') !== null)
    expect(textOf(page, 'upinfo-platform-phone-problem')).toBe('手机号授权失败')
    expect(world.ui.toasts).toEqual([])
    expect(world.services.store.apply.form.values.mobile).toBe('1380013')
  })
})
