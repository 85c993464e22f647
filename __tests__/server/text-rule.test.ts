/**
 * The one text rule (server/http/text.ts) on its own: which characters it refuses, NFC before the
 * length cap, and the walk over JSON taken whole.
 */
import { z } from 'zod'
import { MAX_JSON_DEPTH, TEXT_MESSAGE, hasForbiddenCharacter, jsonTextProblem, text } from '../../server/http/text'
import { parseInput } from '../../server/http/validation'

describe('the text rule', () => {
  it.each([
    ['NUL', '\u0000'],
    ['a C0 control', '\u001b'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
    ['a bidi override', '\u202e'],
    ['a bidi isolate', '\u2066'],
    ['the Arabic letter mark', '\u061c'],
    ['a byte-order mark', '\ufeff'],
  ])('refuses %s', (_name, ch) => {
    expect(hasForbiddenCharacter(`a${ch}b`)).toBe(true)
  })

  it.each([
    ['Chinese', '张三 北京市'],
    ['an emoji (a surrogate pair)', '👍'],
    ['an emoji sequence with a zero-width joiner', '👨\u200d👩'],
    ['Latin with accents', 'Crème brûlée'],
  ])('lets %s through', (_name, value) => {
    expect(hasForbiddenCharacter(value)).toBe(false)
  })

  it('allows tab and line breaks only in multi-line text', () => {
    expect(hasForbiddenCharacter('a\nb\tc\r\n')).toBe(true)
    expect(hasForbiddenCharacter('a\nb\tc\r\n', true)).toBe(false)
    expect(hasForbiddenCharacter('a\u0000b', true)).toBe(true)
  })

  it('normalises to NFC, then caps the length, and names the field', () => {
    const schema = z.object({ name: text(4, { min: 1, trim: true }) })
    expect(parseInput(schema, { name: ' Jose\u0301 ' })).toEqual({ name: 'Jos\u00e9' })
    expect(() => parseInput(schema, { name: 'e\u0301e\u0301e\u0301e\u0301e\u0301' })).toThrow('参数 name 长度不能超过4')
    expect(() => parseInput(schema, { name: 'x'.repeat(100_000) })).toThrow('参数 name 长度不能超过4')
    expect(() => parseInput(schema, { name: 'a\u0000' })).toThrow(`参数 name ${TEXT_MESSAGE.forbidden}`)
    expect(() => parseInput(schema, { name: '  ' })).toThrow('参数 name 不能为空')
  })

  it('walks every key and string of a JSON value, to a bounded depth', () => {
    expect(jsonTextProblem({ a: [1, true, null, { b: 'ok' }] })).toBeUndefined()
    expect(jsonTextProblem({ a: [{ b: 'x\u0000' }] })).toBe(TEXT_MESSAGE.forbidden)
    expect(jsonTextProblem({ a: { 'k\u202e': 1 } })).toBe(TEXT_MESSAGE.forbidden)
    const nested = (levels: number) => Array.from({ length: levels }).reduce<unknown>((inner) => ({ inner }), 'x')
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH))).toBeUndefined()
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH + 1))).toBe(TEXT_MESSAGE.tooDeep)
  })
})
