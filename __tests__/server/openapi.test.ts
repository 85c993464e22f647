/**
 * The OpenAPI document at GET /openapi.json keeps in step with what the server serves: every
 * registered route (but the simulators, the health check and the document itself) is in it with
 * its method, every contract endpoint is in it with its access, parameters and input schemas, and
 * nothing in it is missing from the server.
 */
import type { FastifyInstance } from 'fastify'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import { routePath } from '../../server/http/endpoint'
import type { OpenApiDocument } from '../../server/http/openapi'
import { OPENAPI_PATH } from '../../server/http/openapi'
import { METRICS_PATH } from '../../server/http/metrics'
import { ISSUER_NOTIFY_PATH } from '../../server/orders/issuer-protocol'
import { HEALTH_PATH, READY_PATH } from '../../server/routes/health'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'

type Operation = OpenApiDocument['paths'][string][string]

/**
 * Registered routes that are not the API: the simulators' pages, the probes, the metrics, the document,
 * the payment providers' notifications (their wire format is the provider's, not ours) and the
 * issuer's (server/orders/issuer-protocol.ts: the issuer's protocol, not the app's).
 */
const NOT_THE_API = [
  /^\/sim\//,
  new RegExp(`^${HEALTH_PATH}$`),
  new RegExp(`^${READY_PATH}$`),
  new RegExp(`^${METRICS_PATH}$`),
  new RegExp(`^${OPENAPI_PATH.replace('.', '\\.')}$`),
  /^\/pay\/v1\/notify\//,
  new RegExp(`^${ISSUER_NOTIFY_PATH}$`),
]

/**
 * Every route Fastify registered, as [METHOD, path], read from its route tree: a child line
 * continues its parent's path one level deeper (4 characters of indentation per level).
 */
function registeredRoutes(app: FastifyInstance): [string, string][] {
  const routes: [string, string][] = []
  const pathAtDepth: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const [, indent = '', segment = '', methods] = match
    const depth = indent.length / 4
    const path = `${depth > 0 ? pathAtDepth[depth - 1] : ''}${segment}`
    pathAtDepth.length = depth
    pathAtDepth.push(path)
    for (const method of methods?.split(', ') ?? []) routes.push([method, path])
  }
  return routes
}

/** A path with each parameter as `:`, so router paths (`:x`, alternatives `:x|:y`) and OpenAPI paths (`{x}`) compare. */
const shape = (path: string): string => path.replace(/:\w+(\|:\w+)*/g, ':').replace(/\{\w+\}/g, ':')

const operations = (document: OpenApiDocument): [string, string, Operation][] =>
  Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]): [string, string, Operation] => [method.toUpperCase(), path, operation]))

const endpoints = Object.entries(API) as [string, Endpoint][]

describeDb('the OpenAPI document', () => {
  // One database for the file, never reset: the document does not depend on data.
  let database: TestDatabase
  let test: TestApp
  let document: OpenApiDocument

  beforeAll(async () => {
    database = await openTestDatabase()
    test = await createTestApp(database.db)
    await test.app.ready()
    // Public: partners read it without a login.
    const response = await test.inject({ method: 'GET', url: OPENAPI_PATH })
    expect(response.statusCode).toBe(200)
    document = response.json<OpenApiDocument>()
  })
  afterAll(async () => {
    await test.close()
    await database.dispose()
  })

  const operationOf = (contract: Endpoint): Operation | undefined => document.paths[contract.path]?.[contract.method.toLowerCase()]

  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBeTruthy()
  })

  it('describes every registered route with its method', () => {
    const described = new Set(operations(document).map(([method, path]) => `${method} ${shape(path)}`))
    const served = registeredRoutes(test.app)
      .filter(([method, path]) => method !== 'HEAD' && !NOT_THE_API.some((pattern) => pattern.test(path)))
      .map(([method, path]) => `${method} ${shape(path)}`)
    expect(served.length).toBeGreaterThanOrEqual(endpoints.length)
    expect(served.filter((route) => !described.has(route))).toEqual([])
  })

  it('describes only routes the server serves', () => {
    const unserved = operations(document).filter(([method, path]) => !test.app.hasRoute({ method: method as 'GET' | 'POST', url: routePath(path) }))
    expect(unserved.map(([method, path]) => `${method} ${path}`)).toEqual([])
  })

  it.each(endpoints)('describes %s with its access and path parameters', (name, contract) => {
    const operation = operationOf(contract)
    expect(operation?.operationId).toBe(name)
    const expectedSecurity = contract.public ? [] : contract.channel ? [{ channelSession: [] }, { personSession: [] }] : [{ personSession: [] }]
    expect(operation?.security).toEqual(expectedSecurity)
    const placeholders = [...contract.path.matchAll(/\{(\w+)\}/g)].map(([, placeholder]) => placeholder)
    expect(operation?.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(placeholders)
    expect(operation?.responses['200']).toBeDefined()
  })

  it("takes each route's input from its schemas: body, query, path, headers and upload form", () => {
    const bodyOf = (contract: Endpoint, type = 'application/json') => operationOf(contract)?.requestBody?.content[type]?.schema
    expect(bodyOf(API.plateUnique)).toMatchObject({
      type: 'object',
      properties: { plateNumber: { type: 'string' }, vehicleType: { const: 2 } },
      required: ['plateNumber', 'plateColor', 'vehicleType'],
      additionalProperties: false,
    })
    const queryOf = (contract: Endpoint) => operationOf(contract)?.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter.required])
    expect(queryOf(API.checkApplyPlate)).toEqual([['plateNumber', true]])
    expect(queryOf(API.applyPush)).toEqual([['promotionChannelId', true]])
    expect(operationOf(API.orderDetail)?.parameters.find((parameter) => parameter.name === 'orderId')?.schema).toMatchObject({ pattern: expect.any(String) })
    expect(operationOf(API.trackingEvents)?.parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['app', 'app_id', 'uid', 'trace_id', 'device_info', 'app_version']),
    )
    expect(bodyOf(API.uploadIdCardH5, 'multipart/form-data')).toMatchObject({ properties: { orderId: {}, side: { enum: ['front', 'back'] }, file: {} }, required: ['orderId', 'side', 'file'] })
    // An empty page request is the first page: the body may be left out.
    expect(operationOf(API.searchOrders)?.requestBody?.required).toBe(false)
    expect(operationOf(API.issuers)?.requestBody).toBeUndefined()
  })

  it('answers every JSON call with the envelope and its response, and the image with its bytes', () => {
    expect(document.components.schemas.Envelope).toMatchObject({ required: ['code', 'msg', 'data'] })
    const answerOf = (contract: Endpoint) => (operationOf(contract)?.responses['200'] as { content: Record<string, { schema: { allOf: unknown[] } }> }).content['application/json']?.schema
    expect(answerOf(API.searchOrders)?.allOf[0]).toEqual({ $ref: '#/components/schemas/Envelope' })
    // The response itself, as the server serialises it: the contract's type, or null for a business failure.
    expect(answerOf(API.cancelOrder)?.allOf[1]).toMatchObject({
      properties: { data: { type: ['object', 'null'], properties: { orderId: { type: 'string' }, cancelState: { type: 'number' } }, required: ['orderId', 'cancelState'] } },
    })
    expect(Object.keys((operationOf(API.image)?.responses['200'] as { content: object }).content)).toEqual(['image/jpeg', 'image/png', 'image/webp'])
  })
})
