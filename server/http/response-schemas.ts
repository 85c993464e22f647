/**
 * What a contract route answers with at HTTP 200, as the JSON Schema Fastify serialises it with
 * (fast-json-stringify): the envelope, its `data` the endpoint's response (generated from the
 * contract's types: contract-responses.json, scripts/lib/response-schemas.ts) or null for a business
 * failure. Serialising by schema writes only what the contract declares: a field a handler's value
 * carries beyond its type never leaves the server.
 */
import fastJson from 'fast-json-stringify'
import type { Endpoint } from '../../types/api/paths'
import { API } from '../../types/api/paths'
import RESPONSE_SCHEMAS from './contract-responses.json'

type JsonSchema = Record<string, unknown>

const SCHEMAS: Readonly<Record<string, JsonSchema | undefined>> = RESPONSE_SCHEMAS
const NAMES = new Map((Object.entries(API) as [string, Endpoint][]).map(([name, contract]) => [contract, name]))

/** The endpoint's name in the contract (`API.<name>`): its operation id, the key of its response schema. */
export function endpointName(contract: Endpoint): string | undefined {
  return NAMES.get(contract)
}

/** `schema`, or null: a business failure answers `data: null` on every endpoint. */
function orNull(schema: JsonSchema): JsonSchema {
  const { type, anyOf } = schema
  if (typeof type === 'string') return type === 'null' ? schema : { ...schema, type: [type, 'null'] }
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...(type as string[]), 'null'] }
  if (Array.isArray(anyOf)) return anyOf.some((option: JsonSchema) => option.type === 'null') ? schema : { ...schema, anyOf: [...(anyOf as JsonSchema[]), { type: 'null' }] }
  return { anyOf: [schema, { type: 'null' }] }
}

/** The envelope's `data` of `contract`'s HTTP 200 answer: its response, or null; none for a file endpoint (its bytes). */
export function dataSchemaOf(contract: Endpoint): JsonSchema | undefined {
  const name = endpointName(contract)
  const data = name === undefined ? undefined : SCHEMAS[name]
  return data && orNull(data)
}

/** The envelope schema of `contract`'s HTTP 200 answer; none for a file endpoint. */
export function envelopeSchemaOf(contract: Endpoint): JsonSchema | undefined {
  const data = dataSchemaOf(contract)
  if (!data) return undefined
  return {
    type: 'object',
    // The order ok() writes (code first: the public cache recognises a success by it).
    properties: { code: { type: 'number' }, msg: { type: 'string' }, data },
    required: ['code', 'msg', 'data'],
  }
}

const serializers = new Map<Endpoint, (answer: unknown) => string>()

/**
 * The serialiser of `contract`'s HTTP 200 answer (its envelope schema through fast-json-stringify),
 * compiled once per process: every app instance of the process (a test builds hundreds) shares it.
 */
export function answerSerializerOf(contract: Endpoint, schema: JsonSchema): (answer: unknown) => string {
  let serialize = serializers.get(contract)
  if (!serialize) {
    serialize = fastJson(schema)
    serializers.set(contract, serialize)
  }
  return serialize
}
