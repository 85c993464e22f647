/**
 * One HTTP exchange with the test server listening on a local port: how the simulated hosts
 * (wx-server.ts, alipay-support/alipay-server.ts) send the app's requests and uploads over real
 * HTTP. Only the address's path and query are kept: the build's API base names another origin.
 */
import { request as httpRequest } from 'node:http'

export interface HttpAnswer {
  statusCode: number
  headers: Record<string, string>
  body: string
}

export interface HttpCall {
  method: string
  /** Path and query. */
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

/** The path and query of an absolute address. */
export function pathOfAddress(url: string): string {
  const parsed = new URL(url, 'http://mini.test')
  return `${parsed.pathname}${parsed.search}`
}

/** The address with `data`'s fields added to its query, as the hosts send a GET's data. */
export function withQuery(url: string, data: unknown): string {
  if (!data || typeof data !== 'object') return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(data)) if (value !== undefined && value !== null) params.append(key, String(value))
  const search = params.toString()
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url
}

/** A response body read as the hosts read it by default: JSON when it parses, else the text. */
export function parseBody(body: string, dataType: string | undefined): unknown {
  if (dataType !== undefined && dataType !== 'json') return body
  try {
    return JSON.parse(body) as unknown
  } catch {
    return body
  }
}

export function overHttp(port: number, call: HttpCall): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method: call.method, path: call.url, headers: call.headers }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        const headers = Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]))
        resolve({ statusCode: incoming.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') })
      })
      incoming.on('error', reject)
    })
    outgoing.on('error', reject)
    if (call.payload !== undefined) outgoing.write(call.payload)
    outgoing.end()
  })
}

/** The port of a Fastify app told to listen on port 0 (any free one). */
export async function listenOnAnyPort(app: { listen(options: { port: number; host: string }): Promise<unknown>; server: { address(): unknown } }): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address !== 'object' || !('port' in address)) throw new Error('The test server has no port')
  return Number(address.port)
}
