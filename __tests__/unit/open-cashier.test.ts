/** Opening the cashier: the window goes on H5, after queued events went out (for a bounded time). */
import type { Navigator } from '../../src/platform/navigator'
import { LEAVE_WAIT_MS, openCashier } from '../../src/platform/open-cashier'
import type { CashierHost } from '../../src/platform/open-cashier'

const URL = 'https://app.test/sim/cashier/P1?token=t'

function host(isWeb: boolean) {
  const log: string[] = []
  const cashierHost: CashierHost = { isWeb, assign: (url) => void log.push(`assign ${url}`), onRestored: () => () => undefined }
  const navigator = { open: jest.fn(async () => void log.push('open webview')) } as unknown as Navigator
  return { log, cashierHost, navigator }
}

describe('openCashier', () => {
  afterEach(() => jest.useRealTimers())

  it('hands the window over on H5 once what had to go before has gone', async () => {
    const { log, cashierHost, navigator } = host(true)
    await openCashier(URL, navigator, async () => void log.push('flushed'), cashierHost)
    expect(log).toEqual(['flushed', `assign ${URL}`])
  })

  it('does not wait longer than LEAVE_WAIT_MS for it', async () => {
    jest.useFakeTimers()
    const { log, cashierHost, navigator } = host(true)
    const opening = openCashier(URL, navigator, () => new Promise<void>(() => undefined), cashierHost)
    await jest.advanceTimersByTimeAsync(LEAVE_WAIT_MS - 1)
    expect(log).toEqual([])
    await jest.advanceTimersByTimeAsync(1)
    await opening
    expect(log).toEqual([`assign ${URL}`])
  })

  it('opens the cashier in the web view page in a mini-program', async () => {
    const { log, cashierHost, navigator } = host(false)
    const flush = jest.fn(async () => undefined)
    await openCashier(URL, navigator, flush, cashierHost)
    expect(navigator.open).toHaveBeenCalledWith('webview', { src: URL })
    expect(log).toEqual(['open webview'])
  })
})
