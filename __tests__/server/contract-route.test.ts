/**
 * Contract routes are validated by Fastify itself (server/http/endpoint.ts): the zod schemas are
 * the route's Fastify schema, compiled by `zodValidatorCompiler`, so a request part is parsed
 * before any hook after validation and the handler see it, a refusal never reaches the handler,
 * and the messages are the ones `parseInput` words. The answer is serialised by the schema
 * generated from the contract's response type (server/http/response-schemas.ts).
 */
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { API } from '../../types/api/paths'
import { contractRoute } from '../../server/http/endpoint'
import type { RouteGuard } from '../../server/http/endpoint'
import { ApiError, fail, ok } from '../../server/http/envelope'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { handleError } from '../../server/http/errors'
import { zodValidatorCompiler } from '../../server/http/validation'

const CancelBody = z.object({ orderId: z.string().min(1), reason: z.string().trim().min(1) })
const SearchBody = z
  .object({ pageNo: z.number().int().min(1).default(1), pageSize: z.number().int().default(20), plateNumber: z.string().optional() })
  .default({ pageNo: 1, pageSize: 20 })
const Headers = z.object({ app: z.string().min(1), app_id: z.string(), uid: z.string(), trace_id: z.string(), device_info: z.string(), app_version: z.string(), visit_token: z.string() })
const TrackEvent = z.object({
  type: z.enum(['pageView', 'click', 'exposure']),
  page: z.string(),
  target: z.string().optional(),
  at: z.number(),
  bd_vid: z.string().optional(),
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
})
const TrackingBody = z.object({ events: z.array(TrackEvent) })

const TRACKING_HEADERS = { app: 'h5', app_id: 'etc', uid: 'u1', trace_id: 't1', device_info: 'phone', app_version: '1.0.0', visit_token: 'v' }

interface Seen {
  handled: unknown[]
  beforeHandler: unknown[]
}

/** A bare Fastify with three contract routes, the app's error handler, and what reached them. */
async function appWith(guard?: RouteGuard): Promise<{ app: FastifyInstance; seen: Seen }> {
  const app = Fastify()
  app.setErrorHandler(handleError)
  const seen: Seen = { handled: [], beforeHandler: [] }
  app.addHook('preHandler', async (request) => {
    seen.beforeHandler.push(request.body)
  })
  const route = contractRoute(app, (contract) => (contract === API.cancelOrder ? guard : undefined))
  route(API.cancelOrder, {
    body: CancelBody,
    handler: async ({ body }) => {
      seen.handled.push(body)
      if (body.reason === REFUSED_REASON) return fail(BUSINESS_CODE.ACTION_NOT_ALLOWED, '当前订单状态不可取消')
      // A value may carry more than its type says (a row read whole): only the contract's fields are sent.
      const answer = { orderId: body.orderId, cancelState: 1, ownerIdNumber: '110101199001011234' }
      return ok(answer)
    },
  })
  route(API.searchOrders, {
    body: SearchBody,
    handler: async ({ body }) => {
      seen.handled.push(body)
      return ok({ list: [], total: 0, pageNo: body.pageNo, pageSize: body.pageSize })
    },
  })
  route(API.trackingEvents, {
    headers: Headers,
    body: TrackingBody,
    handler: async ({ request, headers }) => {
      seen.handled.push({ app: headers.app, authorization: request.headers.authorization })
      return ok(null)
    },
  })
  await app.ready()
  return { app, seen }
}

const cancelUrl = API.cancelOrder.path.replace('{channel}', 'bank')
const REFUSED_REASON = '重复下单'

describe('contract routes validated by Fastify', () => {
  it('hands the hooks after validation and the handler the parsed body', async () => {
    const { app, seen } = await appWith()
    const response = await app.inject({ method: 'POST', url: cancelUrl, payload: { orderId: 'O1', reason: '  暂时不需要了  ' } })
    expect(response.statusCode).toBe(200)
    expect(seen.beforeHandler).toEqual([{ orderId: 'O1', reason: '暂时不需要了' }])
    expect(seen.handled).toEqual([{ orderId: 'O1', reason: '暂时不需要了' }])
    await app.close()
  })

  it('answers with the contract’s fields only, serialised by the route’s response schema', async () => {
    const { app } = await appWith()
    const response = await app.inject({ method: 'POST', url: cancelUrl, payload: { orderId: 'O1', reason: '暂时不需要了' } })
    expect(response.body).toBe('{"code":200,"msg":"成功","data":{"orderId":"O1","cancelState":1}}')
    const refused = await app.inject({ method: 'POST', url: cancelUrl, payload: { orderId: 'O1', reason: REFUSED_REASON } })
    expect(refused.json()).toEqual({ code: BUSINESS_CODE.ACTION_NOT_ALLOWED, msg: '当前订单状态不可取消', data: null })
    await app.close()
  })

  it('refuses a bad body with a 400 naming the field, before any hook or the handler', async () => {
    const { app, seen } = await appWith()
    const response = await app.inject({ method: 'POST', url: cancelUrl, payload: { orderId: 'O1' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 400, msg: '参数 reason 不能为空', data: null })
    expect(seen.beforeHandler).toEqual([])
    expect(seen.handled).toEqual([])
    await app.close()
  })

  it('runs the route guard before validation', async () => {
    const { app, seen } = await appWith(async () => {
      throw ApiError.notFound()
    })
    const response = await app.inject({ method: 'POST', url: cancelUrl, payload: {} })
    expect(response.statusCode).toBe(404)
    expect(seen.handled).toEqual([])
    await app.close()
  })

  it('validates a missing body as absent: an optional body takes its default', async () => {
    const { app, seen } = await appWith()
    const response = await app.inject({ method: 'POST', url: API.searchOrders.path })
    expect(response.statusCode).toBe(200)
    expect(seen.handled).toEqual([{ pageNo: 1, pageSize: 20 }])
    await app.close()
  })

  it('reads parsed headers by name and keeps the request’s own', async () => {
    const { app, seen } = await appWith()
    const ok = await app.inject({
      method: 'POST',
      url: API.trackingEvents.path,
      headers: { ...TRACKING_HEADERS, authorization: 'Bearer t' },
      payload: { events: [{ type: 'click', page: 'p', at: 1 }] },
    })
    expect(ok.statusCode).toBe(200)
    expect(seen.handled).toEqual([{ app: 'h5', authorization: 'Bearer t' }])
    const missing = await app.inject({ method: 'POST', url: API.trackingEvents.path, headers: { ...TRACKING_HEADERS, app: '' }, payload: { events: [] } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json<{ msg: string }>().msg).toBe('参数 app 不能为空')
    await app.close()
  })
})

describe('zodValidatorCompiler', () => {
  const validate = (httpPart: string, schema: z.ZodType) => zodValidatorCompiler({ schema, httpPart, method: 'POST', url: '/x' })

  it('answers the parsed value', () => {
    expect(validate('querystring', z.object({ n: z.coerce.number() }))({ n: '3' })).toEqual({ value: { n: 3 } })
  })

  it('answers a refusal as the ApiError parseInput throws', () => {
    const result = validate('querystring', z.object({ n: z.string() }))({})
    expect(result).toEqual({ error: expect.any(ApiError) })
    expect((result as { error: ApiError }).error.message).toBe('参数 n 不能为空')
  })

  it('takes a body Fastify hands over as null for the absent body it is, and other parts as they are', () => {
    expect(validate('body', z.string().optional())(null)).toEqual({ value: undefined })
    expect(validate('querystring', z.null())(null)).toEqual({ value: null })
  })
})
