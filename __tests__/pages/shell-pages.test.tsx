import Taro from '@tarojs/taro'
import LandPage from '../../src/pages/land/land/index'
import { ComingSoon } from '../../src/components/coming-soon/ComingSoon'
import SelectLandPage from '../../src/pages/apply/select-land/index'
import SelectDetailPage from '../../src/pages/apply/select-detail/index'
import { byTestId, getBySelector, getByTestId, getByText, mountPage, textOf } from '../support/page-test'

describe('page shells', () => {
  afterEach(() => jest.restoreAllMocks())

  it('say the feature is coming and lead home with a working button', async () => {
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const page = await mountPage(LandPage)
    expect(byTestId(page, 'page-land')).not.toBeNull()
    expect(textOf(page, 'coming-soon')).toContain('功能即将开放')
    expect(byTestId(page, 'custom-header')).toBeNull()
    page.fireEvent.click(getByText(page, '返回首页'))
    expect(relaunch).toHaveBeenCalledWith({ url: '/pages/entry/home/index' })
  })

  it('offer no "home" button on the home page itself', async () => {
    const page = await mountPage(() => <ComingSoon route='home' />)
    expect(textOf(page, 'coming-soon')).toContain('功能即将开放')
    expect(page.queries.queryByText('返回首页')).toBeFalsy()
  })

  it.each([
    ['套餐选择', SelectLandPage],
    ['套餐详情', SelectDetailPage],
  ])('draw their own header with title %s and a back button', async (title, Page) => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as ReturnType<typeof Taro.getCurrentPages>)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    const page = await mountPage(Page)
    const header = getByTestId(page, 'custom-header')
    expect(header.querySelector('[role="heading"]')?.textContent).toBe(title)
    page.fireEvent.click(getBySelector(page, '[data-testid="custom-header"] [role="button"][aria-label="返回"]'))
    expect(back).toHaveBeenCalledTimes(1)
  })
})
