/**
 * The OpenAPI 3.1 document of the contract, served at GET /openapi.json for partners (a bank or a
 * map app) integrating the backend. `@fastify/swagger` builds it from the routes Fastify has
 * registered: each contract route (server/http/endpoint.ts) brings its endpoint (types/api/paths.ts:
 * name, method, path, access) and its zod input schemas (params, headers, query, body), converted
 * here with zod's `toJSONSchema` as input shapes; every other route (simulators, probes, the payment
 * providers' notifications) is left out. Every JSON answer is the envelope `{ code, msg, data }`;
 * on success `data` is the endpoint's response, in the schema the server serialises it with
 * (response-schemas.ts).
 */
import swagger from '@fastify/swagger'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { z } from 'zod'
import type { Endpoint } from '../../types/api/paths'
import type { ContractRouteInfo, RouteSchemas } from './endpoint'
import { FILE_FIELD } from './multipart-form'
import { dataSchemaOf, endpointName } from './response-schemas'

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

/** The path parameters, all required, with their schemas (a string where the route has none) and what a state parameter holds. */
function pathSchema(contract: Endpoint, params: z.ZodType | undefined): JsonSchema | undefined {
  const names = [...contract.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => name)
  if (names.length === 0) return undefined
  const { properties } = objectFields(params)
  const described = (name: string): JsonSchema => {
    const schema = properties[name] ?? { type: 'string' }
    return STATE_PARAMETERS[name] ? { ...schema, description: STATE_PARAMETERS[name] } : schema
  }
  return { type: 'object', properties: Object.fromEntries(names.map((name) => [name, described(name)])), required: names }
}

/** The request body: the JSON body's schema, or an upload's form with its file; none for a GET or a route without a body. */
function bodySchema(contract: Endpoint, body: z.ZodType | undefined): JsonSchema | undefined {
  if (contract.multipart) {
    const { properties, required } = objectFields(body)
    return {
      type: 'object',
      properties: { ...properties, [FILE_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: [...required, FILE_FIELD],
    }
  }
  if (contract.method === 'GET' || !body) return undefined
  return jsonSchema(body)
}

function security(contract: Endpoint): Operation['security'] {
  if (contract.public) return []
  return contract.channel ? [{ channelSession: [] }, { personSession: [] }] : [{ personSession: [] }]
}

function responses(contract: Endpoint): Operation['responses'] {
  const envelope = { content: { 'application/json': { schema: ENVELOPE_REF } } }
  const data = dataSchemaOf(contract)
  const success = contract.file
    ? { description: 'The file.', content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) }
    : {
        description: 'The envelope: the response on success, or a business failure (data null).',
        content: { 'application/json': { schema: { allOf: [ENVELOPE_REF, ...(data ? [{ type: 'object', properties: { data } }] : [])] } } },
      }
  return { '200': success, default: { description: 'A transport error (400, 401, 403, 404, 413, 415, 429, 500) as an envelope.', ...envelope } }
}

/** What `@fastify/swagger` reads of a contract route: its input schemas in JSON Schema, its name, access and answers. */
function routeDocument(contract: Endpoint, schemas: RouteSchemas): Record<string, unknown> {
  const parts: Record<string, JsonSchema | undefined> = {
    params: pathSchema(contract, schemas.params),
    querystring: schemas.query && jsonSchema(schemas.query),
    headers: schemas.headers && jsonSchema(schemas.headers),
    body: bodySchema(contract, schemas.body),
  }
  return {
    operationId: endpointName(contract),
    security: security(contract),
    ...Object.fromEntries(Object.entries(parts).filter(([, schema]) => schema !== undefined)),
    ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: responses(contract),
  }
}

/** Whether the route's body may be left out (an empty page request is the first page): `@fastify/swagger` marks every body required. */
const bodyOptional = ({ contract, schemas }: ContractRouteInfo): boolean => !contract.multipart && schemas.body !== undefined && schemas.body.safeParse(undefined).success

/** The finished document, as partners read it: every operation lists its parameters (none: empty), an optional body says so. */
function finish(document: OpenApiDocument, optionalBodies: ReadonlySet<string>): OpenApiDocument {
  for (const byMethod of Object.values(document.paths)) {
    for (const operation of Object.values(byMethod)) {
      operation.parameters ??= []
      if (operation.requestBody && optionalBodies.has(operation.operationId)) operation.requestBody.required = false
    }
  }
  return document
}

/**
 * `@fastify/swagger`, and GET /openapi.json (public; built once, on the first request). Register
 * before the route groups: the plugin reads each route as it is registered.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const optionalBodies = new Set<string>()
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'ETC apply API',
        version: API_VERSION,
        description: 'Applying for an ETC device: logins, catalogue, plate checks, applications, uploads, orders and payment.',
      },
      components: { securitySchemes: SECURITY_SCHEMES, schemas: { Envelope: ENVELOPE_SCHEMA } },
    },
    // OpenAPI 3.1 is JSON Schema 2020-12: `const` is kept as zod writes it.
    convertConstToEnum: false,
    transform: ({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }) => {
      const info = route.config?.contract
      if (!info) return { schema: { ...(schema as object | undefined), hide: true }, url }
      if (bodyOptional(info)) optionalBodies.add(endpointName(info.contract) ?? '')
      return { schema: routeDocument(info.contract, info.schemas), url }
    },
    // The plugin types its documents by OpenAPI version; this one is 3.1, shaped as OpenApiDocument.
    transformObject: (document) => ('openapiObject' in document ? (finish(document.openapiObject as unknown as OpenApiDocument, optionalBodies) as never) : document.swaggerObject),
  })
  app.get(OPENAPI_PATH, { config: { public: true } }, async () => app.swagger())
}
