/**
 * The smaller things of issue 25's item 10, in Chromium against the real server, found by roles
 * and names: 全部同意 on the consent page; mailing fills the consignee from the owner; 所在地区 is
 * picked from the region list (no typing, kept through a reload); a sent photo stays as its
 * thumbnail; offline, the photo consent that could not be asked is not called a refusal; the
 * login says what it leads to; every page of the journey has a main landmark and a
 * level-one heading; the notices sit under what the person types into.
 */
import type { Page } from 'playwright-core'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import { OWNER, REGION, asPerson, byTestId, fill, onPage, sharedBrowserWithPhotos, startWithPlate, typePlate, uploadPhotos } from './support/journey'
import { freshPhone, screenshot } from './support/world'

jest.setTimeout(300_000)


/** The page showing has one main landmark and a level-one heading (hidden pages of the stack do not count). */
async function expectLandmarks(page: Page): Promise<void> {
  await expect(page.getByRole('main').count()).resolves.toBe(1)
  await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1)
}

describeBrowser('the details of the form: consent, consignee, region, photos, login wording, landmarks and notices', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('全部同意 ticks every agreement; mailing fills the consignee; the region is picked and kept; sent photos stay as thumbnails', async () => {
    await withPage(browser(), async (page, errors) => {
      await startWithPlate(page, '京F20261', freshPhone(), asPerson('details'))
      await onPage(page, 'agree')
      await expectLandmarks(page)
      const all = page.getByRole('checkbox', { name: /^全部同意/ })
      await all.click()
      await expect(all.getAttribute('aria-checked')).resolves.toBe('true')
      for (const check of await page.getByRole('checkbox').all()) await expect(check.getAttribute('aria-checked')).resolves.toBe('true')
      await page.getByRole('button', { name: '同意并继续' }).click()
      await onPage(page, 'upinfo')
      await expectLandmarks(page)

      for (const [field, value] of Object.entries(OWNER)) await fill(page, `field-${field}`, value)
      await page.getByRole('radio', { name: /^邮寄到家/ }).click()
      await expect(page.getByRole('textbox', { name: '收货人' }).inputValue()).resolves.toBe(OWNER.ownerName)
      await expect(page.getByRole('textbox', { name: '联系电话' }).inputValue()).resolves.toBe(OWNER.mobile)

      // Picked, never typed.
      await expect(page.getByRole('textbox', { name: /所在地区/ }).count()).resolves.toBe(0)
      await page.getByRole('button', { name: /^所在地区/ }).click()
      const sheet = page.getByRole('dialog', { name: '选择所在地区' })
      await sheet.getByRole('radio', { name: '广东省', exact: true }).click()
      await screenshot(page, 'region-sheet-cities')
      await sheet.getByRole('radio', { name: '深圳市', exact: true }).click()
      // Back a step from the names chosen, then on again.
      await sheet.getByRole('button', { name: '深圳市，重新选择城市' }).click()
      await sheet.getByRole('radio', { name: '深圳市', exact: true }).click()
      await sheet.getByRole('radio', { name: '南山区', exact: true }).click()
      await sheet.waitFor({ state: 'detached' })
      const region = REGION.join(' ')
      await page.getByRole('button', { name: `所在地区：${region}` }).waitFor()

      await page.reload()
      await onPage(page, 'upinfo')
      await page.getByRole('button', { name: `所在地区：${region}` }).waitFor()
      await expect(page.getByRole('textbox', { name: '收货人' }).inputValue()).resolves.toBe(OWNER.ownerName)

      await uploadPhotos(page, files())
      for (const subject of ['idCardFront', 'idCardBack', 'drivingLicense', 'vehicleFront']) {
        await expect(byTestId(page, `photo-slot-${subject}`).locator('img').count()).resolves.toBe(1)
      }
      await screenshot(page, 'form-details-thumbnails')
      expect(errors).toEqual([])
    })
  })

  it('offline, 从相册选择 says the question could not open, not that the person refused; online again it asks', async () => {
    await withPage(browser(), async (page, errors) => {
      await startWithPlate(page, '京F20263', freshPhone(), asPerson('offline'))
      await onPage(page, 'agree')
      await page.getByRole('checkbox', { name: /^全部同意/ }).click()
      await page.getByRole('button', { name: '同意并继续' }).click()
      await onPage(page, 'upinfo')
      await byTestId(page, 'photo-slot-idCardFront').click()
      await onPage(page, 'selectImage')
      await expectLandmarks(page)
      await page.context().setOffline(true)
      await page.getByRole('button', { name: /从相册选择/ }).click()
      await page.getByRole('alert').filter({ hasText: '暂时无法打开授权提示，请检查网络后再次点击按钮' }).waitFor()
      await expect(page.getByText('需要您同意使用相机和相册').count()).resolves.toBe(0)
      await page.context().setOffline(false)
      await page.getByRole('button', { name: /从相册选择/ }).click()
      await page.locator('.taro-model__confirm').waitFor()
      expect(errors).toEqual([])
    })
  })

  it('the login says where it leads: 我的订单 is not 继续办理ETC', async () => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl('/apply/order-list'))
      await onPage(page, 'login')
      await expectLandmarks(page)
      await page.getByText('登录后查看您的订单').waitFor()
      await expect(page.getByText('登录后继续办理ETC').count()).resolves.toBe(0)

      await page.goto(appUrl('/'))
      await onPage(page, 'plateEntry')
      await expectLandmarks(page)
      await typePlate(page, '京F20262')
      await page.getByRole('button', { name: '下一步' }).click()
      await onPage(page, 'login')
      await page.getByText('登录后继续办理ETC').waitFor()
      expect(errors).toEqual([])
    })
  })

  it('the notices sit under the plate input, so their arrival moves nothing the person types into', async () => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl('/'))
      await onPage(page, 'plateEntry')
      // The form itself (not the first screen's copy, which it replaces), before the notices come.
      await byTestId(page, 'plate-submit').waitFor()
      const boxTop = async () => (await byTestId(page, 'plate-box-0').boundingBox())?.y
      const before = await boxTop()
      expect(before).toEqual(expect.any(Number))
      const notices = page.getByRole('region', { name: '公告' })
      await notices.waitFor()
      const [noticeBox, next] = await Promise.all([notices.boundingBox(), page.getByRole('button', { name: '下一步' }).boundingBox()])
      expect(await boxTop()).toBe(before)
      expect(noticeBox && next && noticeBox.y >= next.y + next.height).toBe(true)
      expect(errors).toEqual([])
    })
  })
})
