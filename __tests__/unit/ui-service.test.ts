/** The UI service on Taro (mocked): toasts and dialogs through Taro's APIs, calls through the host. */
import Taro from '@tarojs/taro'
import { TOAST_DURATION_MS } from '../../src/domain/constants'
import { DialogDismissedError } from '../../src/platform/taro-interaction'
import { createUiService } from '../../src/platform/ui-service'
import { settle } from './services/fakes'

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: { showToast: jest.fn(() => Promise.resolve()), showModal: jest.fn() },
}))

const taro = jest.mocked(Taro)
const QUESTION = { title: '清除缓存', content: '是否继续？', confirmText: '清除', cancelText: '取消' }

describe('UI service on Taro', () => {
  const calls: string[] = []
  const ui = createUiService({ makePhoneCall: async (phoneNumber) => void calls.push(phoneNumber) })
  beforeEach(() => {
    jest.clearAllMocks()
    calls.length = 0
  })

  it('toasts plain text, or with the success tick, for the default duration', async () => {
    ui.toast('操作未完成，请重试')
    ui.toast('上传成功', 'success')
    await settle()
    expect(taro.showToast.mock.calls).toEqual([
      [{ title: '操作未完成，请重试', icon: 'none', duration: TOAST_DURATION_MS }],
      [{ title: '上传成功', icon: 'success', duration: TOAST_DURATION_MS }],
    ])
  })

  it('asks a two-button question and answers whether it was confirmed', async () => {
    taro.showModal.mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    await expect(ui.confirm(QUESTION)).resolves.toBe(true)
    expect(taro.showModal).toHaveBeenCalledWith({ ...QUESTION, showCancel: true })
    taro.showModal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    await expect(ui.confirm(QUESTION)).resolves.toBe(false)
  })

  it('rejects a question the host cannot show, and a one-button dialog it dismissed', async () => {
    taro.showModal.mockRejectedValueOnce(new Error('showModal:fail'))
    await expect(ui.confirm(QUESTION)).rejects.toThrow('showModal:fail')
    taro.showModal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    await expect(ui.alert({ title: '登录信息已过期', confirmText: '重新登录' })).rejects.toBeInstanceOf(DialogDismissedError)
  })

  it('calls through the host at once', () => {
    void ui.call('95022')
    expect(calls).toEqual(['95022'])
  })
})
