/**
 * `wx.request` and `wx.uploadFile` answered by the real server over real HTTP: the test app
 * listens on a local port, and the address's path and query go there whatever its origin (the
 * build's API base), with the headers WeChat adds (its Referer naming the app, its User-Agent).
 * Every call is recorded. An upload reads its file through `readFile` (the device's temporary
 * files).
 */
import { multipart } from '../../server/support/orders'
import { overHttp, parseBody, pathOfAddress, withQuery } from './local-http'
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

export interface RecordedCall {
  api: 'request' | 'uploadFile'
  method: string
  /** Path and query. */
  url: string
  statusCode: number
  /** The request's data as the app passed it (request only). */
  data?: unknown
}

export interface ServerBridge {
  readonly calls: RecordedCall[]
  /** Calls the test server could not answer at all (the harness's fault, not the app's). */
  readonly failures: string[]
}

interface RequestOptions extends WxCallbacks {
  url: string
  method?: string
  header?: Record<string, string>
  data?: unknown
  dataType?: string
}

interface UploadOptions extends WxCallbacks {
  url: string
  filePath: string
  name: string
  header?: Record<string, string>
  formData?: Record<string, string>
}

/** A task object of the kind the host returns from request and uploadFile. */
function task(): Record<string, () => void> {
  const noop = (): void => undefined
  return { abort: noop, onProgressUpdate: noop, offProgressUpdate: noop, onHeadersReceived: noop, offHeadersReceived: noop }
}

/** What WeChat adds to every request of a mini-program: whose it is, and the client. */
export const WECHAT_HEADERS = {
  referer: 'https://servicewechat.com/touristappid/0/page-frame.html',
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN miniProgram',
} as const

/** The server listening on `port` answers the host's network calls. */
export function installServerBridge(port: number, readFile: (filePath: string) => Buffer): ServerBridge {
  const calls: RecordedCall[] = []
  const failures: string[] = []
  const send = async (api: RecordedCall['api'], request: { url: string; method: string; headers: Record<string, string>; payload?: string | Buffer }, data?: unknown) => {
    const response = await overHttp(port, { ...request, headers: { ...WECHAT_HEADERS, ...request.headers } }).catch((error: unknown) => {
      failures.push(`${api} ${request.method} ${request.url}: ${String(error)}`)
      throw error
    })
    calls.push({ api, method: request.method, url: request.url, statusCode: response.statusCode, ...(data === undefined ? {} : { data }) })
    return response
  }
  Object.assign(wxObject(), {
    request: ({ url, method = 'GET', header = {}, data, dataType, ...callbacks }: RequestOptions) => {
      answer('request', callbacks, async () => {
        const upper = method.toUpperCase()
        const bodyless = upper === 'GET' || upper === 'HEAD'
        const response = await send('request', {
          method: upper,
          url: bodyless ? withQuery(pathOfAddress(url), data) : pathOfAddress(url),
          headers: { ...(bodyless ? {} : { 'content-type': 'application/json' }), ...header },
          ...(bodyless || data === undefined ? {} : { payload: typeof data === 'string' ? data : JSON.stringify(data) }),
        }, data)
        return { statusCode: response.statusCode, data: parseBody(response.body, dataType), header: response.headers }
      })
      return task()
    },
    uploadFile: ({ url, filePath, name, header = {}, formData = {}, ...callbacks }: UploadOptions) => {
      answer('uploadFile', callbacks, async () => {
        const body = multipart(formData, [{ field: name, filename: filePath.split('/').pop() ?? 'file', content: readFile(filePath) }])
        const response = await send('uploadFile', {
          method: 'POST',
          url: pathOfAddress(url),
          headers: { ...header, ...body.headers },
          payload: body.payload,
        })
        return { statusCode: response.statusCode, data: response.body }
      })
      return task()
    },
  })
  return { calls, failures }
}
