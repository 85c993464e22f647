/**
 * Production is real or refuses to start. The configuration already refuses simulated outside
 * parties in production (server/config.ts); this checks the parts actually built, so a
 * deployment that wires a stand-in in code (or a configuration assembled without loadConfig)
 * cannot serve real people with a simulator behind it.
 */
import type { FastifyBaseLogger } from 'fastify'
import { ConfigError } from './config'
import type { AppDeps } from './deps'

type BuiltParties = Pick<AppDeps, 'config' | 'identity' | 'sms' | 'phoneNumbers' | 'cashier' | 'risk' | 'issuer' | 'wechatPlatform' | 'ocr'>

/** The names of the simulated parts among `deps`, in a fixed order. */
export function simulatedParts(deps: Omit<BuiltParties, 'config'>): string[] {
  const parts: [string, { readonly simulated?: boolean }][] = [
    ['identity provider bank', deps.identity.bank],
    ...Object.entries(deps.identity.authCode).map(([name, provider]): [string, { readonly simulated?: boolean }] => [`identity provider ${name}`, provider]),
    ['SMS gateway', deps.sms],
    ['phone number provider', deps.phoneNumbers],
    ['cashier', deps.cashier],
    ['risk reviewer', deps.risk],
    ['issuer gateway', deps.issuer],
    ['WeChat platform', deps.wechatPlatform],
    ['OCR provider', deps.ocr],
  ]
  return parts.filter(([, part]) => part.simulated === true).map(([name]) => name)
}

/** Throws a ConfigError naming every simulated part when the app is built for production. */
export function assertProductionReady(deps: BuiltParties): void {
  if (!deps.config.production) return
  const problems = simulatedParts(deps).map((name) => `the ${name} is simulated: production needs a real implementation`)
  if (deps.config.smsSimulator) problems.push('SMS_SIMULATOR is on: production never answers the SMS test calls')
  if (deps.config.simAutoAdvanceSeconds > 0) problems.push('SIM_AUTO_ADVANCE_SECONDS must be 0 in production')
  if (problems.length) throw new ConfigError(problems)
}

/** The log line of each simulated part a development server runs with. */
export const SIMULATED_PART_WARNING = 'running with a simulated part: development only, never for real people'

/**
 * Development says, once per start and at warn level, what is simulated: a server that reached
 * real people by mistake shows it in the first lines of its log.
 */
export function warnSimulatedParts(deps: BuiltParties, log: FastifyBaseLogger): void {
  if (deps.config.production) return
  const parts = simulatedParts(deps)
  if (deps.config.smsSimulator) parts.push('SMS test calls (sendTest)')
  if (deps.config.simAutoAdvanceSeconds > 0) parts.push('lifecycle timer (SIM_AUTO_ADVANCE_SECONDS)')
  if (deps.config.dataKeyHex === undefined) parts.push(`data key generated into DATA_DIR (DATA_KEY_HEX unset)`)
  for (const part of parts) log.warn({ part }, SIMULATED_PART_WARNING)
}
