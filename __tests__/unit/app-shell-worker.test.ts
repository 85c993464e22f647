/**
 * The app-shell service worker's rules (src/platform/h5/app-shell.ts): which visits it answers,
 * and how: the kept document at once with a refresh behind it, else the network's, kept; nothing
 * but the server's own 200 is kept, and a failed refresh keeps what is kept.
 */
import { answerVisit, isAppDocument, refreshDocument } from '../../src/platform/h5/app-shell'
import type { ShellCache } from '../../src/platform/h5/app-shell'

const SCOPE = 'https://etc.example/'

const visit = (url: string, init: { method?: string; mode?: RequestMode } = {}) => ({ url, method: init.method ?? 'GET', mode: init.mode ?? 'navigate' })

function memoryCache(): ShellCache & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    match: async (key) => (entries.has(key) ? new Response(entries.get(key), { status: 200 }) : undefined),
    put: async (key, response) => void entries.set(key, await response.text()),
  }
}

/** A server answering `body` with `status`, counting its calls. */
function server(body: string, init: { status?: number; redirected?: boolean; fail?: boolean } = {}) {
  const calls: string[] = []
  const fetchDocument = async (request: Request | string): Promise<Response> => {
    calls.push(typeof request === 'string' ? request : request.url)
    if (init.fail) throw new TypeError('Failed to fetch')
    const status = init.status ?? 200
    const response = new Response(status === 304 ? null : body, { status })
    // A Response built here is 'default'; the worker's fetch answers a same-origin 'basic' one.
    Object.defineProperty(response, 'type', { value: 'basic' })
    if (init.redirected) Object.defineProperty(response, 'redirected', { value: true })
    return response
  }
  return { calls, fetchDocument }
}

describe('the visits the app-shell worker answers', () => {
  it.each([
    ['the root', `${SCOPE}`],
    ['the root with launch parameters', `${SCOPE}?pageToken=abc&bd_vid=1`],
    ['index.html', `${SCOPE}index.html`],
  ])('answers a navigation to %s', (_case, url) => {
    expect(isAppDocument(visit(url), SCOPE)).toBe(true)
  })

  it.each([
    ['the API', visit(`${SCOPE}api/orders`), SCOPE],
    ["the cashier's page", visit(`${SCOPE}sim/cashier?orderId=1`), SCOPE],
    ['a script', visit(`${SCOPE}js/app.1234abcd.js`, { mode: 'no-cors' }), SCOPE],
    ['the document fetched by a script', visit(SCOPE, { mode: 'cors' }), SCOPE],
    ['a form posted to the root', visit(SCOPE, { method: 'POST' }), SCOPE],
    ['another origin', visit('https://other.example/'), SCOPE],
    ['a page above a deeper scope', visit(SCOPE), `${SCOPE}h5/`],
  ])('leaves %s to the network', (_case, request, scope) => {
    expect(isAppDocument(request, scope)).toBe(false)
  })
})

describe('answering a visit', () => {
  it('with nothing kept: the network answers, and its document is kept for the next visit', async () => {
    const cache = memoryCache()
    const { calls, fetchDocument } = server('<html>v1</html>')
    const background: Promise<unknown>[] = []
    const response = await answerVisit(new Request(`${SCOPE}?bd_vid=1`), SCOPE, cache, fetchDocument, (work) => background.push(work))
    expect(await response.text()).toBe('<html>v1</html>')
    expect(calls).toEqual([`${SCOPE}?bd_vid=1`])
    expect(background).toHaveLength(0)
    expect(cache.entries.get(SCOPE)).toBe('<html>v1</html>')
  })

  it('with a document kept: it answers at once, and the refresh behind it keeps the new one for the visit after', async () => {
    const cache = memoryCache()
    cache.entries.set(SCOPE, '<html>v1</html>')
    const { calls, fetchDocument } = server('<html>v2</html>')
    const background: Promise<unknown>[] = []
    const response = await answerVisit(new Request(SCOPE), SCOPE, cache, fetchDocument, (work) => background.push(work))
    expect(await response.text()).toBe('<html>v1</html>')
    expect(background).toHaveLength(1)
    await Promise.all(background)
    expect(calls).toHaveLength(1)
    expect(cache.entries.get(SCOPE)).toBe('<html>v2</html>')
  })

  it('offline: the kept document still answers, and a failed refresh changes nothing', async () => {
    const cache = memoryCache()
    cache.entries.set(SCOPE, '<html>v1</html>')
    const { fetchDocument } = server('', { fail: true })
    const background: Promise<unknown>[] = []
    const response = await answerVisit(new Request(SCOPE), SCOPE, cache, fetchDocument, (work) => background.push(work))
    expect(await response.text()).toBe('<html>v1</html>')
    await expect(Promise.all(background)).resolves.toBeDefined()
    expect(cache.entries.get(SCOPE)).toBe('<html>v1</html>')
  })

  it('offline with nothing kept: the failure is the browser’s to show (nothing is made up)', async () => {
    const { fetchDocument } = server('', { fail: true })
    await expect(answerVisit(new Request(SCOPE), SCOPE, memoryCache(), fetchDocument, () => undefined)).rejects.toThrow('Failed to fetch')
  })

  it.each<[string, { status?: number; redirected?: boolean }]>([
    ['an error page', { status: 503 }],
    ['a not-modified answer with no body', { status: 304 }],
    ['a redirect followed', { redirected: true }],
  ])('keeps nothing from %s, but passes it on', async (_case, init) => {
    const cache = memoryCache()
    cache.entries.set(SCOPE, '<html>v1</html>')
    const { fetchDocument } = server('maintenance', init)
    const response = await refreshDocument(new Request(SCOPE), SCOPE, cache, fetchDocument)
    expect(response.status).toBe(init.status ?? 200)
    expect(cache.entries.get(SCOPE)).toBe('<html>v1</html>')
  })
})
