/**
 * The login rule every protected route must keep: the request answers 200 with a valid token
 * (so the 401s below come from the login check, not a wrong path), 401 "请先登录" without one,
 * and 401 "登录信息已过期" once the token expired. Advances the test clock past the token's life.
 */
import type { InjectOptions } from 'fastify'
import type { TokenGrant } from '../../../types/api/auth'
import { bearer, envelope } from './api'
import type { TestApp } from './test-app'

export async function expectLoginEnforced(test: TestApp, request: InjectOptions, grant: TokenGrant): Promise<void> {
  const withToken = await test.inject({ ...request, headers: { ...request.headers, ...bearer(grant) } })
  expect(withToken.statusCode).toBe(200)
  expect(envelope(withToken).code).toBe(200)

  const missing = await test.inject(request)
  expect(missing.statusCode).toBe(401)
  expect(missing.json()).toEqual({ code: 401, msg: '请先登录', data: null })

  test.clock.advance((grant.expireIn + 1) * 1000)
  const expired = await test.inject({ ...request, headers: { ...request.headers, ...bearer(grant) } })
  expect(expired.statusCode).toBe(401)
  expect(expired.json()).toEqual({ code: 401, msg: '登录信息已过期，请重新登录', data: null })
}
