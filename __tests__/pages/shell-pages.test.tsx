import Taro from '@tarojs/taro'
import SelectLandPage from '../../src/pages/apply/select-land/index'
import SelectDetailPage from '../../src/pages/apply/select-detail/index'
import { getBySelector, getByTestId, mountPage } from '../support/page-test'

describe('page shells with a custom header', () => {
  afterEach(() => jest.restoreAllMocks())

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
