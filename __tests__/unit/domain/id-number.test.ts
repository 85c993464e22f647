import { ID_REASON, checkIdNumber, idCheckCharacter, isProvinceCode, validateIdNumber } from '../../../src/domain'
import { itRefuses } from '../../support/outcome-table'
import { HOSTILE_INPUTS } from './hostile'

const TODAY = new Date(2026, 10, 21)
// Valid numbers whose check characters were computed independently (the first two are the
// examples of the national standard).
const VALID_IDS = ['11010519491231002X', '440524188001010014', '110101199003078515']

describe('validateIdNumber', () => {
  it.each(VALID_IDS)('accepts %p', (id) => {
    expect(validateIdNumber(id, TODAY)).toEqual({ ok: true, value: id })
  })

  it('trims and upper-cases a final x', () => {
    expect(validateIdNumber(' 11010519491231002x ', TODAY)).toEqual({ ok: true, value: '11010519491231002X' })
  })

  itRefuses((input) => validateIdNumber(input, TODAY), [
    [ID_REASON.empty, ['']],
    [ID_REASON.length, ['1101051949123100', '11010519491231002X1', '110101199003078515'.slice(0, 15)]],
    [ID_REASON.format, ['1101051949123100ZX', '11010519491231002Y', 'X10105194912310020', '１１０１０５１９４９１２３１００２X']],
  ])

  const withProvince = (code: string): string => {
    const first17 = `${code}0105194912310${'02'}`.slice(0, 17)
    return `${first17}${idCheckCharacter(first17)}`
  }

  it.each(['11', '15', '21', '23', '31', '37', '41', '46', '50', '54', '61', '65', '71', '81', '82', '83'])(
    'accepts province code %s',
    (code) => {
      expect(isProvinceCode(Number(code))).toBe(true)
      expect(validateIdNumber(withProvince(code), TODAY).ok).toBe(true)
    },
  )

  it.each(['00', '10', '16', '20', '24', '30', '38', '40', '47', '49', '55', '60', '66', '70', '72', '80', '84', '99'])(
    'rejects province code %s',
    (code) => {
      expect(isProvinceCode(Number(code))).toBe(false)
      expect(validateIdNumber(withProvince(code), TODAY)).toEqual({ ok: false, reason: ID_REASON.province })
    },
  )

  const withBirth = (yyyymmdd: string): string => {
    const first17 = `110105${yyyymmdd}002`
    return `${first17}${idCheckCharacter(first17)}`
  }

  it.each(['18000101', '20000229', '20261121', '19491231'])('accepts the birth date %s', (date) => {
    expect(validateIdNumber(withBirth(date), TODAY).ok).toBe(true)
  })

  it.each(['17991231', '20261122', '30000101', '19000229', '20230229', '20241301', '20240001', '20240100', '20240431'])(
    'rejects the birth date %s',
    (date) => {
      expect(validateIdNumber(withBirth(date), TODAY)).toEqual({ ok: false, reason: ID_REASON.birthDate })
    },
  )

  it('uses the current date when none is given', () => {
    expect(validateIdNumber(withBirth('29991231')).ok).toBe(false)
    expect(validateIdNumber(VALID_IDS[0]!).ok).toBe(true)
  })

  it.each(VALID_IDS)('rejects every single-character change of %p', (id) => {
    for (let position = 0; position < id.length; position++) {
      for (const ch of '0123456789X') {
        if (ch === id[position]) continue
        const mutated = `${id.slice(0, position)}${ch}${id.slice(position + 1)}`
        expect({ mutated, ok: validateIdNumber(mutated, TODAY).ok }).toEqual({ mutated, ok: false })
      }
    }
  })

  it('reports a wrong check character as a checksum failure', () => {
    expect(validateIdNumber('110105194912310021', TODAY)).toEqual({ ok: false, reason: ID_REASON.checksum })
  })

  it.each(HOSTILE_INPUTS)('returns a reason for %s', (_label, input) => {
    const result = validateIdNumber(input, TODAY)
    expect(result.ok).toBe(false)
  })
})

describe('checkIdNumber', () => {
  it.each(VALID_IDS)('accepts the 18-digit %p', (id) => {
    expect(checkIdNumber(id, TODAY)).toEqual({ ok: true, value: id })
  })

  it.each(['110105491231002', '440524800101001', '510102960229123'])('accepts the legacy 15-digit %p', (id) => {
    expect(checkIdNumber(id, TODAY)).toEqual({ ok: true, value: id })
  })

  itRefuses((input) => checkIdNumber(input, TODAY), [
    [ID_REASON.empty, ['']],
    [ID_REASON.legacyLength, ['1101054912310', '1101054912310021']],
    [ID_REASON.legacyFormat, ['11010549123100X']],
    [ID_REASON.province, ['990105491231002']],
    // The last is read as 1900, which had no 29 February.
    [ID_REASON.birthDate, ['110105491331002', '110105010229002', '510102000229123']],
    [ID_REASON.checksum, ['110105194912310021']],
  ])

  it.each(HOSTILE_INPUTS)('returns a reason for %s', (_label, input) => {
    expect(checkIdNumber(input, TODAY).ok).toBe(false)
  })
})
