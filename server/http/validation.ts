/**
 * Input validation with zod. `parseInput(schema, value)` returns the parsed value or throws an
 * ApiError.badRequest whose Chinese message names the first offending field, e.g.
 * "参数 mobile 不能为空" or "参数 pageSize 不能大于100". Domain validators (src/domain) plug in as
 * fields through `domainField`, so the app and the server apply the same rules and messages.
 */
import { z } from 'zod'
import type { ValidationResult } from '../../src/domain/validation'
import { ApiError } from './envelope'

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

/** zod's own messages are English; a Chinese one was written by the schema for its users. */
const AUTHORED_MESSAGE = /[\u4e00-\u9fff]/

/**
 * The Chinese message of the first issue: the schema's own message where it wrote one (custom
 * checks carry the domain's reasons), else one built from the issue and the field's path.
 */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return '请求参数不正确'
  if (issue.code === 'custom' || AUTHORED_MESSAGE.test(issue.message)) return issue.message
  return `${describePath(issue.path)}${issueReason(issue)}`.trim()
}

/** The parsed value, or an ApiError.badRequest naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // reportInput tells a missing field from one of the wrong type; inputs never reach the message.
  const result = schema.safeParse(value, { reportInput: true })
  if (!result.success) throw ApiError.badRequest(zodMessage(result.error))
  return result.data
}

/**
 * A string field checked by a domain validator: the validator's normalised value, or its Chinese
 * reason. `maxLength` bounds the input before the validator runs (hostile input fails fast).
 */
export function domainField(validate: (input: string) => ValidationResult, maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .transform((input, context) => {
      const result = validate(input)
      if (result.ok) return result.value
      context.addIssue({ code: 'custom', message: result.reason })
      return z.NEVER
    })
}
