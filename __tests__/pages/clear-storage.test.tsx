import Taro from '@tarojs/taro'
import ClearStoragePage from '../../src/pages/utils/clear-storage/index'
import { CHANNELS } from '../../src/config/channel'
import { PERSISTED_STATE_PREFIX, TOAST_DURATION_MS } from '../../src/domain/constants'
import { TransportFailure } from '../../src/services/request/transport'
import { API } from '../../types/api/paths'
import { entryFromText } from '../../src/domain/plate-entry'
import { flush, getByTestId, mountPage, textOf } from '../support/page-test'
import { pageTestWorld } from '../support/test-app'
import { envelope } from '../support/test-services'

const prefix = CHANNELS.bank.storagePrefix
const OWN = [`${prefix}plate`, `${prefix}phone`, `${PERSISTED_STATE_PREFIX}${prefix}user`]
const FOREIGN = ['host_app_token', `${CHANNELS.map.storagePrefix}plate`]

const storedKeys = (): string[] => Taro.getStorageInfoSync().keys.sort()

describe('clear storage page', () => {
  beforeEach(() => {
    localStorage.clear()
    for (const key of [...OWN, ...FOREIGN]) Taro.setStorageSync(key, 'value')
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.useRealTimers()
  })

  it("counts only this app's cached items", async () => {
    const page = await mountPage(ClearStoragePage)
    expect(textOf(page, 'cache-count')).toBe(`${OWN.length} 项`)
    expect(textOf(page, 'clear-storage')).toContain('清除缓存')
  })

  it('says so when there is nothing cached', async () => {
    localStorage.clear()
    const page = await mountPage(ClearStoragePage)
    expect(textOf(page, 'cache-count')).toBe('暂无缓存')
  })

  it('keeps everything when the user cancels the confirmation', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    const page = await mountPage(ClearStoragePage)
    page.fireEvent.click(getByTestId(page, 'clear-storage'))
    await flush(page)
    expect(modal).toHaveBeenCalledTimes(1)
    expect(storedKeys()).toEqual([...OWN, ...FOREIGN].sort())
    expect(textOf(page, 'cache-count')).toBe(`${OWN.length} 项`)
  })

  it('asks once even when tapped twice', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockReturnValue(new Promise(() => undefined))
    const page = await mountPage(ClearStoragePage)
    page.fireEvent.click(getByTestId(page, 'clear-storage'))
    page.fireEvent.click(getByTestId(page, 'clear-storage'))
    await flush(page)
    expect(modal).toHaveBeenCalledTimes(1)
  })

  async function confirmAndClear(pagesInStack: number) {
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'nextTick', 'queueMicrotask'] })
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    // A page mounted on its own has no router; the stack depth decides where "return" goes.
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(new Array(pagesInStack).fill({}))
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    const page = await mountPage(ClearStoragePage)
    page.fireEvent.click(getByTestId(page, 'clear-storage'))
    await flush(page)
    return { page, toast, relaunch, back }
  }

  it('clears its own keys only after confirmation, confirms, then goes back', async () => {
    const { page, toast, relaunch, back } = await confirmAndClear(2)
    expect(storedKeys()).toEqual([...FOREIGN].sort())
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '缓存已清除' }))
    expect(textOf(page, 'cache-count')).toBe('暂无缓存')
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(back).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(back).toHaveBeenCalledTimes(1)
    expect(relaunch).not.toHaveBeenCalled()
  })

  it('does not navigate once the user has left during the toast', async () => {
    const { page, relaunch, back } = await confirmAndClear(2)
    page.unmout()
    jest.advanceTimersByTime(TOAST_DURATION_MS)
    expect(back).not.toHaveBeenCalled()
    expect(relaunch).not.toHaveBeenCalled()
  })

  it('can be tapped again after the confirmation failed to open', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockRejectedValueOnce(new Error('showModal:fail'))
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const page = await mountPage(ClearStoragePage)
    page.fireEvent.click(getByTestId(page, 'clear-storage'))
    await flush(page)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '操作未完成，请重试' }))
    expect(storedKeys()).toEqual([...OWN, ...FOREIGN].sort())
    modal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    page.fireEvent.click(getByTestId(page, 'clear-storage'))
    await flush(page)
    expect(modal).toHaveBeenCalledTimes(2)
  })

  it('returns to the entry page when it was opened directly', async () => {
    const { relaunch, back } = await confirmAndClear(1)
    jest.advanceTimersByTime(TOAST_DURATION_MS)
    expect(back).not.toHaveBeenCalled()
    expect(relaunch).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })

  describe('logging out on the server (issue 12)', () => {
    async function loggedInWorld() {
      const world = pageTestWorld()
      world.respondWith(async () => envelope({ accessToken: 'tok-1', expireIn: 3600, uid: 'uid-12345678', scope: 'person', loginTicket: 'ticket-1' }))
      await world.services.store.user.loginWithCode('13800138000', '123456')
      world.requests.length = 0
      return world
    }

    async function confirm(world: Awaited<ReturnType<typeof loggedInWorld>>) {
      jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
      const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
      jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
      const page = await mountPage(ClearStoragePage, world.services)
      page.fireEvent.click(getByTestId(page, 'clear-storage'))
      await flush(page)
      return toast
    }

    it('ends the session on the server with its token, then clears', async () => {
      const world = await loggedInWorld()
      world.respondWith(async () => envelope(null))
      const toast = await confirm(world)
      // The page shell's notices call aside (every page asks for them).
      const calls = world.requests.filter((request) => !request.url.includes('/config/notices/'))
      expect(calls.map((request) => [request.method, request.url.replace(/^https?:\/\/[^/]+/, ''), request.header.Authorization])).toEqual([
        ['POST', API.logout.path, 'Bearer tok-1'],
      ])
      expect(world.services.store.user.isLoggedIn()).toBe(false)
      expect(world.services.store.user.rememberedMobile).toBeUndefined()
      expect(storedKeys()).toEqual([...FOREIGN].sort())
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '缓存已清除' }))
    })

    it('forgets the journey\'s plate and form in memory too: the plate page shows no last plate', async () => {
      const world = await loggedInWorld()
      world.respondWith(async () => envelope(null))
      world.services.store.apply.setPlate(entryFromText('京A12345'))
      world.services.store.apply.form.setField('ownerName', '张三')
      await confirm(world)
      expect(world.services.store.apply.plateNumber).toBe('')
      expect(world.services.store.apply.form.values.ownerName).toBe('')
    })

    it('clears and logs out here even offline', async () => {
      const world = await loggedInWorld()
      world.respondWith(() => Promise.reject(new TransportFailure('network', 'request:fail')))
      const toast = await confirm(world)
      expect(world.services.store.user.isLoggedIn()).toBe(false)
      expect(storedKeys()).toEqual([...FOREIGN].sort())
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '缓存已清除' }))
      expect(world.ui.alerts).toBe(0)
    })
  })
})
