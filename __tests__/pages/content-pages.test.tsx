import Taro from '@tarojs/taro'
import AgreementEtcPage from '../../src/pages/agreement/etc/index'
import AgreementPrivacyPage from '../../src/pages/agreement/privacy/index'
import LongPayGuidePage from '../../src/pages/apply/long-pay-guide/index'
import TestDemoPage from '../../src/pages/utils/test-demo/index'
import { ETC_SERVICE_AGREEMENT } from '../../src/config/agreements/etc-service-agreement'
import { PRIVACY_AUTHORIZATION } from '../../src/config/agreements/privacy-authorization'
import type { LegalDocument } from '../../src/config/agreements/legal-document'
import { LONG_PAY_GUIDE } from '../../src/config/tutorials/long-pay-guide'
import { ROUTE_NAMES } from '../../src/config/routes'
import { APP_VERSION, APP_VERSION_CODE, HOTLINE } from '../../src/domain/constants'
import { byTestId, getByText, mountPage, textOf } from '../support/page-test'

describe.each([
  ['ETC user service agreement', AgreementEtcPage, ETC_SERVICE_AGREEMENT, 'page-agreementEtc'],
  ['personal-information authorization letter', AgreementPrivacyPage, PRIVACY_AUTHORIZATION, 'page-agreementPrivacy'],
] as const)('%s page', (_name, Page, document: LegalDocument, testId) => {
  it('renders the whole document: title, version, every section and paragraph', async () => {
    const page = await mountPage(Page)
    expect(byTestId(page, testId)).not.toBeNull()
    const text = textOf(page, 'legal-document')
    expect(text).toContain(document.title)
    expect(text).toContain(document.version)
    const headings = page.queries.querySelectorAll('[role="heading"][aria-level="2"]')
    expect([...headings].map((el) => el.textContent)).toEqual(document.sections.map((s) => s.heading))
    for (const paragraph of [...document.preamble, ...document.sections.flatMap((s) => s.paragraphs)]) {
      expect(text).toContain(paragraph)
    }
  })

  it('is a real agreement: substantial, with the hotline and no placeholders', () => {
    const body = [...document.preamble, ...document.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('')
    expect(body.length).toBeGreaterThan(2500)
    expect(document.sections.length).toBeGreaterThanOrEqual(10)
    expect(body).toContain(HOTLINE)
    expect(body).not.toMatch(/lorem|XXX|TODO|待补充/i)
    expect(document.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('long-pay guide page', () => {
  afterEach(() => jest.restoreAllMocks())

  it('shows every step and tip of the tutorial', async () => {
    const page = await mountPage(LongPayGuidePage)
    const steps = textOf(page, 'guide-steps')
    for (const step of LONG_PAY_GUIDE.steps) {
      expect(steps).toContain(step.title)
      expect(steps).toContain(step.detail)
    }
    for (const tip of LONG_PAY_GUIDE.tips) expect(page.queries.queryByText(tip)).toBeTruthy()
    expect(LONG_PAY_GUIDE.steps.length).toBeGreaterThanOrEqual(3)
  })

  it('calls the hotline from its help button', async () => {
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
    const page = await mountPage(LongPayGuidePage)
    page.fireEvent.click(getByText(page, `仍有疑问？拨打客服热线 ${HOTLINE}`))
    expect(call).toHaveBeenCalledWith({ phoneNumber: HOTLINE })
  })
})

describe('diagnostics page', () => {
  it('shows build target, channel, version and route count, read-only', async () => {
    const page = await mountPage(TestDemoPage)
    expect(textOf(page, 'diagnostics')).toContain('诊断信息')
    const rows = [...page.queries.querySelectorAll('.nut-cell')].map((cell) => [
      cell.querySelector('.nut-cell-title')?.textContent,
      cell.querySelector('.nut-cell-extra')?.textContent,
    ])
    expect(rows).toEqual([
      ['构建目标', 'h5'],
      ['渠道', '银行渠道（bank）'],
      ['应用版本', APP_VERSION],
      ['版本号', String(APP_VERSION_CODE)],
      ['页面数量', String(ROUTE_NAMES.length)],
    ])
    expect(page.queries.querySelectorAll('button, taro-button-core, [role="button"]')).toHaveLength(0)
  })
})
