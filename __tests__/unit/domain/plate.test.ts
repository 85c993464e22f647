import {
  ENERGY_LETTERS,
  PLATE_COLOR,
  PLATE_LETTERS,
  PLATE_REASON,
  PROVINCE_ABBREVIATIONS,
  SPECIAL_PLATE_CHARACTERS,
  PLATE_KIND_LABEL,
  isPlateQueryable,
  parsePlate,
  plateHeldUntilMessage,
  plateKindOf,
} from '../../../src/domain'
import { itRefuses } from '../../support/outcome-table'
import { HOSTILE_INPUTS } from './hostile'

describe('parsePlate', () => {
  it.each([
    ['京A12345', '京A12345'],
    [' 粤b8x9z2 ', '粤B8X9Z2'],
    ['沪AD1234', '沪AD1234'],
  ])('reads the blue plate %p', (input, plate) => {
    expect(parsePlate(input)).toEqual({ ok: true, plate, kind: 'blue', plateColor: PLATE_COLOR.BLUE })
  })

  it.each([
    ['京AD12345', '京AD12345'],
    ['粤BF12345', '粤BF12345'],
    ['粤BFA1234', '粤BFA1234'],
    ['苏EA12345', '苏EA12345'],
    ['浙AKZ9999', '浙AKZ9999'],
    ['川A12345D', '川A12345D'],
    ['川a12345f', '川A12345F'],
  ])('reads the green plate %p', (input, plate) => {
    expect(parsePlate(input)).toEqual({ ok: true, plate, kind: 'green', plateColor: PLATE_COLOR.GREEN })
  })

  it.each(PROVINCE_ABBREVIATIONS)('accepts the province %s', (province) => {
    expect(parsePlate(`${province}A12345`).ok).toBe(true)
  })

  it('accepts every issuing letter but I and O', () => {
    expect(PLATE_LETTERS).not.toMatch(/[IO]/)
    for (const letter of PLATE_LETTERS) expect(parsePlate(`京${letter}12345`).ok).toBe(true)
  })

  it('accepts every energy letter in position 3, and nothing else there', () => {
    for (const letter of PLATE_LETTERS) {
      const parsed = parsePlate(`京A${letter}12345`)
      expect({ letter, ok: parsed.ok }).toEqual({ letter, ok: ENERGY_LETTERS.includes(letter) })
    }
  })

  it.each(SPECIAL_PLATE_CHARACTERS)('sends the special plate character %s to a service outlet', (ch) => {
    expect(parsePlate(`粤A1234${ch}`)).toEqual({ ok: false, reason: PLATE_REASON.special })
  })

  itRefuses(parsePlate, [
    [PLATE_REASON.empty, ['', '   ']],
    [PLATE_REASON.province, ['AA12345', '台A12345']],
    [PLATE_REASON.issuer, ['京112345']],
    [PLATE_REASON.letterIO, ['京A1234O', '京I12345']],
    [PLATE_REASON.length, ['京A1234', '京A1234567']],
    [PLATE_REASON.blue, ['京A1234_', '京A1234京']],
    [PLATE_REASON.green, ['京AX12345', '京AD1A23B', '粤BF1A234', '京A1234DD', '京A12345A']],
  ])

  it.each(HOSTILE_INPUTS)('returns a reason for %s', (_label, input) => {
    expect(parsePlate(input).ok).toBe(false)
  })
})

describe("the time another applicant's hold frees a plate", () => {
  it('names the time in the message', () => {
    expect(plateHeldUntilMessage(new Date('2026-03-01T08:30:00.000Z'))).toBe('该车辆已有其他申请人提交办理申请，若对方未支付，车牌将于16:30释放')
  })
})

describe('isPlateQueryable', () => {
  it.each([
    ['京A12345', true],
    ['京A1234', false],
    ['京AD12345', true],
    [' 京A123 ', false],
    ['', false],
  ])('%p → %p', (input, expected) => {
    expect(isPlateQueryable(input)).toBe(expected)
  })
})

describe('plate kinds as the user reads them', () => {
  it('names each kind, and reads a kind from any form of the colour code', () => {
    expect(PLATE_KIND_LABEL).toEqual({ blue: '蓝牌', green: '新能源绿牌' })
    expect([PLATE_COLOR.GREEN, String(PLATE_COLOR.GREEN)].map(plateKindOf)).toEqual(['green', 'green'])
    expect([PLATE_COLOR.BLUE, String(PLATE_COLOR.BLUE), null, undefined, '', 99].map(plateKindOf)).toEqual(Array(6).fill('blue'))
  })
})

