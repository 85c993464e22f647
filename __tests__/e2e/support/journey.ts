/**
 * The apply journey as a user walks it, one step per function: the browser tests compose them.
 * Elements are found by the test ids the pages give them (their page tests use the same ids).
 */
import type { Browser, Locator, Page } from 'playwright-core'
import { PAGE_TOKEN_PARAM } from '../../../src/platform/authorization'
import { appUrl } from './app-url'
import { sharedBrowser } from './browser'
import { freshPhone, screenshot, smsCode, testJpeg } from './world'

/** The app opened as a person of their own (a simulated bank page token: no SMS code to wait for). */
export const asPerson = (name: string): string => `/?${PAGE_TOKEN_PARAM}=sim-${name}-${Date.now()}`

export const byTestId = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]`).first()

/** The editable element of a field: the element itself, or the input Taro renders inside it. */
async function editable(page: Page, testId: string): Promise<Locator> {
  const host = byTestId(page, testId)
  await host.waitFor()
  const tag = await host.evaluate((element) => element.tagName.toLowerCase())
  return tag === 'input' || tag === 'textarea' ? host : host.locator('input, textarea').first()
}

export async function fill(page: Page, testId: string, value: string): Promise<void> {
  const input = await editable(page, testId)
  await input.fill(value)
  // Leaving the field is what shows its error (and what a user does next).
  await input.blur()
}

export async function valueOf(page: Page, testId: string): Promise<string> {
  return (await editable(page, testId)).inputValue()
}

export async function tap(page: Page, testId: string): Promise<void> {
  await byTestId(page, testId).click()
}

/** Waits for a page of the route table to be the one showing. */
export async function onPage(page: Page, route: string): Promise<void> {
  await page.locator(`[data-testid="page-${route}"]`).last().waitFor()
}

/** Types a plate on the plate keyboard: the kind first, then each character. */
export async function typePlate(page: Page, plate: string): Promise<void> {
  await tap(page, plate.length === 8 ? 'plate-kind-green' : 'plate-kind-blue')
  await tap(page, 'plate-box-0')
  await byTestId(page, 'plate-keyboard').waitFor()
  for (const char of plate) await tap(page, `plate-key-${char}`)
}

/** Logs in on the login page with a phone and the code the SMS simulator sent it. */
export async function loginWithSms(page: Page, mobile: string): Promise<void> {
  await onPage(page, 'login')
  await fill(page, 'login-mobile', mobile)
  await tap(page, 'login-send-code')
  await byTestId(page, 'login-code-sent').waitFor()
  await fill(page, 'login-code', await smsCode(mobile))
  await tap(page, 'login-submit')
}

/** What the plate check leads to: the agreements, or the word that the plate has ETC already. */
const PLATE_CHECKED = '[data-testid="page-agree"], [data-testid="plate-taken"]'

/**
 * Opens the app (at `entry`, e.g. with an arrival's promotion id), types the plate and submits it,
 * logging in on the way when asked. The login carries the tap on: back on the plate page the check
 * runs by itself, with no second 下一步.
 */
export async function startWithPlate(page: Page, plate: string, mobile: string, entry = '/'): Promise<void> {
  await page.goto(appUrl(entry))
  await onPage(page, 'plateEntry')
  await typePlate(page, plate)
  await tap(page, 'plate-submit')
  await page.locator(`[data-testid="page-login"], ${PLATE_CHECKED}`).first().waitFor()
  if (await page.locator('[data-testid="page-login"]').count()) {
    await loginWithSms(page, mobile)
    await page.locator(PLATE_CHECKED).first().waitFor()
  }
}

/** A labelled JPEG per photo, made once per browser. */
export async function photoFiles(browser: Browser): Promise<Record<string, Buffer>> {
  return {
    idCardFront: await testJpeg(browser, '身份证人像面'),
    idCardBack: await testJpeg(browser, '身份证国徽面'),
    drivingLicense: await testJpeg(browser, '行驶证'),
    vehicleFront: await testJpeg(browser, '车头照片'),
  }
}

/**
 * One Chromium for the enclosing describe block (`sharedBrowser`) and the four test photos, made in
 * it once before the block's tests.
 */
export function sharedBrowserWithPhotos(): { browser: () => Browser; files: () => Record<string, Buffer> } {
  const browser = sharedBrowser()
  let files: Record<string, Buffer> | undefined
  beforeAll(async () => {
    files = await photoFiles(browser())
  })
  return {
    browser,
    files: () => {
      if (!files) throw new Error('the test photos are not made')
      return files
    },
  }
}

export const OWNER = {
  ownerName: '张三',
  idNumber: '11010519491231002X',
  mobile: '13800138000',
  vehicleInfo: '大众汽车牌FV7152FBDBG',
  vin: 'LFV2A21K157402375',
  engineNo: 'EA211123456',
} as const

export const MAIL = { consigneeName: '李四', consigneeMobile: '13900139000', address: '科技园南区1栋101' } as const
export const REGION = ['广东省', '深圳市', '南山区'] as const

/** Picks 所在地区 as a person does: the field, then province, city and district in the sheet. */
export async function pickRegion(page: Page, names: readonly string[] = REGION): Promise<void> {
  await page.getByRole('button', { name: /^所在地区/ }).click()
  const sheet = page.getByRole('dialog', { name: '选择所在地区' })
  for (const name of names) await sheet.getByRole('radio', { name, exact: true }).click()
  await sheet.waitFor({ state: 'detached' })
}

const PHOTOS = ['idCardFront', 'idCardBack', 'drivingLicense', 'vehicleFront'] as const

/** Every issuer agreement the consent page shows, once it has loaded them (the promotion's issuers'). */
export const ISSUER_AGREEMENT_CHECKS = '[data-testid^="agree-issuer-"][data-testid$="-check"]'

/** Ticks the two agreements and each issuer's agreement the page shows, and goes on to the form. */
export async function acceptAgreements(page: Page, shots?: string): Promise<void> {
  await onPage(page, 'agree')
  await byTestId(page, 'agree-issuer-loading').waitFor({ state: 'detached' })
  if (shots) await screenshot(page, `${shots}-agree`)
  await tap(page, 'agree-etc-check')
  await tap(page, 'agree-privacy-check')
  for (const check of await page.locator(ISSUER_AGREEMENT_CHECKS).all()) await check.click()
  await tap(page, 'agree-submit')
  await onPage(page, 'upinfo')
}

export async function fillInformation(page: Page, delivery: 'onSite' | 'mail'): Promise<void> {
  for (const [field, value] of Object.entries(OWNER)) await fill(page, `field-${field}`, value)
  await tap(page, delivery === 'mail' ? 'field-deliveryMethod-3' : 'field-deliveryMethod-2')
  if (delivery === 'mail') {
    for (const [field, value] of Object.entries(MAIL)) await fill(page, `field-${field}`, value)
    await pickRegion(page)
  }
}

/** Uploads each photo through the camera pages, as from the album. */
export async function uploadPhotos(page: Page, files: Record<string, Buffer>, shots?: string): Promise<void> {
  for (const [index, subject] of PHOTOS.entries()) {
    await tap(page, `photo-slot-${subject}`)
    await onPage(page, 'selectImage')
    if (shots && index === 0) await screenshot(page, `${shots}-select-image`)
    const chooser = page.waitForEvent('filechooser')
    await tap(page, 'select-album')
    // The first use on a device asks for camera and album consent, with its purpose.
    const consent = page.locator('.taro-model__confirm')
    const asked = await Promise.race([chooser.then(() => false), consent.waitFor().then(() => true)])
    if (asked) await consent.click()
    await (await chooser).setFiles({ name: `${subject}.jpg`, mimeType: 'image/jpeg', buffer: files[subject]! })
    await onPage(page, 'confirmSelect')
    await byTestId(page, 'confirm-preview').waitFor()
    if (shots && index === 0) await screenshot(page, `${shots}-confirm-select`)
    await tap(page, 'confirm-upload')
    await onPage(page, 'upinfo')
    await page.locator(`[data-testid="photo-slot-${subject}-state"][data-state="received"]`).waitFor()
  }
}

/** Chooses the first package through its details page and lands on the pay page. */
export async function choosePackage(page: Page, shots?: string): Promise<void> {
  await onPage(page, 'selectLand')
  await byTestId(page, 'packages').waitFor()
  if (shots) await screenshot(page, `${shots}-select-land`)
  await page.locator('[data-testid="packages"] [data-testid$="-details"]').first().click()
  await onPage(page, 'selectDetail')
  await byTestId(page, 'package-detail').waitFor()
  if (shots) await screenshot(page, `${shots}-select-detail`)
  await tap(page, 'package-detail-choose')
  await onPage(page, 'pay')
  await byTestId(page, 'pay-summary').waitFor()
}

/** Pays on the server's cashier page with the given outcome; lands on the result page. */
export async function payOnCashier(page: Page, outcome: '支付成功' | '支付失败'): Promise<void> {
  await tap(page, 'pay-submit')
  await page.getByRole('button', { name: outcome }).click()
  await onPage(page, 'payResult')
}

/** On the pay page: 支付押金 (the button found by its words), 支付成功 on the cashier, and the success on the result page. */
export async function payDepositSuccessfully(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^支付押金/ }).click()
  await page.getByRole('button', { name: '支付成功' }).click()
  await onPage(page, 'payResult')
  await byTestId(page, 'pay-result-success').waitFor()
}

export async function orderIdOfPayPage(page: Page): Promise<string> {
  const text = (await byTestId(page, 'pay-order-id').textContent()) ?? ''
  return text.trim()
}

/**
 * A whole application by a logged-in (or about to log in) user: plate, consent, information,
 * photos, the first package and a successful payment. Answers the order id.
 */
export async function applyAndPay(page: Page, files: Record<string, Buffer>, plate: string, mobile: string): Promise<string> {
  await startWithPlate(page, plate, mobile)
  await acceptAgreements(page)
  await fillInformation(page, 'onSite')
  await uploadPhotos(page, files)
  await tap(page, 'upinfo-next')
  await choosePackage(page)
  const orderId = await orderIdOfPayPage(page)
  await payOnCashier(page, '支付成功')
  await byTestId(page, 'pay-result-success').waitFor()
  return orderId
}

/** A new order of `who` for `plate`, picked up on site, up to the package list (photos sent, 下一步 tapped). */
export async function toPackages(page: Page, files: Record<string, Buffer>, plate: string, who: string): Promise<void> {
  await onSiteToPackages(page, files, plate, asPerson(who))
}

/**
 * A new order for `plate` opened at `entry` (logging in with a fresh phone when asked), picked up on
 * site, up to the package list (photos sent, 下一步 tapped).
 */
export async function onSiteToPackages(page: Page, files: Record<string, Buffer>, plate: string, entry = '/'): Promise<void> {
  await startWithPlate(page, plate, freshPhone(), entry)
  await acceptAgreements(page)
  await fillInformation(page, 'onSite')
  await uploadPhotos(page, files)
  await page.getByRole('button', { name: '下一步' }).click()
  await onPage(page, 'selectLand')
  await byTestId(page, 'packages').waitFor()
}
