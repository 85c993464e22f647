import { PLATE_ADMISSION_ORDER, decidePlateAdmission } from '../../../src/domain/plate-admission'
import type { PlateAdmissionCheck, PlateAdmissionChecks } from '../../../src/domain/plate-admission'

/** Every check, each recording that it was read and deciding when named in `deciding` (sync or async by turns). */
function recordingChecks(deciding: readonly PlateAdmissionCheck[]) {
  const read: PlateAdmissionCheck[] = []
  const checks: PlateAdmissionChecks<string> = {}
  PLATE_ADMISSION_ORDER.forEach((check, index) => {
    const verdict = deciding.includes(check) ? `refused by ${check}` : undefined
    checks[check] = index % 2 === 0 ? () => (read.push(check), verdict) : async () => (read.push(check), verdict)
  })
  return { checks, read }
}

describe('the plate-admission rule', () => {
  it('reads taken, intercepted, the own order, the switch, then the risk review', () => {
    expect(PLATE_ADMISSION_ORDER).toEqual(['taken', 'intercepted', 'ownOrder', 'paused', 'risk'])
  })

  it('admits a plate no check decides on, having read every check once in that order', async () => {
    const { checks, read } = recordingChecks([])
    await expect(decidePlateAdmission(checks)).resolves.toBeUndefined()
    expect(read).toEqual(PLATE_ADMISSION_ORDER)
  })

  it.each(PLATE_ADMISSION_ORDER.map((check, index) => [check, PLATE_ADMISSION_ORDER.slice(index)] as const))(
    'lets %s decide over every later check, which it never reads',
    async (check, deciding) => {
      const { checks, read } = recordingChecks(deciding)
      await expect(decidePlateAdmission(checks)).resolves.toBe(`refused by ${check}`)
      expect(read).toEqual(PLATE_ADMISSION_ORDER.slice(0, PLATE_ADMISSION_ORDER.indexOf(check) + 1))
    },
  )

  it('skips a check a side does not make', async () => {
    await expect(decidePlateAdmission<string>({ risk: () => 'refused by risk' })).resolves.toBe('refused by risk')
    await expect(decidePlateAdmission({})).resolves.toBeUndefined()
  })

  it('fails as the check that failed, once the checks before it let the plate through', async () => {
    const failure = new Error('the switch could not be read')
    const risk = jest.fn(() => 'refused by risk')
    await expect(decidePlateAdmission<string>({ paused: () => Promise.reject(failure), risk })).rejects.toBe(failure)
    expect(risk).not.toHaveBeenCalled()
    await expect(decidePlateAdmission<string>({ taken: () => 'refused by taken', paused: () => Promise.reject(failure) })).resolves.toBe('refused by taken')
  })
})
