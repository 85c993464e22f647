/**
 * "Target must be an object" (section 8): a call given a payload that is no object of fields is a
 * parameter error of the catalogue, reported once, and nothing is sent (nor a login started).
 */
import { callApi } from '../../../src/services/api/call'
import { assertPayload, isPayload } from '../../../src/services/request/encode'
import { MESSAGES, RequestError } from '../../../src/services/request/errors'
import type { CallData } from '../../../src/services/request/encode'
import { API } from '../../../types/api/paths'
import { fakeWorld, rejection } from './fakes'

const NOT_AN_OBJECT = `${MESSAGES.parameterError}（${MESSAGES.notAnObject}）`

const NOT_PAYLOADS: readonly (readonly [string, unknown])[] = [
  ['an array', [1, 2]],
  ['a string', 'plateNumber=京A12345'],
  ['a number', 7],
  ['a boolean', true],
  ['null', null],
  ['a date', new Date(0)],
  ['a map', new Map([['a', 1]])],
  ['a function', () => ({})],
]

describe('what a payload is', () => {
  it.each([
    ['an object', { a: 1 }],
    ['an empty object', {}],
    ['an object without a prototype', Object.create(null) as object],
  ])('%s is one', (_label, value) => {
    expect(isPayload(value)).toBe(true)
    expect(() => assertPayload(value)).not.toThrow()
  })

  it('no data at all is fine', () => {
    expect(() => assertPayload(undefined)).not.toThrow()
  })

  it.each(NOT_PAYLOADS)('%s is not: a parameter error saying "Target must be an object"', (_label, value) => {
    expect(isPayload(value)).toBe(false)
    let thrown: unknown
    try {
      assertPayload(value)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(RequestError)
    expect(thrown).toMatchObject({ kind: 'parameterError', message: NOT_AN_OBJECT })
    expect((thrown as RequestError).message).toContain('Target must be an object')
  })
})

describe('the request client refuses a call with no object for its data', () => {
  it.each(NOT_PAYLOADS)('%s: rejected, toasted once, nothing sent, no login', async (_label, value) => {
    const world = fakeWorld({ loggedIn: false })
    const error = await rejection(world.client.call({ url: '/x', method: 'POST', data: value as CallData }))
    expect([error.kind, error.message]).toEqual(['parameterError', NOT_AN_OBJECT])
    expect(world.requests).toHaveLength(0)
    expect(world.counts.login).toBe(0)
    expect(world.counts.toast).toEqual([NOT_AN_OBJECT])
  })

  it('says nothing for a silent call, and still rejects', async () => {
    const world = fakeWorld()
    const error = await rejection(world.client.call({ url: '/x', data: [] as unknown as CallData, silent: true }))
    expect(error.kind).toBe('parameterError')
    expect(world.counts.toast).toEqual([])
  })

  it('refuses an upload whose form fields are no object', async () => {
    const world = fakeWorld()
    const error = await rejection(world.client.upload({ url: '/u', filePath: '/x.jpg', formData: 'side=front' as unknown as Record<string, string> }))
    expect([error.kind, error.message]).toEqual(['parameterError', NOT_AN_OBJECT])
    expect(world.uploads).toHaveLength(0)
  })

  it('reports a path placeholder with no value the same way (once, as a parameter error)', async () => {
    const world = fakeWorld()
    const error = await rejection(world.client.call({ url: '/pay/v1/pay/getOrderInfo/{orderId}' }))
    expect(error.kind).toBe('parameterError')
    expect(world.counts.toast).toEqual([error.message])
    expect(world.requests).toHaveLength(0)
  })

  it('sends object data as before', async () => {
    const world = fakeWorld()
    await world.client.call({ url: '/x', method: 'POST', data: { a: 1 } })
    expect(world.requests.map((request) => request.body)).toEqual(['{"a":1}'])
  })
})

describe('a typed call of the contract', () => {
  it('hands data that is no object to the client untouched, which refuses it (not spread into a query of indices)', async () => {
    const world = fakeWorld()
    // applyPush puts promotionChannelId in the query: its data is split before it is sent.
    expect(API.applyPush.query?.length).toBeGreaterThan(0)
    const data = 'O-1' as unknown as { orderId: string; promotionChannelId: string }
    const error = await rejection(callApi(world.client, API.applyPush, data))
    expect([error.kind, error.message]).toEqual(['parameterError', NOT_AN_OBJECT])
    expect(world.requests).toHaveLength(0)
  })
})
