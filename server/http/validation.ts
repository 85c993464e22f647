/**
 * Input validation with zod. `parseInput(schema, value)` returns the parsed value or throws an
 * ApiError.badRequest whose Chinese message names the first offending field, e.g.
 * "参数 mobile 不能为空" or "参数 pageSize 不能大于100". Domain validators (src/domain) plug in as
 * fields through `domainField`, so the app and the server apply the same rules and messages.
 */
import type { FastifySchemaCompiler } from 'fastify'
import { z } from 'zod'
import type { ValidationResult } from '../../src/domain/validation'
import { ApiError } from './envelope'
import { FIELD_REASON_PARAM, forbiddenIssue, hasForbiddenCharacter } from './text'

type Issue = z.core.$ZodIssue

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  bigint: '整数',
  date: '日期',
}

/** The longest list of allowed values quoted back in a message. */
const MAX_QUOTED_VALUES = 8

function describePath(path: readonly PropertyKey[]): string {
  return path.length ? `参数 ${path.map(String).join('.')} ` : '请求参数'
}

function sizeReason(issue: Issue & { code: 'too_big' | 'too_small' }): string {
  const big = issue.code === 'too_big'
  const limit = Number(big ? issue.maximum : issue.minimum)
  switch (issue.origin) {
    case 'string':
      if (!big && limit === 1) return '不能为空'
      return big ? `长度不能超过${limit}` : `长度不能少于${limit}`
    case 'array':
    case 'set':
      return big ? `最多${limit}项` : `至少${limit}项`
    default:
      return big ? `不能大于${limit}` : `不能小于${limit}`
  }
}

function issueReason(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (!('input' in issue) || issue.input === undefined) return '不能为空'
      return `应为${TYPE_NAMES[issue.expected] ?? issue.expected}`
    case 'too_big':
    case 'too_small':
      return sizeReason(issue)
    case 'invalid_format':
      return '格式不正确'
    case 'invalid_value': {
      const values = issue.values.slice(0, MAX_QUOTED_VALUES).map(String)
      return `取值无效，可选值：${values.join('、')}`
    }
    case 'invalid_union':
      return '取值无效'
    case 'unrecognized_keys':
      return `不支持的字段 ${issue.keys.join('、')}`
    case 'not_multiple_of':
      return '取值无效'
    default:
      return '格式不正确'
  }
}

/**
 * The issue that says what is wrong: a record key's own issue, reported at the record (the key
 * came from the client and is not quoted back); for a union where exactly one option took the
 * value's type (e.g. a string in `string | number`), that option's first issue; else the issue.
 */
function decisiveIssue(issue: Issue): Issue {
  if (issue.code === 'invalid_key') {
    const inner = issue.issues[0]
    return inner ? decisiveIssue({ ...inner, path: issue.path.slice(0, -1) }) : issue
  }
  if (issue.code !== 'invalid_union') return issue
  const typed = issue.errors.filter((branch) => branch.length > 0 && branch.every((inner) => inner.code !== 'invalid_type'))
  const inner = typed.length === 1 ? typed[0]?.[0] : undefined
  return inner ? decisiveIssue({ ...inner, path: [...issue.path, ...inner.path] }) : issue
}

/** zod's own messages are English; a Chinese one was written by the schema for its users. */
const AUTHORED_MESSAGE = /[\u4e00-\u9fff]/

/**
 * The Chinese message of the first issue: the schema's own message where it wrote one (custom
 * checks carry the domain's reasons), else one built from the issue and the field's path.
 */
export function zodMessage(error: z.ZodError): string {
  const first = error.issues[0]
  if (!first) return '请求参数不正确'
  const issue = decisiveIssue(first)
  if (issue.code === 'custom' && issue.params?.[FIELD_REASON_PARAM] === true) return `${describePath(issue.path)}${issue.message}`.trim()
  if (issue.code === 'custom' || AUTHORED_MESSAGE.test(issue.message)) return issue.message
  return `${describePath(issue.path)}${issueReason(issue)}`.trim()
}

/** The parsed value, or the ApiError.badRequest naming the field. */
function checkInput<S extends z.ZodType>(schema: S, value: unknown): { value: z.output<S> } | { error: ApiError } {
  // reportInput tells a missing field from one of the wrong type; inputs never reach the message.
  const result = schema.safeParse(value, { reportInput: true })
  return result.success ? { value: result.data } : { error: ApiError.badRequest(zodMessage(result.error)) }
}

/** The parsed value, or an ApiError.badRequest naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const checked = checkInput(schema, value)
  if ('error' in checked) throw checked.error
  return checked.value
}

/**
 * Fastify's validator compiler for the contract routes' zod schemas (server/http/endpoint.ts):
 * Fastify validates and replaces each request part with its parsed value, and a refusal reaches
 * the error handler as the ApiError.badRequest parseInput would throw. Fastify hands a missing body
 * over as null; it is validated as the absent body it is.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) =>
    checkInput(schema, httpPart === 'body' && data === null ? undefined : data)

/**
 * A string field checked by a domain validator: the validator's normalised value, or its Chinese
 * reason. `maxLength` bounds the input before the validator runs (hostile input fails fast). The
 * text rule (text.ts) applies around it: the input is NFC-normalised before the validator sees it,
 * so its allow-list and its messages speak first, and whatever it lets through is checked again.
 */
export function domainField(validate: (input: string) => ValidationResult, maxLength: number) {
  return domainValue(validate, (value) => value, maxLength)
}

/** A domain parser's answer: the parsed value, or the reason in the person's words. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

/**
 * A string field parsed once by a domain parser into a richer value (a plate with its colour),
 * under the same rules as domainField; `textOf` is the value's normalised text, which the text
 * rule checks.
 */
export function domainValue<T>(parse: (input: string) => Parsed<T>, textOf: (value: T) => string, maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .transform((input, context) => {
      const result = parse(input.normalize('NFC'))
      if (!result.ok) {
        context.addIssue({ code: 'custom', message: result.reason })
        return z.NEVER
      }
      if (hasForbiddenCharacter(textOf(result.value))) {
        context.addIssue(forbiddenIssue())
        return z.NEVER
      }
      return result.value
    })
}
