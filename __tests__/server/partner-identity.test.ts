/**
 * The partners' identity providers against local stand-ins: the bank's signed page token (a key
 * or a JWKS address; issuer, audience, algorithm and expiry checked; algorithm confusion and
 * "none" refused) and the map's OAuth 2.0 code exchange (token endpoint, then user info). A
 * refused credential is no one; a partner that cannot be asked is an error to try again.
 */
import { generateKeyPairSync } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK } from 'jose'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { IdentityUnavailableError, createSimulatedIdentityProviders } from '../../server/auth/identity-providers'
import { LOGIN_MESSAGE } from '../../server/auth/login'
import { createBankTokenProvider, createOAuthCodeProvider } from '../../server/auth/partner-identity'
import { tokenCall } from './support/api'
import { createTestApp } from './support/test-app'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'

const ISSUER = 'https://bank.example.com'
const AUDIENCE = 'etc-apply'
const NOW_S = () => Math.floor(Date.now() / 1000)

function rsaKeys(): { privateKey: KeyObject; publicKey: KeyObject; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { privateKey, publicKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}

/** A local HTTP server answering with `handle`; its base address. */
async function serve(handle: (request: IncomingMessage, body: string, response: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => handle(request, body, response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

describe('the bank’s page token', () => {
  const bank = rsaKeys()
  const stranger = rsaKeys()
  const sign = (claims: Record<string, unknown>, key: KeyObject = bank.privateKey, header: Record<string, string> = {}) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', ...header }).sign(key)
  const valid = { iss: ISSUER, aud: AUDIENCE, sub: 'bank-customer-42', exp: NOW_S() + 300 }
  const provider = createBankTokenProvider({ publicKeyPem: bank.publicPem, issuer: ISSUER, audience: AUDIENCE })

  it('names the person of a token the bank signed', async () => {
    await expect(provider.resolve(await sign(valid))).resolves.toEqual({ provider: 'bank', externalId: 'bank-customer-42' })
  })

  it.each([
    ['expired', { ...valid, exp: NOW_S() - 120 }],
    ['another issuer', { ...valid, iss: 'https://evil.example.com' }],
    ['another audience', { ...valid, aud: 'someone-else' }],
    ['no subject', { iss: ISSUER, aud: AUDIENCE, exp: NOW_S() + 300 }],
    ['no expiry', { iss: ISSUER, aud: AUDIENCE, sub: 'x' }],
  ])('refuses a token with %s', async (_case, claims) => {
    await expect(provider.resolve(await sign(claims))).resolves.toBeUndefined()
  })

  it('refuses a token another key signed, an HS256 token keyed with the public key, an unsigned one and garbage', async () => {
    await expect(provider.resolve(await sign(valid, stranger.privateKey))).resolves.toBeUndefined()
    const confused = await new SignJWT(valid).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(bank.publicPem))
    await expect(provider.resolve(confused)).resolves.toBeUndefined()
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(valid)).toString('base64url')}.`
    await expect(provider.resolve(unsigned)).resolves.toBeUndefined()
    await expect(provider.resolve('not-a-token')).resolves.toBeUndefined()
  })

  it('refuses to be built to accept "none"', () => {
    expect(() => createBankTokenProvider({ publicKeyPem: bank.publicPem, issuer: ISSUER, audience: AUDIENCE, algorithms: ['none'] })).toThrow('never "none"')
  })

  it('reads the keys from the bank’s JWKS address, and says when it cannot be reached', async () => {
    const jwk = { ...(await exportJWK(bank.publicKey)), kid: 'bank-2026', alg: 'RS256', use: 'sig' }
    const { url, server } = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }))
    })
    try {
      const viaJwks = createBankTokenProvider({ jwksUrl: `${url}/jwks.json`, issuer: ISSUER, audience: AUDIENCE })
      await expect(viaJwks.resolve(await sign(valid, bank.privateKey, { kid: 'bank-2026' }))).resolves.toEqual({ provider: 'bank', externalId: 'bank-customer-42' })
      await expect(viaJwks.resolve(await sign(valid, stranger.privateKey, { kid: 'unknown' }))).resolves.toBeUndefined()
    } finally {
      await closeServer(server)
    }
    const unreachable = createBankTokenProvider({ jwksUrl: `${url}/jwks.json`, issuer: ISSUER, audience: AUDIENCE })
    await expect(unreachable.resolve(await sign(valid, bank.privateKey, { kid: 'bank-2026' }))).rejects.toBeInstanceOf(IdentityUnavailableError)
  })
})

describe('the map’s OAuth 2.0 code', () => {
  const CLIENT = { clientId: 'etc-client', clientSecret: 'etc-secret' }
  let partner: { url: string; server: Server }
  let tokenAnswer: { status: number; body: string } | undefined
  beforeAll(async () => {
    partner = await serve((request, body, response) => {
      if (request.url === '/oauth/token') {
        const form = new URLSearchParams(body)
        if (tokenAnswer) return void response.writeHead(tokenAnswer.status, { 'content-type': 'application/json' }).end(tokenAnswer.body)
        const good = form.get('grant_type') === 'authorization_code' && form.get('client_id') === CLIENT.clientId && form.get('client_secret') === CLIENT.clientSecret
        if (!good || form.get('code') !== 'code-ok') return void response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}')
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'at-1', token_type: 'Bearer', open_id: 'map-user-7' }))
      }
      if (request.url === '/userinfo') {
        if (request.headers.authorization !== 'Bearer at-1') return void response.writeHead(401).end('{}')
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 770001, nickname: '张三' }))
      }
      response.writeHead(404).end()
    })
  })
  afterEach(() => {
    tokenAnswer = undefined
  })
  afterAll(async () => closeServer(partner.server))

  const settings = () => ({ ...CLIENT, tokenUrl: `${partner.url}/oauth/token`, userInfoUrl: `${partner.url}/userinfo`, timeoutMs: 5_000 })

  it('names the person from the token answer, or from the user information', async () => {
    await expect(createOAuthCodeProvider('map', { ...settings(), tokenIdField: 'open_id' }).resolve('code-ok')).resolves.toEqual({ provider: 'map', externalId: 'map-user-7' })
    await expect(createOAuthCodeProvider('map', settings()).resolve('code-ok')).resolves.toEqual({ provider: 'map', externalId: '770001' })
  })

  it('is no one for a refused code or wrong client credentials', async () => {
    await expect(createOAuthCodeProvider('map', settings()).resolve('code-used')).resolves.toBeUndefined()
    await expect(createOAuthCodeProvider('map', { ...settings(), clientSecret: 'wrong' }).resolve('code-ok')).resolves.toBeUndefined()
  })

  it('throws, to try again, when the partner fails, answers without JSON, names nobody or cannot be reached', async () => {
    const provider = createOAuthCodeProvider('map', settings())
    tokenAnswer = { status: 502, body: 'bad gateway' }
    await expect(provider.resolve('code-ok')).rejects.toBeInstanceOf(IdentityUnavailableError)
    tokenAnswer = { status: 200, body: '<html>' }
    await expect(provider.resolve('code-ok')).rejects.toBeInstanceOf(IdentityUnavailableError)
    tokenAnswer = { status: 200, body: '{"token_type":"Bearer"}' }
    await expect(provider.resolve('code-ok')).rejects.toBeInstanceOf(IdentityUnavailableError)
    await expect(createOAuthCodeProvider('map', { ...settings(), tokenUrl: 'http://127.0.0.1:9/oauth/token' }).resolve('code-ok')).rejects.toBeInstanceOf(IdentityUnavailableError)
  })
})

describeDb('a login through a partner that cannot be asked', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => database.dispose())

  it('answers "try again" (5003), not "wrong token", and a refused token is a login failure', async () => {
    const bank = rsaKeys()
    const unreachable = createBankTokenProvider({ jwksUrl: 'http://127.0.0.1:9/jwks.json', issuer: ISSUER, audience: AUDIENCE })
    const refusing = createBankTokenProvider({ publicKeyPem: bank.publicPem, issuer: ISSUER, audience: AUDIENCE })
    const token = await new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: 'x', exp: NOW_S() + 300 }).setProtectedHeader({ alg: 'RS256', kid: 'k' }).sign(rsaKeys().privateKey)
    for (const [bankProvider, expected] of [
      [unreachable, { code: BUSINESS_CODE.UNAVAILABLE, msg: LOGIN_MESSAGE.providerUnavailable, data: null }],
      [refusing, { code: BUSINESS_CODE.LOGIN_FAILED, msg: LOGIN_MESSAGE.badPageToken, data: null }],
    ] as const) {
      const test = await createTestApp(database.db, { identity: { ...createSimulatedIdentityProviders(), bank: bankProvider } })
      try {
        const answer = await tokenCall(test, { grantType: 'pageToken', token })
        expect(answer.json()).toEqual(expected)
      } finally {
        await test.close()
      }
    }
  })
})
