/**
 * Photos that fill the form (issue 31), in Chromium against the real server and its OCR simulator,
 * as a person walks it: the demo photos (as served for `npm start`) fill the owner's and the
 * vehicle's fields, each marked 已从照片识别，请核对, and the person only adds the phone and the
 * pick-up before going on; photos that cannot be read say so in one line each and the person types
 * as before; a name typed first is kept, and the photo's offered at a tap.
 */
import type { Page } from 'playwright-core'
import { RECOGNIZED_NOTE } from '../../src/domain/photo-reading'
import { DEMO_PERSON, DEMO_PHOTO_PATH, demoPhotoFile } from '../../server/simulators/ocr-simulator'
import type { ReadableDocument } from '../../types/api/apply'
import { baseUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import { OWNER, acceptAgreements, asPerson, byTestId, fill, fillInformation, onPage, sharedBrowserWithPhotos, startWithPlate, tap, uploadPhotos, valueOf } from './support/journey'
import { freshPhone, screenshot } from './support/world'

jest.setTimeout(180_000)

/** A demo photo as a person downloads it from the demo server. */
async function demoPhoto(page: Page, document: ReadableDocument): Promise<Buffer> {
  const response = await page.request.get(`${baseUrl()}${DEMO_PHOTO_PATH.replace('{file}', demoPhotoFile(document))}`)
  expect(response.status()).toBe(200)
  return response.body()
}

const FILLED = {
  'field-ownerName': DEMO_PERSON.name,
  'field-idNumber': DEMO_PERSON.idNumber,
  'field-vehicleInfo': DEMO_PERSON.vehicleInfo,
  'field-vin': DEMO_PERSON.vin,
  'field-engineNo': DEMO_PERSON.engineNo,
} as const

describeBrowser('photos that fill the form', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('the demo photos fill the owner and the vehicle, marked; the person adds the phone and goes on', async () => {
    await withPage(browser(), async (page, errors) => {
      await startWithPlate(page, DEMO_PERSON.plateNumber, freshPhone(), asPerson('ocr-demo'))
      await acceptAgreements(page)
      // The photos come first on the form.
      const sections = await page.locator('.upinfo__section-title').allTextContents()
      expect(sections[0]).toBe('证件照片')
      const photos = {
        idCardFront: await demoPhoto(page, 'idCardFront'),
        idCardBack: await demoPhoto(page, 'idCardBack'),
        drivingLicense: await demoPhoto(page, 'drivingLicense'),
        vehicleFront: files().vehicleFront,
      }
      await uploadPhotos(page, photos)
      await page.getByRole('status').filter({ hasText: '已从行驶证主页识别3项信息，请核对' }).waitFor()
      await page.getByRole('status').filter({ hasText: '已从身份证人像面识别2项信息，请核对' }).waitFor()
      for (const [field, value] of Object.entries(FILLED)) {
        await expect(valueOf(page, field)).resolves.toBe(value)
        await expect(byTestId(page, `${field}-note`).textContent()).resolves.toBe(RECOGNIZED_NOTE)
      }
      // The mark is part of the field's description, read out with it.
      await expect(page.getByRole('textbox', { name: '车辆识别代号' }).getAttribute('aria-describedby')).resolves.toContain('field-vin-note')
      expect(await page.locator('[data-testid^="photo-check-"]').count()).toBe(0)
      await screenshot(page, 'photo-fill-demo')

      await fill(page, 'field-mobile', OWNER.mobile)
      await tap(page, 'field-deliveryMethod-2')
      await page.getByRole('button', { name: '下一步' }).click()
      await onPage(page, 'selectLand')
      await byTestId(page, 'packages').waitFor()
      expect(errors).toEqual([])
    })
  })

  it('photos that cannot be read say so, one line each, and the person types as before', async () => {
    await withPage(browser(), async (page, errors) => {
      await startWithPlate(page, '京F31001', freshPhone(), asPerson('ocr-unread'))
      await acceptAgreements(page)
      await uploadPhotos(page, files())
      await page.getByRole('status').filter({ hasText: '未能识别身份证人像面：照片不够清晰，请核对后手动填写' }).waitFor()
      await page.getByRole('status').filter({ hasText: '未能识别行驶证主页：照片不够清晰，请核对后手动填写' }).waitFor()
      for (const field of Object.keys(FILLED)) await expect(valueOf(page, field)).resolves.toBe('')
      expect(await page.locator('[data-testid^="field-"][data-testid$="-note"]').count()).toBe(0)

      await fillInformation(page, 'onSite')
      await page.getByRole('button', { name: '下一步' }).click()
      await onPage(page, 'selectLand')
      expect(errors).toEqual([])
    })
  })

  it("keeps a name typed before the photo, offers the photo's at a tap, and says when the licence is of another plate", async () => {
    await withPage(browser(), async (page, errors) => {
      await startWithPlate(page, '京F31002', freshPhone(), asPerson('ocr-typed'))
      await acceptAgreements(page)
      await fill(page, 'field-ownerName', '张叁')
      await uploadPhotos(page, {
        idCardFront: await demoPhoto(page, 'idCardFront'),
        idCardBack: await demoPhoto(page, 'idCardBack'),
        drivingLicense: await demoPhoto(page, 'drivingLicense'),
        vehicleFront: files().vehicleFront,
      })
      await page.getByRole('status').filter({ hasText: `行驶证上的车牌号为${DEMO_PERSON.plateNumber}，与申办车牌京F31002不一致，请核对照片或车牌` }).waitFor()
      await expect(valueOf(page, 'field-ownerName')).resolves.toBe('张叁')
      await expect(byTestId(page, 'field-ownerName-note').textContent()).resolves.toBe(`照片识别为：${DEMO_PERSON.name}`)
      // The licence's owner is not the name on the form.
      await page.getByRole('status').filter({ hasText: `行驶证所有人为${DEMO_PERSON.name}，与车主姓名不一致` }).waitFor()
      await screenshot(page, 'photo-fill-differing')

      await page.getByRole('button', { name: '车主姓名使用照片识别结果' }).click()
      await expect(valueOf(page, 'field-ownerName')).resolves.toBe(DEMO_PERSON.name)
      await expect(byTestId(page, 'field-ownerName-note').textContent()).resolves.toBe(RECOGNIZED_NOTE)
      expect(await page.locator('[data-testid="photo-check-owner"]').count()).toBe(0)

      // A reload keeps what the photos filled, and the marks.
      await page.reload()
      await onPage(page, 'upinfo')
      await expect(valueOf(page, 'field-vin')).resolves.toBe(DEMO_PERSON.vin)
      await expect(byTestId(page, 'field-vin-note').textContent()).resolves.toBe(RECOGNIZED_NOTE)
      expect(errors).toEqual([])
    })
  })
})
