import { EXTERNAL_URL_REASON, parseExternalUrl } from '../../src/domain/external-url'

describe('parseExternalUrl', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    ['https%3A%2F%2Fexample.com%2Fa%3Fb%3D1', 'https://example.com/a?b=1'],
    ['https%253A%252F%252Fexample.com%252Fa', 'https://example.com/a'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    // An already-decoded URL keeps its own escapes.
    ['https://example.com/search?q=a%20b', 'https://example.com/search?q=a%20b'],
  ])('accepts %p', (raw, url) => {
    expect(parseExternalUrl(raw)).toEqual({ ok: true, url })
  })

  it.each([undefined, null, '', '   '])('reports a missing address for %p', (raw) => {
    expect(parseExternalUrl(raw)).toEqual({ ok: false, reason: EXTERNAL_URL_REASON.missing })
  })

  it.each([
    'javascript:alert(1)',
    'javascript%3Aalert(1)',
    'data:text/html,<b>x</b>',
    'ftp://example.com',
    '//example.com',
    '/pages/index/index',
    'https://',
    'https://exa mple.com',
    '%E0%A4%A',
    'https%3A%2F%2F',
  ])('rejects %p as invalid', (raw) => {
    expect(parseExternalUrl(raw)).toEqual({ ok: false, reason: EXTERNAL_URL_REASON.invalid })
  })
})
