/**
 * getWeixinConfig signs the app's own pages only (issue 27): those on the app origins
 * (PUBLIC_BASE_URL's and APP_ORIGINS, config.test.ts), and in development this machine's.
 */
import { isAppPage } from '../../server/platform/wechat'

describe('an app page', () => {
  it.each([
    ['an app origin', 'https://h5.example.cn/etc/index.html', true, true],
    ['an app origin, with a path of its own', 'https://h5.example.cn/a/b?c=1#d', true, true],
    ['another port of an app host', 'https://h5.example.cn:8443/etc/', true, false],
    ['another scheme of an app host', 'http://h5.example.cn/etc/', true, false],
    ['a look-alike host', 'https://h5.example.cn.evil.com/etc/', true, false],
    ['this machine, in development', 'http://127.0.0.1:5173/index.html', false, true],
    ['this machine by name, in development', 'http://localhost:3000/', false, true],
    ['this machine, in production', 'http://127.0.0.1:5173/index.html', true, false],
    ['text that is no url', 'not a url', false, false],
  ])('judge %s (%s; production %p): an app page %p', (_case, url, production, expected) => {
    expect(isAppPage(url, ['https://h5.example.cn'], production)).toBe(expected)
  })
})
