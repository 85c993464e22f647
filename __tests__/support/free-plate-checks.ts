import type { PlateChecks } from '../../src/stores/plate-decision'

/** The plate page's check calls, each answering that a plate may go on to a new order. */
export const FREE_PLATE_CHECKS: PlateChecks = {
  plateUnique: async () => ({ data: { resultType: 1 } }),
  contractInterception: async () => ({ intercept: false, reason: '' }),
  checkApplyPlate: async () => ({ isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: false }),
  currentProcessByPlate: async () => null,
  newApplySwitch: async () => ({ allowNewApply: true, reason: '' }),
  requiredRisk: async () => ({ required: false, reason: '' }),
}
