/**
 * WeChat opens another mini-program only from the person's tap (wx.navigateToMiniProgram is refused
 * otherwise; the world enforces it, support/wx-gesture.ts): the hand-over page waits for 打开小程序,
 * then opens it. WeChat's other tap-only APIs are refused the same way. Needs `npm run build:weapp`
 * first.
 */
import { pageText, tapText } from './support/page-actions'
import { settle } from './support/settle'
import { describeWeapp } from './support/weapp-build'
import { NOT_FROM_A_TAP, TAP_ONLY_APIS, recordTap } from './support/wx-gesture'
import { wxObject } from './support/wx-callbacks'
import { weappWorld } from './support/weapp-world'

const TO_MP_WX = '/pages/jump/to-mp-wx/index?appId=wx0000000000000001&path=pages%2Findex%2Findex'

describeWeapp()('WeChat: a hand-over to another mini-program', () => {
  const world = weappWorld()
  const opened = () => world.navigations.filter(({ api }) => api.startsWith('navigateToMiniProgram'))

  it('waits for the tap on 打开小程序, then opens the mini-program from it', async () => {
    const page = await world.open(TO_MP_WX)
    await settle(10)
    expect(pageText(world.stack.top() ?? page)).toContain('打开小程序')
    expect(opened()).toEqual([])

    tapText(world.stack.top() ?? page, '打开小程序')
    await settle(10)
    expect(opened()).toEqual([{ api: 'navigateToMiniProgram', url: 'wx0000000000000001:pages/index/index' }])
    expect(pageText(world.stack.top() ?? page)).toContain('已为您打开小程序')
    expect(world.problems()).toEqual([])
  })
  /** What the host answers to `api` (success or fail, with its errMsg). */
  const call = (api: string) =>
    new Promise<string>((resolve) => {
      const run = wxObject()[api] as (callbacks: { success(result: { errMsg: string }): void; fail(result: { errMsg: string }): void }) => void
      run({ success: ({ errMsg }) => resolve(errMsg), fail: ({ errMsg }) => resolve(errMsg) })
    })

  it.each(TAP_ONLY_APIS)('refuses wx.%s unless a tap started it, as WeChat does', async (api) => {
    await expect(call(api)).resolves.toBe(`${api}:fail ${NOT_FROM_A_TAP}`)
    recordTap()
    await expect(call(api)).resolves.toBe(`${api}:ok`)
  })
})
