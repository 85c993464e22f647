/**
 * The OpenAPI 3.1 document of the contract, served at GET /openapi.json for partners (a bank or a
 * map app) integrating the backend. It is built from the same declarations the app and the routes
 * use: every endpoint of types/api/paths.ts (method, path, access) and, for each registered
 * contract route, its zod input schemas (params, headers, query, body) converted with zod's
 * `toJSONSchema` as input shapes. Every answer is the envelope `{ code, msg, data }`.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import type { ContractRouteInfo, RouteSchemas } from './endpoint'
import { FILE_FIELD } from './multipart-form'

export const OPENAPI_PATH = '/openapi.json'
export const OPENAPI_VERSION = '3.1.0'
/** The contract's own version, raised when an endpoint changes incompatibly. */
export const API_VERSION = '1.0.0'

type JsonSchema = Record<string, unknown>

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  description?: string
  schema: JsonSchema
}

interface Operation {
  operationId: string
  parameters: Parameter[]
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, unknown>
  security: Record<string, string[]>[]
}

export interface OpenApiDocument {
  openapi: typeof OPENAPI_VERSION
  info: { title: string; version: string; description: string }
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> }
}

const SECURITY_SCHEMES = {
  personSession: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session that proves the person (SMS code, remembered phone, bank page token, platform authorisation).',
  },
  channelSession: {
    type: 'http',
    scheme: 'bearer',
    description: "The channel's promoter-account session: it identifies the channel, not a person.",
  },
} as const

const ENVELOPE_REF = { $ref: '#/components/schemas/Envelope' }

const ENVELOPE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every JSON answer. code 200 is success; a business failure answers HTTP 200 with another code, a Chinese msg and data null.',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: '200 on success, else a business or transport code (BUSINESS_CODE of types/api/envelope.ts).' },
    msg: { type: 'string' },
    data: { description: "The endpoint's response (the contract's response type in types/api), or null." },
  },
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** What a state path parameter is filled with. */
const STATE_PARAMETERS: Readonly<Record<string, string>> = {
  channel: 'The channel id (CHANNEL_IDENTIFIERS of types/api/channels.ts); an unknown one answers 404.',
  uid: "The logged-in user's uid.",
  sourceChannel: 'The source channel of the channel profile.',
  channelKey: "The channel profile's key (bank, map).",
}

/** A schema the converter cannot express: described rather than refused. */
const UNCONVERTIBLE: JsonSchema = { type: 'object', description: 'Validated by the server; its shape has no JSON Schema equivalent.' }

function jsonSchema(schema: z.ZodType): JsonSchema {
  try {
    const { $schema: _dialect, ...converted } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema
    return converted
  } catch {
    return UNCONVERTIBLE
  }
}

/** An object schema's properties and required names (empty when it is not a plain object). */
function objectFields(schema: z.ZodType | undefined): { properties: Record<string, JsonSchema>; required: string[] } {
  const converted = schema ? jsonSchema(schema) : {}
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>
  const required = Array.isArray(converted.required) ? (converted.required as string[]) : []
  return { properties, required }
}

function pathParameters(contract: Endpoint, params: z.ZodType | undefined): Parameter[] {
  const { properties } = objectFields(params)
  return [...contract.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => ({
    name,
    in: 'path' as const,
    required: true,
    ...(STATE_PARAMETERS[name] ? { description: STATE_PARAMETERS[name] } : {}),
    schema: properties[name] ?? { type: 'string' },
  }))
}

function fieldParameters(schema: z.ZodType | undefined, location: 'query' | 'header'): Parameter[] {
  const { properties, required } = objectFields(schema)
  return Object.entries(properties).map(([name, property]) => ({ name, in: location, required: required.includes(name), schema: property }))
}

function requestBody(contract: Endpoint, body: z.ZodType | undefined): Operation['requestBody'] {
  if (contract.multipart) {
    const { properties, required } = objectFields(body)
    const form = {
      type: 'object',
      properties: { ...properties, [FILE_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: [...required, FILE_FIELD],
    }
    return { required: true, content: { 'multipart/form-data': { schema: form } } }
  }
  if (contract.method === 'GET' || !body) return undefined
  return { required: !body.safeParse(undefined).success, content: { 'application/json': { schema: jsonSchema(body) } } }
}

function security(contract: Endpoint): Operation['security'] {
  if (contract.public) return []
  return contract.channel ? [{ channelSession: [] }, { personSession: [] }] : [{ personSession: [] }]
}

function responses(contract: Endpoint): Operation['responses'] {
  const envelope = { content: { 'application/json': { schema: ENVELOPE_REF } } }
  const success = contract.file
    ? { description: 'The file.', content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) }
    : { description: 'The envelope: the response on success, or a business failure.', ...envelope }
  return { '200': success, default: { description: 'A transport error (400, 401, 403, 404, 413, 415, 429, 500) as an envelope.', ...envelope } }
}

function operation(name: string, contract: Endpoint, schemas: RouteSchemas): Operation {
  const parameters = [...pathParameters(contract, schemas.params), ...fieldParameters(schemas.query, 'query'), ...fieldParameters(schemas.headers, 'header')]
  const body = requestBody(contract, schemas.body)
  return { operationId: name, parameters, ...(body ? { requestBody: body } : {}), responses: responses(contract), security: security(contract) }
}

/** The document of every contract endpoint, with the schemas of the routes registered for them. */
export function openApiDocument(routes: readonly ContractRouteInfo[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  for (const [name, contract] of Object.entries(API) as [string, Endpoint][]) {
    const schemas = routes.find((route) => route.contract === contract)?.schemas ?? {}
    paths[contract.path] = { ...paths[contract.path], [contract.method.toLowerCase()]: operation(name, contract, schemas) }
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'ETC apply API',
      version: API_VERSION,
      description: 'Applying for an ETC device: logins, catalogue, plate checks, applications, uploads, orders and payment.',
    },
    paths,
    components: { securitySchemes: SECURITY_SCHEMES, schemas: { Envelope: ENVELOPE_SCHEMA } },
  }
}

/**
 * Collects the contract routes registered from now on; call before the route groups are
 * registered and pass the result to `registerOpenApi`.
 */
export function collectContractRoutes(app: FastifyInstance): readonly ContractRouteInfo[] {
  const routes: ContractRouteInfo[] = []
  app.addHook('onRoute', (route) => {
    if (route.config?.contract) routes.push(route.config.contract)
  })
  return routes
}

/** GET /openapi.json: public; the document is built once, on the first request. */
export function registerOpenApi(app: FastifyInstance, routes: readonly ContractRouteInfo[]): void {
  let document: OpenApiDocument | undefined
  app.get(OPENAPI_PATH, { config: { public: true } }, async () => {
    document ??= openApiDocument(routes)
    return document
  })
}
