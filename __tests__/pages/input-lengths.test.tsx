/**
 * Inputs carry their field's real length from the domain's rules (mobile 11, SMS code 6, ID number
 * 18, VIN 17, …), not Taro's default maxlength of 140: the login page's two fields, every field of
 * the information form, and the shared form field itself.
 */
import { createElement } from 'react'
import LoginPage from '../../src/pages/entry/login/index'
import UpinfoPage from '../../src/pages/apply/upinfo/index'
import { FormField } from '../../src/components/form-field/FormField'
import { ADDRESS_FIELD, CONSIGNEE_FIELDS, OWNER_FIELDS, VEHICLE_FIELDS } from '../../src/features/apply/upinfo/upinfo-fields'
import type { ApplyFormField } from '../../src/domain/apply-form'
import { ID_LENGTH } from '../../src/domain/id-number'
import {
  ADDRESS_RULE,
  ENGINE_NUMBER_MAX_LENGTH,
  MOBILE_LENGTH,
  NAME_MAX_LENGTH,
  VEHICLE_INFO_RULE,
  VIN_LENGTH,
} from '../../src/domain/validation'
import { VERIFY_CODE_LENGTH } from '../../src/domain/verify-code'
import { byTestId, eventually, getByTestId, mountBare, mountPage } from '../support/page-test'
import { openOrderWorld, spyNavigation } from '../support/journey-fixtures'

type Page = Awaited<ReturnType<typeof mountPage>>

/** Each typed field of the information form and the domain's length for it (所在地区 is picked, not typed). */
const DOMAIN_LENGTHS: Partial<Record<ApplyFormField, number>> = {
  ownerName: NAME_MAX_LENGTH,
  idNumber: ID_LENGTH,
  mobile: MOBILE_LENGTH,
  vehicleInfo: VEHICLE_INFO_RULE.max,
  vin: VIN_LENGTH,
  engineNo: ENGINE_NUMBER_MAX_LENGTH,
  consigneeName: NAME_MAX_LENGTH,
  consigneeMobile: MOBILE_LENGTH,
  address: ADDRESS_RULE.max,
}

/** The native <input> inside a field's Taro element (rendered a little after the page). */
async function nativeInput(page: Page, testId: string): Promise<HTMLInputElement> {
  const find = (): HTMLInputElement | null => {
    const element = byTestId(page, testId)
    if (element instanceof HTMLInputElement) return element
    return element?.querySelector('input') ?? null
  }
  await eventually(page, () => find() !== null)
  return find() as HTMLInputElement
}

const maxlengthOf = async (page: Page, testId: string): Promise<string | null> => (await nativeInput(page, testId)).getAttribute('maxlength')

describe('the login page', () => {
  it('takes 11 characters for the phone and 6 for the code', async () => {
    const page = await mountPage(LoginPage)
    expect(await maxlengthOf(page, 'login-mobile')).toBe(String(MOBILE_LENGTH))
    expect(await maxlengthOf(page, 'login-code')).toBe(String(VERIFY_CODE_LENGTH))
    expect([MOBILE_LENGTH, VERIFY_CODE_LENGTH]).toEqual([11, 6])
  })
})

describe('the information form', () => {
  afterEach(() => jest.restoreAllMocks())

  it("gives every field its rule's length: ID number 18, mobile 11, VIN 17, engine number its maximum", async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(UpinfoPage, world.services)
    for (const spec of [...OWNER_FIELDS, ...VEHICLE_FIELDS]) {
      expect([spec.field, await maxlengthOf(page, `field-${spec.field}`)]).toEqual([spec.field, String(spec.maxLength)])
    }
    expect(await maxlengthOf(page, 'field-idNumber')).toBe(String(ID_LENGTH))
    expect(await maxlengthOf(page, 'field-mobile')).toBe(String(MOBILE_LENGTH))
    expect(await maxlengthOf(page, 'field-vin')).toBe(String(VIN_LENGTH))
    expect(await maxlengthOf(page, 'field-engineNo')).toBe(String(ENGINE_NUMBER_MAX_LENGTH))
    expect([ID_LENGTH, VIN_LENGTH]).toEqual([18, 17])

    // The consignee's fields, asked for when the device is mailed.
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-3'))
    for (const spec of [...CONSIGNEE_FIELDS, ADDRESS_FIELD]) {
      expect([spec.field, await maxlengthOf(page, `field-${spec.field}`)]).toEqual([spec.field, String(spec.maxLength)])
    }
    expect(await maxlengthOf(page, 'field-consigneeMobile')).toBe(String(MOBILE_LENGTH))
  })

  it("renders every text input of the form at its field's domain length, none left without one", async () => {
    spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(UpinfoPage, world.services)
    page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-3'))
    await nativeInput(page, 'field-address')
    const rendered = Array.from(page.queries.querySelectorAll('input'))
      .filter((input): input is HTMLInputElement => input instanceof HTMLInputElement)
      .filter((input) => !['checkbox', 'radio', 'file', 'hidden'].includes(input.type))
      .map((input) => {
        const field = input.closest('[data-testid^="field-"]')?.getAttribute('data-testid')?.slice('field-'.length) ?? 'an input outside any field'
        return [field, input.getAttribute('maxlength')]
      })
    const expected = Object.entries(DOMAIN_LENGTHS).map(([field, length]) => [field, String(length)])
    expect(rendered.sort()).toEqual(expected.sort())
  })
})

describe('the shared form field', () => {
  it('hands its length to the native input, numeric keyboard or not', async () => {
    const page = await mountBare(() =>
      createElement(
        'div',
        null,
        createElement(FormField, { label: '手机号', value: '', onChange: () => undefined, maxLength: MOBILE_LENGTH, keyboard: 'numeric', testId: 'phone' }),
        createElement(FormField, { label: '车辆识别代号', value: '', onChange: () => undefined, maxLength: VIN_LENGTH, testId: 'vin' }),
      ),
    )
    expect(await maxlengthOf(page, 'phone')).toBe('11')
    expect(await maxlengthOf(page, 'vin')).toBe('17')
  })
})
