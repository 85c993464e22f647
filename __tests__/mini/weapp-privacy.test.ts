/**
 * WeChat's privacy authorisation (support/wx-privacy.ts): the album waits for the app's own privacy
 * notice. Refused, the photo page says why and nothing is chosen; the next tap asks again; agreed
 * with WeChat's agree button, the album opens and is not asked about again. Needs
 * `npm run build:weapp` first.
 */
import { PRIVACY_SHEET_TEXT } from '../../src/config/privacy-copy'
import { IMAGE_PICKER_MESSAGE } from '../../src/config/image-picker-copy'
import { pageText, tapText } from './support/page-actions'
import { settle, waitFor } from './support/settle'
import { describeWeapp } from './support/weapp-build'
import { weappWorld } from './support/weapp-world'

const SELECT_IMAGE = '/pages/camera/select-image/index?subject=idCardFront'

describeWeapp()('WeChat: the privacy notice before the album', () => {
  const world = weappWorld()

  it('asks with its own sheet; refused, says so and chooses nothing; agreed, opens the album once and for all', async () => {
    const opened = await world.open(SELECT_IMAGE)
    await settle(10)
    const page = () => world.stack.top() ?? opened

    tapText(page(), '从相册选择')
    await waitFor('the privacy notice', () => pageText(page()).includes(PRIVACY_SHEET_TEXT.title))
    tapText(page(), PRIVACY_SHEET_TEXT.refuse)
    await waitFor('the refusal told', () => pageText(page()).includes(IMAGE_PICKER_MESSAGE.privacy))
    expect(pageText(page())).not.toContain(PRIVACY_SHEET_TEXT.title)
    expect([world.privacy.agreed(), world.device.chosen.length]).toEqual([false, 0])

    tapText(page(), '从相册选择')
    await waitFor('the privacy notice again', () => pageText(page()).includes(PRIVACY_SHEET_TEXT.title))
    tapText(page(), PRIVACY_SHEET_TEXT.agree)
    await waitFor('the photo chosen', () => world.device.chosen.length === 1)
    expect([world.privacy.agreed(), world.privacy.exposures()]).toEqual([true, 2])
    expect(world.problems()).toEqual([])
  })
})
