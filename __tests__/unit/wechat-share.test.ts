import { signableUrl } from '../../src/domain/wechat-url'
import { WECHAT_SHARE_APIS, isWeChatBrowser, shareInWeChat } from '../../src/platform/h5/wechat-share'
import type { ShareContent, WeChatSdk } from '../../src/platform/h5/wechat-share'

const WECHAT = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.44.2502(0x28002C35) NetType/WIFI'
const CONFIG = { appId: 'wx-app', timestamp: 1_700_000_000, nonceStr: 'n1', signature: 'sig' }
const CONTENT: ShareContent = { title: 'ETC线上申办', desc: '高速不停车', link: 'https://etc.example.cn/?a=1#/apply/land', imgUrl: '' }

/** WeChat's SDK as a page sees it: config, then ready or error. */
function fakeSdk(outcome: { refuse?: string } = {}) {
  const calls: [string, unknown][] = []
  let ready = () => undefined as void
  let error = (_: { errMsg?: string }) => undefined as void
  const sdk: WeChatSdk = {
    config: (options) => {
      calls.push(['config', options])
      if (outcome.refuse !== undefined) error({ errMsg: outcome.refuse })
      else ready()
    },
    ready: (callback) => void (ready = callback),
    error: (callback) => void (error = callback),
    updateAppMessageShareData: (content) => void calls.push(['appMessage', content]),
    updateTimelineShareData: (content) => void calls.push(['timeline', content]),
  }
  return { sdk, calls }
}

describe("sharing from WeChat's browser", () => {
  it.each([
    [WECHAT, true],
    [`${WECHAT} miniProgram`, false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 AlipayClient/10.5', false],
    ['Mozilla/5.0 (Linux; Android 13) Chrome/116.0 Mobile Safari/537.36', false],
  ])('knows WeChat’s browser by its user agent: %p', (userAgent, expected) => {
    expect(isWeChatBrowser(userAgent)).toBe(expected)
  })

  it('signs the address without its fragment', () => {
    expect(signableUrl('https://etc.example.cn/?a=1#/apply/land?x=2')).toBe('https://etc.example.cn/?a=1')
    expect(signableUrl('https://etc.example.cn/')).toBe('https://etc.example.cn/')
  })

  it("configures the SDK with the server's signature for the page, then sets both shares", async () => {
    const { sdk, calls } = fakeSdk()
    const asked: string[] = []
    await shareInWeChat({ fetchConfig: async (url) => (asked.push(url), CONFIG), loadSdk: async () => sdk }, CONTENT.link, CONTENT)
    expect(asked).toEqual(['https://etc.example.cn/?a=1'])
    expect(calls).toEqual([
      ['config', { ...CONFIG, debug: false, jsApiList: WECHAT_SHARE_APIS }],
      ['appMessage', CONTENT],
      ['timeline', CONTENT],
    ])
  })

  it("rejects with WeChat's reason when the config is refused, sharing nothing", async () => {
    const { sdk, calls } = fakeSdk({ refuse: 'config:invalid signature' })
    await expect(shareInWeChat({ fetchConfig: async () => CONFIG, loadSdk: async () => sdk }, CONTENT.link, CONTENT)).rejects.toThrow(
      'config:invalid signature',
    )
    expect(calls.map(([name]) => name)).toEqual(['config'])
  })

  it('rejects when the config cannot be had, configuring nothing', async () => {
    const { sdk, calls } = fakeSdk()
    const failing = { fetchConfig: () => Promise.reject(new Error('网络异常')), loadSdk: async () => sdk }
    await expect(shareInWeChat(failing, CONTENT.link, CONTENT)).rejects.toThrow('网络异常')
    expect(calls).toEqual([])
  })
})
