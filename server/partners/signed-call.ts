/**
 * One signed JSON call to a partner of ours (signed-request.ts): POST the body signed with the
 * shared secret, and take the answer only when it is a 200 whose signature verifies over our
 * method and path, echoing our nonce, with a fresh timestamp. Anything else (no answer within the
 * account's timeout, a network failure, another status, a missing or wrong signature) is a
 * PartnerCallError whose message names what went wrong and never a secret.
 */
import type { AppMetrics } from '../http/metrics'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import { newNonce, signedHeaders, verifyHeaders } from './signed-request'
import type { SignatureHeaders, SigningCredentials } from './signed-request'

export interface PartnerAccount extends SigningCredentials {
  /** The partner's API root (scheme, host, optional path). */
  readonly baseUrl: string
  /** How long a call may take before it counts as failed. */
  readonly timeoutMs: number
}

export interface PartnerCallDeps {
  readonly clock: Clock
  readonly random: RandomSource
  /** Where each call is counted and timed, by `partner.label`. */
  readonly metrics?: Pick<AppMetrics, 'partnerCalls' | 'partnerSeconds'>
}

/** Who is called: its metrics label, and its name in error messages. */
export interface Partner {
  readonly label: string
  readonly name: string
}

/** A call whose answer does not count; its message names who was called (in logs and in the outbox's last error). */
export class PartnerCallError extends Error {
  override readonly name = 'PartnerCallError'
}

const HTTP_OK = 200

/** The first system error code along the cause chain (ECONNREFUSED, …). Duck-typed: errors may come from another realm. */
function causeCode(error: unknown): string {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return 'unknown cause'
}

/** The full address of `path` below the account's API root. */
export function partnerUrl(account: Pick<PartnerAccount, 'baseUrl'>, path: string): URL {
  return new URL(`${account.baseUrl.replace(/\/+$/, '')}${path}`)
}

/** POSTs `body` (JSON text) to `url`, signed; answers the verified answer's text. */
export async function postSigned(partner: Partner, account: PartnerAccount, names: SignatureHeaders, url: URL, body: string, deps: PartnerCallDeps): Promise<string> {
  const stop = deps.metrics?.partnerSeconds.startTimer({ partner: partner.label })
  try {
    const answer = await signedExchange(partner.name, account, names, url, body, deps)
    deps.metrics?.partnerCalls.inc({ partner: partner.label, outcome: 'ok' })
    return answer
  } catch (error) {
    deps.metrics?.partnerCalls.inc({ partner: partner.label, outcome: 'failed' })
    throw error
  } finally {
    stop?.()
  }
}

async function signedExchange(name: string, account: PartnerAccount, names: SignatureHeaders, url: URL, body: string, deps: PartnerCallDeps): Promise<string> {
  const message = { method: 'POST', path: `${url.pathname}${url.search}`, body }
  const nonce = newNonce(deps.random)
  const headers = { 'content-type': 'application/json', ...signedHeaders(names, account, message, deps.clock.now(), nonce) }
  const signal = AbortSignal.timeout(account.timeoutMs)
  let response: Response
  let answer: string
  try {
    // A partner's API does not move: a redirect is refused, not followed with our signed request.
    response = await fetch(url, { method: message.method, headers, body, signal, redirect: 'error' })
    answer = await response.text()
  } catch (error) {
    if (signal.aborted) throw new PartnerCallError(`The ${name} did not answer within ${account.timeoutMs} ms`)
    throw new PartnerCallError(`The ${name} could not be reached (${causeCode(error)})`)
  }
  if (response.status !== HTTP_OK) throw new PartnerCallError(`The ${name} answered HTTP ${response.status}`)
  const verified = verifyHeaders(names, account.secret, { ...message, body: answer, answer: true }, Object.fromEntries(response.headers), deps.clock.now(), { nonce })
  if (!verified.ok) throw new PartnerCallError(`The ${name}'s answer was refused: its signature is ${verified.problem === 'signature' ? 'wrong' : verified.problem}`)
  return answer
}

/** The answer's JSON object, or a PartnerCallError naming `name`. */
export function jsonObjectOf(name: string, text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    // Not JSON: refused below like any other shape.
  }
  throw new PartnerCallError(`The ${name} answered something that is not a JSON object`)
}
