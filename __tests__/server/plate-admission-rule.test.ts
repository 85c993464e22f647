/**
 * One plate-admission rule (src/domain/plate-admission.ts) for both sides: the plate page's
 * decision (src/stores/plate-decision.ts) and the server's admission of a new order
 * (server/orders/admission.ts) each hand their checks to it, and neither decides on its own.
 */
import * as rule from '../../src/domain/plate-admission'
import type { PlateAdmissionChecks } from '../../src/domain/plate-admission'
import { parsePlate } from '../../src/domain/plate'
import { checkPlate } from '../../src/stores/plate-decision'
import { FREE_PLATE_CHECKS } from '../support/free-plate-checks'
import { BANK } from './support/api'
import { createOrder, login, orderWorld, OTHER_PLATE, PHONES, PLATE, submittedOrder } from './support/orders'
import { describeDb } from './support/test-database'

/** The checks each call to the rule was given, by name. */
function spyOnRule() {
  const spy = jest.spyOn(rule, 'decidePlateAdmission')
  const checksGiven = () => spy.mock.calls.map(([checks]: [PlateAdmissionChecks<unknown>]) => Object.keys(checks))
  return { spy, checksGiven }
}

afterEach(() => jest.restoreAllMocks())

describe('the plate page', () => {
  it('decides through the rule, with every check it reads', async () => {
    const { checksGiven } = spyOnRule()
    await expect(checkPlate(FREE_PLATE_CHECKS, { plate: parsePlate(PLATE), promotionChannelId: BANK.promotionChannelId, orderId: undefined })).resolves.toEqual({ kind: 'free' })
    expect(checksGiven()).toEqual([[...rule.PLATE_ADMISSION_ORDER]])
  })
})

describeDb("the server's admission", () => {
  const world = orderWorld()

  it('admits a new order through the rule, with every check but the own order (the page resumes that one)', async () => {
    const { checksGiven } = spyOnRule()
    await createOrder(world.test, world.owner, OTHER_PLATE)
    expect(checksGiven()).toEqual([rule.PLATE_ADMISSION_ORDER.filter((check) => check !== 'ownOrder')])
  })

  it("refuses a plate another applicant submitted with the rule's decision", async () => {
    await submittedOrder(world.test, world.owner, { plateNumber: PLATE })
    const { spy } = spyOnRule()
    const other = await login(world.test, PHONES.other)
    await expect(createOrder(world.test, other, PLATE)).rejects.toThrow(/2001/)
    await expect(spy.mock.results[0]?.value).resolves.toMatchObject({ code: 2001 })
  })
})
