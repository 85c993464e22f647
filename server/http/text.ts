/**
 * The one text rule for every string the server takes (bodies, queries, path parameters, header
 * fields and sealed parameters once opened):
 *
 * - refused: C0 controls (U+0000–U+001F; tab, line feed and carriage return only where a field is
 *   multi-line), DEL and the C1 controls (U+007F–U+009F), lone surrogates (no valid UTF-8, and
 *   PostgreSQL refuses `\u0000` in text and jsonb), the bidirectional controls that reorder what a
 *   reader sees (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the byte-order mark
 *   U+FEFF. Other format characters (e.g. the zero-width joiner inside emoji) pass: the domain's
 *   allow-lists refuse them where a field is stricter.
 * - normalised: Unicode NFC, so one text has one stored form; the length cap applies afterwards.
 * - capped: every field names its maximum; input longer than NFC could ever shrink to that
 *   maximum is refused before it is normalised (hostile input fails fast).
 *
 * JSON values a field takes whole (drafts) are walked with `jsonTextProblem`: every key and every
 * string inside, to a bounded depth.
 */
import { z } from 'zod'

export const TEXT_MESSAGE = {
  forbidden: '含有不允许的字符',
  tooDeep: '嵌套层级过深',
} as const

/**
 * NFC can turn one UTF-16 unit into at most three (Unicode's stated bound for any normalisation
 * form is 3× for NFC), so raw input above this factor times the cap can never fit it.
 */
const NFC_MAX_EXPANSION = 3
/** How deep `jsonTextProblem` looks into a JSON value before refusing it. */
export const MAX_JSON_DEPTH = 8

const CODE = {
  tab: 0x09,
  lineFeed: 0x0a,
  carriageReturn: 0x0d,
  lastC0: 0x1f,
  del: 0x7f,
  lastC1: 0x9f,
  firstSurrogate: 0xd800,
  lastSurrogate: 0xdfff,
  byteOrderMark: 0xfeff,
} as const

/** Bidirectional controls (Unicode's Bidi_Control property): they reorder displayed text. */
const BIDI_CONTROLS: ReadonlySet<number> = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
])

const LINE_BREAKS: ReadonlySet<number> = new Set([CODE.tab, CODE.lineFeed, CODE.carriageReturn])

export interface TextOptions {
  /** Fewest characters after normalisation (and trimming); default 0. */
  readonly min?: number
  /** Allow tab, line feed and carriage return. */
  readonly multiline?: boolean
  /** Trim surrounding white space before the length checks. */
  readonly trim?: boolean
}

function forbiddenCode(code: number, multiline: boolean): boolean {
  if (code <= CODE.lastC0) return !(multiline && LINE_BREAKS.has(code))
  if (code >= CODE.del && code <= CODE.lastC1) return true
  // for…of yields a paired surrogate as one code point above U+FFFF: what remains here is lone.
  if (code >= CODE.firstSurrogate && code <= CODE.lastSurrogate) return true
  return code === CODE.byteOrderMark || BIDI_CONTROLS.has(code)
}

/** Whether the text holds a character the rule refuses. */
export function hasForbiddenCharacter(value: string, multiline = false): boolean {
  for (const ch of value) {
    if (forbiddenCode(ch.codePointAt(0) ?? 0, multiline)) return true
  }
  return false
}

/** The longest raw input worth normalising for a field capped at `max`. */
function rawTextLimit(max: number): number {
  return max * NFC_MAX_EXPANSION
}

/**
 * A custom issue whose message is a reason about the field: validation.ts prefixes the field's
 * path ("参数 reason 含有不允许的字符").
 */
export const FIELD_REASON_PARAM = 'fieldReason'

export function forbiddenIssue(message: string = TEXT_MESSAGE.forbidden) {
  return { code: 'custom' as const, message, params: { [FIELD_REASON_PARAM]: true } }
}

/** A string field under the text rule: checked, NFC-normalised (and trimmed if asked), capped at `max`. */
export function text(max: number, options: TextOptions = {}) {
  const multiline = options.multiline ?? false
  return z
    .string()
    .transform((raw, context) => {
      if (raw.length > rawTextLimit(max)) {
        context.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: raw })
        return z.NEVER
      }
      if (hasForbiddenCharacter(raw, multiline)) {
        context.addIssue(forbiddenIssue())
        return z.NEVER
      }
      const value = raw.normalize('NFC')
      return options.trim ? value.trim() : value
    })
    .pipe(
      z
        .string()
        .min(options.min ?? 0)
        .max(max),
    )
}

/**
 * What is wrong with a JSON value's text, if anything: a key or string anywhere inside that the
 * rule refuses, or nesting deeper than MAX_JSON_DEPTH.
 */
export function jsonTextProblem(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return hasForbiddenCharacter(value, true) ? TEXT_MESSAGE.forbidden : undefined
  if (typeof value !== 'object' || value === null) return undefined
  if (depth >= MAX_JSON_DEPTH) return TEXT_MESSAGE.tooDeep
  const entries: [string | undefined, unknown][] = Array.isArray(value) ? value.map((item) => [undefined, item]) : Object.entries(value)
  for (const [key, item] of entries) {
    if (key !== undefined && hasForbiddenCharacter(key)) return TEXT_MESSAGE.forbidden
    const problem = jsonTextProblem(item, depth + 1)
    if (problem) return problem
  }
  return undefined
}
