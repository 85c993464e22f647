/**
 * index.html's early order request: on the order pages' addresses, with a person's stored session
 * that has not expired, it asks for the order exactly as the app would, keeps the answer for the
 * app and asks for the view script; anywhere else, or for anyone else, it does nothing.
 */
import { webcrypto } from 'node:crypto'
import { EARLY_ORDER_KEY } from '../../../src/config/first-screens'
import { createSealedBox } from '../../../src/services/crypto/sealed-box'
import { SEAL_PURPOSE } from '../../../types/api/sealed'
import { startEarlyOrder } from '../../../src/platform/h5/early-order'
import type { EarlyOrderPlan, EarlyOrderWindow } from '../../../src/platform/h5/early-order'

const KEY = '0e4c7a1f93b2d5e86a0f1c3b5d7e9f2a4c6e8b0d2f4a6c8e1b3d5f7a9c0e2b4d'
const SESSION_KEY = 'etc_state_etc_bank_session'
const PLAN: EarlyOrderPlan = {
  sessionKey: SESSION_KEY,
  keyHex: KEY,
  purpose: SEAL_PURPOSE.storage,
  channelId: '7',
  needsUid: true,
  list: { addresses: ['/apply/order-list'], title: 'ETC申办', method: 'POST', path: '/orders/_search', body: '{"pageNo":1,"pageSize":100}', contentType: 'application/json;charset=UTF-8' },
  detail: { addresses: ['/apply/order'], title: 'ETC申办', method: 'GET', path: '/orders/7/{orderId}' },
  view: './js/early-order.abc.js',
}
const box = createSealedBox(KEY, SEAL_PURPOSE.storage, (count) => new Uint8Array(count).fill(7))
const HOUR = 3_600_000
const personal = { accessToken: 'tok-1', expiresAt: Date.now() + HOUR, uid: 'u1', scope: 'person' }

interface Sent {
  url: string
  init: RequestInit
}

/** The document as far as the script uses it: the head it puts the view script into. */
function fakeDocument() {
  const scripts: { src: string; async: boolean }[] = []
  const doc = { createElement: () => ({ src: '', async: false }), head: { appendChild: (script: { src: string; async: boolean }) => scripts.push(script) } }
  return { doc: doc as unknown as Document, views: () => scripts.map((script) => script.async && script.src) }
}

async function start(hash: string, session: unknown, stored?: string) {
  const { doc, views } = fakeDocument()
  const sent: Sent[] = []
  const storage = new Map<string, string>()
  if (session !== undefined) storage.set(SESSION_KEY, stored ?? JSON.stringify({ data: box.seal(SESSION_KEY, JSON.stringify(session)) }))
  const win = {
    location: { hash, origin: 'https://etc.example' },
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
    crypto: webcrypto,
    fetch: async (url: string, init: RequestInit) => {
      sent.push({ url, init })
      return new Response(JSON.stringify({ code: 200, data: { list: [] } }), { status: 200, headers: { 'Content-Type': 'application/json' } })
    },
  }
  await startEarlyOrder(doc, win as unknown as Window, PLAN)
  const early = (win as EarlyOrderWindow)[EARLY_ORDER_KEY]
  return { sent, early, views: views() }
}

describe("index.html's early order request", () => {
  it('asks for the list with the stored token, as the app does, and for the view script', async () => {
    const { sent, early, views } = await start('#/apply/order-list?from=share', personal)
    expect(sent).toEqual([
      {
        url: 'https://etc.example/orders/_search',
        init: { method: 'POST', headers: { Authorization: 'Bearer tok-1', 'Content-Type': 'application/json;charset=UTF-8' }, body: '{"pageNo":1,"pageSize":100}' },
      },
    ])
    expect(early).toMatchObject({ page: 'list', title: 'ETC申办', channelId: '7', taken: false, shown: false, request: { method: 'POST', url: 'https://etc.example/orders/_search' } })
    await expect(early?.answer).resolves.toEqual({ statusCode: 200, data: { code: 200, data: { list: [] } }, header: { 'content-type': 'application/json' } })
    expect(views).toEqual(['./js/early-order.abc.js'])
  })

  it('asks for the order of the address, its id encoded into the path', async () => {
    const { sent, early } = await start('#/apply/order?orderId=A%2F1', personal)
    expect(sent.map(({ url, init }) => [url, init.method, init.body])).toEqual([['https://etc.example/orders/7/A%2F1', 'GET', undefined]])
    expect(early).toMatchObject({ page: 'detail', orderId: 'A/1' })
  })

  it('does nothing elsewhere, for an order page without an order, or without a person’s valid session', async () => {
    const nothing = { sent: [], early: undefined, views: [] }
    await expect(start('#/apply/basic', personal)).resolves.toEqual(nothing)
    await expect(start('#/apply/order', personal)).resolves.toEqual(nothing)
    await expect(start('#/apply/order-list', undefined)).resolves.toEqual(nothing)
    await expect(start('#/apply/order-list', { ...personal, scope: 'channel' })).resolves.toEqual(nothing)
    await expect(start('#/apply/order-list', { ...personal, scope: undefined })).resolves.toEqual(nothing)
    await expect(start('#/apply/order-list', { ...personal, expiresAt: Date.now() - 1 })).resolves.toEqual(nothing)
    // The bank channel's sessions need a uid.
    await expect(start('#/apply/order-list', { ...personal, uid: '' })).resolves.toEqual(nothing)
  })

  it('does nothing with a stored value it cannot read: tampered, not Taro’s, not JSON', async () => {
    const nothing = { sent: [], early: undefined, views: [] }
    const sealed = box.seal(SESSION_KEY, JSON.stringify(personal))
    // The tag's last hex digit changed (to '0' it would be no change at all when it is '0' already).
    const tampered = `${sealed.slice(0, -1)}${sealed.endsWith('0') ? '1' : '0'}`
    await expect(start('#/apply/order-list', personal, JSON.stringify({ data: tampered }))).resolves.toEqual(nothing)
    await expect(start('#/apply/order-list', personal, sealed)).resolves.toEqual(nothing)
    await expect(start('#/apply/order-list', personal, JSON.stringify({ data: box.seal(SESSION_KEY, 'not json') }))).resolves.toEqual(nothing)
    await expect(start('#/apply/order-list', personal, JSON.stringify({ data: box.seal('etc_state_etc_bank_other', JSON.stringify(personal)) }))).resolves.toEqual(nothing)
  })
})
