/**
 * The H5 request on the browser's fetch: Taro's answers (status, lower-case headers, the body as
 * JSON or null) and its failures read as Taro's are, over a fake fetch and fake timers.
 */
import { createFetchRequest } from '../../src/platform/h5/fetch-request'
import type { FetchRequestDeps } from '../../src/platform/h5/fetch-request'
import { CLIENT_CODE } from '../../src/services/request/errors'
import { TransportFailure } from '../../src/services/request/transport'
import type { TransportRequest } from '../../src/services/request/transport'

const POST: TransportRequest = { url: '/api/x', method: 'POST', header: { 'Content-Type': 'application/json', Authorization: 'Bearer t' }, body: '{"a":1}', timeoutMs: 1000 }

interface World {
  readonly sent: { url: string; init: RequestInit }[]
  /** Fires the pending timeout. */
  timeOut(): void
  readonly cleared: () => boolean
  request: ReturnType<typeof createFetchRequest>
}

type EarlyAnswer = FetchRequestDeps['earlyAnswer']

function world(answer: (url: string, init: RequestInit) => Promise<Response>, online = true, early?: EarlyAnswer): World {
  const sent: World['sent'] = []
  let pending: (() => void) | undefined
  let cleared = false
  const deps: FetchRequestDeps = {
    fetch: (input, init = {}) => {
      sent.push({ url: String(input), init })
      return answer(String(input), init)
    },
    online: () => online,
    setTimeout: (run) => {
      pending = run
      return 1
    },
    clearTimeout: () => {
      cleared = true
      pending = undefined
    },
    earlyAnswer: (request) => early?.(request),
  }
  return { sent, timeOut: () => pending?.(), cleared: () => cleared, request: createFetchRequest(deps) }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'X-Trace': 'abc' } })

async function failureOf(promise: Promise<unknown>): Promise<TransportFailure> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof TransportFailure)) throw new Error(`expected a TransportFailure, got ${String(error)}`)
  return error
}

describe('the H5 request on fetch', () => {
  it('sends the method, headers and body, and answers the status, the headers by lower-case name and the JSON body', async () => {
    const { sent, request, cleared } = world(async () => json({ code: 200, data: { x: 1 } }, 201))
    await expect(request(POST)).resolves.toEqual({ statusCode: 201, data: { code: 200, data: { x: 1 } }, header: { 'content-type': 'application/json', 'x-trace': 'abc' } })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toBe('/api/x')
    expect(sent[0]!.init).toMatchObject({ method: 'POST', headers: POST.header, body: '{"a":1}' })
    expect(sent[0]!.init.signal).toBeInstanceOf(AbortSignal)
    expect(cleared()).toBe(true)
  })

  it('answers an HTTP error status as a response, not a failure', async () => {
    const { request } = world(async () => json({ code: 401, msg: '请登录' }, 401))
    await expect(request(POST)).resolves.toMatchObject({ statusCode: 401, data: { code: 401, msg: '请登录' } })
  })

  it('reads a body that is not JSON, or a 204, as null', async () => {
    await expect(world(async () => new Response('<html>', { status: 502 })).request(POST)).resolves.toMatchObject({ statusCode: 502, data: null })
    await expect(world(async () => new Response(null, { status: 204 })).request(POST)).resolves.toMatchObject({ statusCode: 204, data: null })
  })

  it('puts a GET’s data in its address and sends it no body', async () => {
    const { sent, request } = world(async () => json({}))
    await request({ url: '/api/y?b=2', method: 'GET', header: {}, body: 'c=3', timeoutMs: 1000 })
    await request({ url: '/api/z', method: 'GET', header: {}, body: 'c=3', timeoutMs: 1000 })
    await request({ url: '/api/w', method: 'GET', header: {}, timeoutMs: 1000 })
    expect(sent.map(({ url, init }) => [url, init.body])).toEqual([
      ['/api/y?b=2&c=3', undefined],
      ['/api/z?c=3', undefined],
      ['/api/w', undefined],
    ])
  })

  it('gives up at the timeout, aborting the fetch: a timeout failure with the catalogue’s code', async () => {
    let signal: AbortSignal | undefined
    const { request, timeOut } = world((_url, init) => {
      signal = init.signal ?? undefined
      return new Promise<Response>(() => undefined)
    })
    const answer = request(POST)
    timeOut()
    const failure = await failureOf(answer)
    expect(failure.kind).toBe('timeout')
    expect(failure.clientCode).toBe(CLIENT_CODE.TIMEOUT)
    expect(signal?.aborted).toBe(true)
  })

  it('gives up at the timeout while the body is still coming', async () => {
    let timeOut: () => void = () => undefined
    const slowBody = { status: 200, headers: new Headers(), json: () => new Promise(() => undefined) } as unknown as Response
    const w = world(async () => {
      queueMicrotask(() => timeOut())
      return slowBody
    })
    timeOut = w.timeOut
    expect((await failureOf(w.request(POST))).clientCode).toBe(CLIENT_CODE.TIMEOUT)
  })

  it('reads fetch’s network failure: no response when online, the network when the browser says it is offline', async () => {
    const refused = async () => Promise.reject(new TypeError('Failed to fetch'))
    const online = await failureOf(world(refused, true).request(POST))
    expect([online.kind, online.clientCode]).toEqual(['network', CLIENT_CODE.NO_RESPONSE])
    const offline = await failureOf(world(refused, false).request(POST))
    expect([offline.kind, offline.clientCode]).toEqual(['network', CLIENT_CODE.NETWORK_ABNORMAL])
  })

  it('answers with the early answer index.html asked for this very request, without fetching', async () => {
    const asked: TransportRequest[] = []
    const early = { statusCode: 200, data: { code: 200, data: { list: [] } }, header: {} }
    const { sent, request } = world(async () => json({}), true, (req) => {
      asked.push(req)
      return Promise.resolve(early)
    })
    await expect(request(POST)).resolves.toBe(early)
    expect(asked).toEqual([POST])
    expect(sent).toHaveLength(0)
  })

  it('reads an early request’s network failure as its own', async () => {
    const { request } = world(async () => json({}), false, () => Promise.reject(new TypeError('Failed to fetch')))
    expect((await failureOf(request(POST))).clientCode).toBe(CLIENT_CODE.NETWORK_ABNORMAL)
  })

  it('fetches when there is no early answer', async () => {
    const { sent, request } = world(async () => json({ code: 200 }), true, () => undefined)
    await expect(request(POST)).resolves.toMatchObject({ statusCode: 200 })
    expect(sent).toHaveLength(1)
  })
})
