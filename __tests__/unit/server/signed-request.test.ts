/** The partners' signing scheme (server/partners/signed-request.ts), both ways. */
import { SIGNATURE_TOLERANCE_MS, signatureHeaders, signedHeaders, verifyHeaders } from '../../../server/partners/signed-request'

const NAMES = signatureHeaders('issuer')
const CREDENTIALS = { appId: 'etc-apply', secret: 'a-shared-secret-of-at-least-32-chars!' }
const NOW = new Date('2026-11-28T10:00:00Z')
const NONCE = 'n0nce-0123456789abcdef'
const REQUEST = { method: 'POST', path: '/etc-issuer/v1/orders', body: '{"orderId":"O1"}' }

describe('signed partner messages', () => {
  it('verify what was signed, and nothing changed', () => {
    const headers = signedHeaders(NAMES, CREDENTIALS, REQUEST, NOW, NONCE)
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, REQUEST, headers, NOW, { appId: CREDENTIALS.appId })).toEqual({ ok: true, nonce: NONCE })
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, { ...REQUEST, body: '{"orderId":"O2"}' }, headers, NOW)).toEqual({ ok: false, problem: 'signature' })
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, { ...REQUEST, path: '/other' }, headers, NOW)).toEqual({ ok: false, problem: 'signature' })
    expect(verifyHeaders(NAMES, 'another-secret-of-at-least-32-characters', REQUEST, headers, NOW)).toEqual({ ok: false, problem: 'signature' })
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, REQUEST, headers, NOW, { appId: 'someone-else' })).toEqual({ ok: false, problem: 'foreign' })
  })

  it('refuse a message from too long ago or too far ahead', () => {
    const headers = signedHeaders(NAMES, CREDENTIALS, REQUEST, NOW, NONCE)
    const later = new Date(NOW.getTime() + SIGNATURE_TOLERANCE_MS + 1_000)
    const earlier = new Date(NOW.getTime() - SIGNATURE_TOLERANCE_MS - 1_000)
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, REQUEST, headers, later)).toEqual({ ok: false, problem: 'stale' })
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, REQUEST, headers, earlier)).toEqual({ ok: false, problem: 'stale' })
  })

  it('tell an answer from a request: a request sent back as its own answer is refused', () => {
    const request = signedHeaders(NAMES, CREDENTIALS, REQUEST, NOW, NONCE)
    // Both sides hold the one secret: only the answer's mark tells the directions apart.
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, { ...REQUEST, answer: true }, request, NOW, { nonce: NONCE })).toEqual({ ok: false, problem: 'signature' })
    const answer = signedHeaders(NAMES, CREDENTIALS, { ...REQUEST, answer: true }, NOW, NONCE)
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, { ...REQUEST, answer: true }, answer, NOW, { nonce: NONCE })).toEqual({ ok: true, nonce: NONCE })
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, REQUEST, answer, NOW)).toEqual({ ok: false, problem: 'signature' })
  })

  it('refuse missing or repeated headers, and an answer to another request', () => {
    const headers = signedHeaders(NAMES, CREDENTIALS, REQUEST, NOW, NONCE)
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, REQUEST, { ...headers, [NAMES.signature]: undefined }, NOW)).toEqual({ ok: false, problem: 'missing' })
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, REQUEST, { ...headers, [NAMES.signature]: [String(headers[NAMES.signature]), 'x'] }, NOW)).toEqual({ ok: false, problem: 'missing' })
    expect(verifyHeaders(NAMES, CREDENTIALS.secret, REQUEST, headers, NOW, { nonce: 'another-nonce-0123456789' })).toEqual({ ok: false, problem: 'foreign' })
  })
})
