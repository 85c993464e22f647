/** Helpers for reading envelopes and logging in during tests. */
import type { LightMyRequestResponse } from 'fastify'
import type { TokenGrant } from '../../../types/api/auth'
import type { Envelope } from '../../../types/api/envelope'
import { API } from '../../../types/api/paths'
import { SEALED_FIELD } from '../../../types/api/sealed'
import { seal } from '../../../server/crypto/sealed-box'
import { SEED_CHANNELS } from '../../../server/seed/placeholder-ids'
import { apiClient } from './api-client'
import type { ApiResponse } from './api-client'
import type { TestApp } from './test-app'

export const BANK = SEED_CHANNELS[0]!
export const MAP = SEED_CHANNELS[1]!

/** The response's envelope: typed as its endpoint's answer for a response of the API client. */
export function envelope<T>(response: ApiResponse<T>): Envelope<T>
export function envelope<T = unknown>(response: LightMyRequestResponse): Envelope<T>
export function envelope<T>(response: LightMyRequestResponse): Envelope<T> {
  return response.json<Envelope<T>>()
}

/** A contract path with its `{placeholders}` filled. */
export function pathOf(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`No value for {${name}}`)
    return encodeURIComponent(value)
  })
}

export function sealFor(test: TestApp, field: string, value: unknown): string {
  return seal(test.config.payloadKeyHex, field, JSON.stringify(value))
}

export async function loginAsPromoter(test: TestApp, channel = MAP): Promise<TokenGrant> {
  const body = envelope<TokenGrant>(await apiClient(test).call(API.promoterLogin, channel.promoterAccount))
  if (body.code !== 200) throw new Error(`Promoter login failed: ${body.msg}`)
  return body.data
}

export async function sendCode(test: TestApp, mobile: string): Promise<LightMyRequestResponse> {
  return apiClient(test).call(API.sendCode, { mobile })
}

export function latestCode(test: TestApp, mobile: string): string {
  const message = test.sms.outbox?.latest(mobile)
  if (!message) throw new Error(`No code sent to ${mobile}`)
  return message.code
}

export async function tokenCall(test: TestApp, body: object, channelId = BANK.channelId): Promise<LightMyRequestResponse> {
  return test.inject({ method: 'POST', url: pathOf(API.token.path, { channel: channelId }), payload: body })
}

export async function loginBySms(test: TestApp, mobile: string, channelId = BANK.channelId): Promise<TokenGrant> {
  await sendCode(test, mobile)
  const tokenParamSJ = sealFor(test, SEALED_FIELD.token, { mobileNo: mobile, verifyCode: latestCode(test, mobile) })
  const body = envelope<TokenGrant>(await tokenCall(test, { grantType: 'smsCode', tokenParamSJ }, channelId))
  if (body.code !== 200) throw new Error(`SMS login failed: ${body.msg}`)
  return body.data
}

export function bearer(grant: TokenGrant): Record<string, string> {
  return { authorization: `Bearer ${grant.accessToken}` }
}
