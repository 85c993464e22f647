/**
 * Authentication of every route. A route is protected unless its config says `public: true`
 * (routes from the contract get it through the contract's `route`). For a protected route the hook reads
 * `Authorization: Bearer <token>`, looks the token's SHA-256 up among unexpired sessions and sets
 * `request.user`; otherwise it answers 401. A channel-level session (the promoter login, which
 * identifies the channel and not a person) reaches only routes whose config says `channel: true`;
 * on any other protected route it answers 403 "请先验证手机号后再办理". It runs before the body is
 * read (preParsing), so requests without a valid login never get their bodies parsed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { findSessionUser } from '../auth/sessions'
import type { SessionUser } from '../auth/sessions'
import type { Clock } from '../runtime/clock'
import type { Db } from '../db/database'
import { ApiError, HTTP_MESSAGE } from './envelope'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Works without a login (the contract's notNeedLogin). */
    public?: boolean
    /** Works with the channel's promoter login too (the contract's `channel` flag). */
    channel?: boolean
  }
  interface FastifyRequest {
    /** The logged-in user of a protected route; null on public routes. */
    user: SessionUser | null
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  return header === undefined ? undefined : BEARER.exec(header.trim())?.[1]
}

export function registerAuthHook(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('user', null)
  app.addHook('preParsing', async (request) => {
    if (request.is404 || request.routeOptions.config.public === true) return
    const token = bearerToken(request)
    if (token === undefined) {
      throw request.headers.authorization === undefined ? ApiError.unauthorized(HTTP_MESSAGE.loginRequired) : ApiError.unauthorized()
    }
    const user = await findSessionUser(db, token, clock.now())
    if (!user) throw ApiError.unauthorized()
    if (!user.personal && request.routeOptions.config.channel !== true) throw ApiError.personRequired()
    request.user = user
  })
}

/** The user of a protected route (the hook guarantees one). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw ApiError.unauthorized(HTTP_MESSAGE.loginRequired)
  return request.user
}
