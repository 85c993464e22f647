/**
 * Routes are registered from the contract's endpoints (types/api/paths.ts), so method, path,
 * access, request and response cannot drift between app and server. A route group gets a typed
 * `route` (server/routes/contract-route.ts) and declares each route as
 *
 *   route(API.cancelOrder, {
 *     body: CancelBody,
 *     handler: async ({ user, body }) => ok(await cancelOrder(context.db, context.clock, user.id, body.orderId, body.reason)),
 *   })
 *
 * - The handler's reply must be the endpoint's response: `ok(data)` with the contract's response
 *   type, or a business failure (`fail(code, msg)`, data null); a file endpoint answers through
 *   `reply`.
 * - Input is validated by the route's zod schemas, which are the route's Fastify schema: Fastify
 *   validates `params`, `body`, `query`, then `headers` through `zodValidatorCompiler` (a 400
 *   naming the field, as `parseInput` words it) and hands the handler the parsed values. An
 *   upload's form is read from the stream by the handler, after Fastify's validation: its text
 *   fields are parsed there with `parseInput`, the file comes as `file`. Together the parsed
 *   values, less the state path parameters, must be the contract's request type, field for field:
 *   checked when compiling.
 * - `{name}` placeholders become the router's `:name`; `config.public` and `config.channel` (a
 *   channel-level session is enough) come from the contract; `config` adds route options
 *   (e.g. rateLimit), `bodyLimit` a smaller body limit. The contract and its schemas ride along in
 *   `config.contract`, for the OpenAPI document (server/http/openapi.ts).
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify'
import type { z } from 'zod'
import type { Envelope } from '../../types/api/envelope'
import type { Endpoint, HttpMethod, RequestOf, ResponseOf, StateParam } from '../../types/api/paths'
import type { SessionUser } from '../auth/sessions'
import { requireUser } from './auth-hook'
import { readMultipartForm } from './multipart-form'
import { answerSerializerOf, envelopeSchemaOf } from './response-schemas'
import { parseInput, zodValidatorCompiler } from './validation'

/** What a route validates, by where it comes from. */
export interface RouteSchemas {
  readonly params?: z.ZodType | undefined
  readonly headers?: z.ZodType | undefined
  readonly query?: z.ZodType | undefined
  readonly body?: z.ZodType | undefined
}

/** A registered contract route, as the OpenAPI document reads it. */
export interface ContractRouteInfo {
  readonly contract: Endpoint
  readonly schemas: RouteSchemas
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint and input schemas of a route registered with `route`. */
    contract?: ContractRouteInfo
  }
}

export interface EndpointRoute {
  method: HttpMethod
  url: string
  config: FastifyContextConfig
}

export function routePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1')
}

/** Method, router path and config of an endpoint; `config` adds route options (e.g. rateLimit). */
export function endpoint(contract: Endpoint, config: FastifyContextConfig = {}): EndpointRoute {
  return {
    method: contract.method,
    url: routePath(contract.path),
    config: { ...config, public: contract.public === true, ...(contract.channel === true ? { channel: true } : {}) },
  }
}

/** A JSON answer of an endpoint: its response on success, `data: null` for a business failure. */
export type Reply<T> = Envelope<T> | Envelope<null>

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined
/** T without index signatures (a strict empty object's output is `Record<string, never>`). */
type Named<T> = T extends unknown ? { [K in keyof T as string extends K ? never : K]: T[K] } : never
/** The fields a schema contributes to the request; none without a schema. */
type Fields<S> = S extends z.ZodType ? Named<NonNullable<z.output<S>>> : Record<never, never>
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
type KeysOf<T> = T extends unknown ? keyof T : never

/** Everything a route reads from the request's path (less the state parameters), query and body. */
export type ParsedRequest<P, Q, B> = DistributiveOmit<Fields<P>, StateParam> & Fields<Q> & Fields<B>

/** The parsed input is the request: assignable to it, with the same fields (none for `void`). */
type Fits<Parsed, Req> = [Req] extends [void]
  ? [KeysOf<Parsed>] extends [never]
    ? true
    : false
  : [Parsed] extends [Req]
    ? [Exclude<KeysOf<Req>, KeysOf<Parsed>> | Exclude<KeysOf<Parsed>, KeysOf<Req>>] extends [never]
      ? true
      : false
    : false

/** Nothing when the schemas fit the contract's request; else a property no spec has, naming both types. */
export type RequestCheck<E, P, Q, B> =
  Fits<ParsedRequest<P, Q, B>, RequestOf<E>> extends true
    ? unknown
    : { readonly schemasDoNotMatchTheContract: { parsed: ParsedRequest<P, Q, B>; request: RequestOf<E> } }

export type RouteInput<E, P, H, Q, B> = {
  readonly request: FastifyRequest
  readonly reply: FastifyReply
  /** The session's user (`requireUser`): reading it on a route without one answers 401. */
  readonly user: SessionUser
  readonly params: Parsed<P>
  readonly headers: Parsed<H>
  readonly query: Parsed<Q>
  readonly body: Parsed<B>
} & (E extends { readonly multipart: true } ? { readonly file: Buffer } : unknown)

export type HandlerResult<E> = E extends { readonly file: true } ? FastifyReply : Reply<ResponseOf<E>>

export interface RouteSpec<E, P, H, Q, B> {
  readonly config?: FastifyContextConfig
  /** The largest body this route reads, in bytes, below the app's (a larger one answers 413). */
  readonly bodyLimit?: number
  readonly params?: P
  readonly headers?: H
  readonly query?: Q
  readonly body?: B
  readonly handler: (input: RouteInput<E, P, H, Q, B>) => Promise<HandlerResult<E>>
}

type Schema = z.ZodType | undefined

/** Registers a route of the contract; see the file's comment. */
export type ContractRoute = <E extends Endpoint, P extends Schema = undefined, H extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  contract: E,
  spec: RouteSpec<E, P, H, Q, B> & RequestCheck<E, P, Q, B>,
) => void

/** Runs before the route's own validation, e.g. a check of a path parameter. */
export type RouteGuard = (request: FastifyRequest) => Promise<unknown>

/**
 * The route's Fastify schema: the input parts it has a zod schema for (an absent part is left out,
 * not undefined), and the answer at HTTP 200 (response-schemas.ts).
 */
function fastifySchema(contract: Endpoint, schemas: RouteSchemas, answer: object | undefined): FastifySchema {
  return {
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.headers ? { headers: schemas.headers } : {}),
    ...(schemas.query ? { querystring: schemas.query } : {}),
    ...(schemas.body && contract.multipart !== true ? { body: schemas.body } : {}),
    ...(answer ? { response: { 200: answer } } : {}),
  }
}

/**
 * The `route` of a route group: registers on `app`, after the guard `guardOf` gives for the
 * endpoint (if any).
 */
export function contractRoute(app: FastifyInstance, guardOf: (contract: Endpoint) => RouteGuard | undefined): ContractRoute {
  return (contract, spec) => {
    const guard = guardOf(contract)
    const schemas: RouteSchemas = { params: spec.params, headers: spec.headers, query: spec.query, body: spec.body }
    const route = endpoint(contract, { ...spec.config, contract: { contract, schemas } })
    const multipart = contract.multipart === true
    const answer = envelopeSchemaOf(contract)
    app.route({
      ...route,
      ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
      schema: fastifySchema(contract, schemas, answer),
      // Fastify asks only for the statuses the schema has: the 200 answer's.
      ...(answer ? { serializerCompiler: () => answerSerializerOf(contract, answer) } : {}),
      // Fastify types a compiler by the whole route schema; it is called with each part's (zod) schema.
      validatorCompiler: zodValidatorCompiler as FastifySchemaCompiler<FastifySchema>,
      ...(guard ? { preValidation: (request: FastifyRequest) => guard(request).then(() => undefined) } : {}),
      handler: async (request, reply) => {
        const form = multipart ? await readMultipartForm(request) : undefined
        const input = {
          request,
          reply,
          get user() {
            return requireUser(request)
          },
          params: schemas.params ? request.params : undefined,
          // The parsed headers over the request's own (Fastify keeps both): read by name.
          headers: schemas.headers ? request.headers : undefined,
          query: schemas.query ? request.query : undefined,
          body: form && schemas.body ? parseInput(schemas.body, { ...form.fields }) : schemas.body ? request.body : undefined,
          ...(form ? { file: form.file } : {}),
        }
        // The values were parsed by the schemas the input's type is built from.
        return spec.handler(input as Parameters<typeof spec.handler>[0])
      },
    })
  }
}
