/**
 * `my.request` and `my.uploadFile` answered by the real server over real HTTP (the test app on a
 * local port), with what Alipay adds to a mini-program's requests: its Referer naming the app and
 * the client's User-Agent. A GET's data goes in the query, other data as the JSON body; an upload
 * sends the picked file (read from the host's temporary files) in a multipart form under the field
 * the app named. Every call is recorded.
 */
import { multipart } from '../../server/support/orders'
import { overHttp, parseBody, pathOfAddress, withQuery } from '../support/local-http'
import type { FakeRequest, FakeResponse, Responder } from './fake-my'
import { bodyOf } from './fake-server'

/** What Alipay adds to every request of a mini-program: whose it is, and the client. */
export const ALIPAY_HEADERS = {
  referer: 'https://2021000000000000.hybrid.alipay-eco.com/2021000000000000/0.2.0/index.html',
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.0.0 AliApp(AP/10.5.0) Nebula AlipayClient/10.5.0 MiniProgram',
} as const

export interface RecordedAlipayCall {
  api: 'request' | 'uploadFile'
  method: string
  /** Path and query. */
  url: string
  status: number
  /** The request's body as the server reads it (request only). */
  data?: unknown
}

export interface AlipayServerBridge {
  respond: Responder
  readonly calls: RecordedAlipayCall[]
  /** Calls the test server could not answer at all (the harness's fault, not the app's). */
  readonly failures: string[]
}

const bodyless = (method: string) => method === 'GET' || method === 'HEAD'

export function alipayServerBridge(port: number, readFile: (filePath: string) => Buffer): AlipayServerBridge {
  const calls: RecordedAlipayCall[] = []
  const failures: string[] = []

  const httpCall = (request: FakeRequest) => {
    const headers = { ...ALIPAY_HEADERS, ...request.headers }
    if (request.upload) {
      const { field, filePath } = request.upload
      const formData = ((request.data as { formData?: Record<string, string> }).formData ?? {}) as Record<string, string>
      const body = multipart(formData, [{ field, filename: filePath.split('/').pop() ?? 'file', content: readFile(filePath) }])
      return { api: 'uploadFile' as const, call: { method: 'POST', url: pathOfAddress(request.url), headers: { ...headers, ...body.headers }, payload: body.payload } }
    }
    const url = pathOfAddress(request.url)
    if (bodyless(request.method)) return { api: 'request' as const, call: { method: request.method, url: withQuery(url, request.data), headers } }
    const payload = typeof request.data === 'string' ? request.data : JSON.stringify(request.data ?? {})
    return { api: 'request' as const, call: { method: request.method, url, headers: { 'content-type': 'application/json', ...headers }, payload } }
  }

  const respond: Responder = async (request): Promise<FakeResponse> => {
    const { api, call } = httpCall(request)
    const answer = await overHttp(port, call).catch((error: unknown) => {
      failures.push(`${api} ${call.method} ${call.url}: ${String(error)}`)
      throw error
    })
    calls.push({ api, method: call.method, url: call.url, status: answer.statusCode, ...(api === 'request' && request.data !== undefined ? { data: bodyOf(request) } : {}) })
    // The host reads a request's answer as its dataType says; an upload's as JSON where it is.
    const data = parseBody(answer.body, api === 'uploadFile' ? undefined : request.dataType)
    return { status: answer.statusCode, data, headers: answer.headers }
  }
  return { respond, calls, failures }
}
