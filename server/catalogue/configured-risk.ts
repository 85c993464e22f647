/** The risk reviewer a server runs with, from its configuration: the HTTP one of RISK_PROVIDER=http, or the simulated one. */
import type { Config } from '../config'
import type { PartnerCallDeps } from '../partners/signed-call'
import { createHttpRiskReviewer } from './http-risk-reviewer'
import type { RiskLog } from './http-risk-reviewer'
import { createSimulatedRiskReviewer } from './risk-review'
import type { RiskReviewer } from './risk-review'

export function createConfiguredRiskReviewer(config: Pick<Config, 'riskAccount'>, deps: PartnerCallDeps & { readonly log: RiskLog }): RiskReviewer {
  return config.riskAccount ? createHttpRiskReviewer(config.riskAccount, deps) : createSimulatedRiskReviewer()
}
