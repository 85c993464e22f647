/**
 * Reading an outside party's settings from the environment (server/config.ts's EnvReader offers
 * this): every missing or malformed one is one line of the configuration's refusal, and a secret
 * may come from a file (NAME_FILE, a mounted secret).
 */

/** What the configuration reader offers (server/config.ts's EnvReader). */
export interface SettingsReader {
  readonly problems: string[]
  raw(name: string): string | undefined
  /** NAME, or the content of the file NAME_FILE names. */
  secret(name: string): string | undefined
  integer(name: string, fallback: number, min: number, max: number): number
}

const PEM = /^-----BEGIN [A-Z ]*KEY-----[\s\S]+-----END [A-Z ]*KEY-----\s*$/
const HTTP_URL = /^https?:\/\/[^\s]+$/

export function required(reader: SettingsReader, name: string, secret = false): string {
  const value = secret ? reader.secret(name) : reader.raw(name)
  if (value === undefined) reader.problems.push(`${name} must be set${secret ? ` (or ${name}_FILE, a file holding it)` : ''}`)
  return value ?? ''
}

export function pem(reader: SettingsReader, name: string): string {
  const value = required(reader, name, true)
  if (value && !PEM.test(value)) reader.problems.push(`${name} must be a PEM key (-----BEGIN … KEY-----)`)
  return value
}

export function url(reader: SettingsReader, name: string): string | undefined {
  const value = reader.raw(name)
  if (value !== undefined && !HTTP_URL.test(value)) reader.problems.push(`${name} must be an http(s) URL`)
  return value
}

