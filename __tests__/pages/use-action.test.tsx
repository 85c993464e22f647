/**
 * useAction: one run at a time, busy while it runs, a failure reported once (inline or by toast),
 * a kept busy released on demand, nothing set once the screen has gone.
 */
import { Text } from '@tarojs/components'
import { STAY_BUSY, ownMessageOr, requestMessageOr, useAction } from '../../src/components/action/use-action'
import type { Action, ActionOptions } from '../../src/components/action/use-action'
import type { UiService } from '../../src/platform/ui-service'
import { MESSAGES, RequestError } from '../../src/services/request/errors'
import { flush, mountPage, textOf } from '../support/page-test'
import { pageTestWorld } from '../support/test-app'

function deferred<T = void>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (error: unknown) => void = () => undefined
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

function recordingUi(): UiService & { toasts: string[] } {
  const toasts: string[] = []
  return {
    toasts,
    toast: (message) => void toasts.push(message),
    confirm: async () => true,
    alert: async () => undefined,
    call: async () => undefined,
  }
}

/** Mounts a screen that runs `action`; `handle()` is the hook's latest answer. */
async function mountAction(action: (step: number) => Promise<void | typeof STAY_BUSY>, options: ActionOptions) {
  const ui = recordingUi()
  let latest: Action<[number]> | undefined
  function Screen() {
    latest = useAction(action, options)
    return (
      <Text data-testid='action'>
        {latest.busy ? 'busy' : 'idle'}|{latest.error ?? ''}
      </Text>
    )
  }
  const page = await mountPage(Screen, { ...pageTestWorld().services, ui })
  const handle = (): Action<[number]> => {
    if (!latest) throw new Error('not rendered')
    return latest
  }
  return { page, ui, handle, shown: () => textOf(page, 'action') }
}

const inline: ActionOptions = { report: 'inline', message: ownMessageOr('操作失败') }

describe('useAction', () => {
  it('runs once while busy and is ready again when the run ends', async () => {
    const gate = deferred()
    const action = jest.fn((_step: number) => gate.promise)
    const { page, handle, shown } = await mountAction(action, inline)
    expect(shown()).toBe('idle|')
    await page.act(async () => {
      // Two taps in one frame: the second sees the state from before the first.
      void handle().run(1)
      void handle().run(2)
    })
    expect(shown()).toBe('busy|')
    await page.act(async () => void handle().run(3))
    expect(action.mock.calls).toEqual([[1]])
    gate.resolve()
    await flush(page)
    expect(shown()).toBe('idle|')
    await page.act(() => handle().run(4))
    expect(action.mock.calls).toEqual([[1], [4]])
  })

  it('keeps a failure for the screen, once, and forgets it when run again or cleared', async () => {
    let fail = true
    const { page, ui, handle, shown } = await mountAction(async () => {
      if (fail) throw new Error('网络错误，请检查网络后重试')
    }, inline)
    await page.act(() => handle().run(1))
    expect(shown()).toBe('idle|网络错误，请检查网络后重试')
    expect(ui.toasts).toEqual([])
    fail = false
    await page.act(() => handle().run(2))
    expect(shown()).toBe('idle|')
    fail = true
    await page.act(() => handle().run(3))
    await page.act(async () => handle().clearError())
    expect(shown()).toBe('idle|')
  })

  it('toasts a failure instead, and keeps nothing on the screen', async () => {
    const { page, ui, handle, shown } = await mountAction(
      async () => {
        throw new RequestError('business', '订单不存在')
      },
      { report: 'toast', message: requestMessageOr('操作失败') },
    )
    await page.act(() => handle().run(1))
    expect(ui.toasts).toEqual(['订单不存在'])
    expect(shown()).toBe('idle|')
  })

  it.each(['inline', 'toast'] as const)("leaves an expired login to the request layer's dialog (%s): nothing kept, no toast", async (report) => {
    const { page, ui, handle, shown } = await mountAction(
      async () => {
        throw new RequestError('unauthorized', MESSAGES.unauthorized, 401)
      },
      { report, message: requestMessageOr('操作失败') },
    )
    await page.act(() => handle().run(1))
    expect(shown()).toBe('idle|')
    expect(ui.toasts).toEqual([])
  })

  it('words a failure without a message of its own by the fallback', async () => {
    const { page, handle, shown } = await mountAction(async () => {
      throw new TypeError('')
    }, inline)
    await page.act(() => handle().run(1))
    expect(shown()).toBe('idle|操作失败')
    expect(requestMessageOr('操作失败')(new Error('not from the request layer'))).toBe('操作失败')
  })

  it('stays busy while the page is being left, until released', async () => {
    const action = jest.fn(async (): Promise<typeof STAY_BUSY> => STAY_BUSY)
    const { page, handle, shown } = await mountAction(action, inline)
    await page.act(() => handle().run(1))
    expect(shown()).toBe('busy|')
    await page.act(() => handle().run(2))
    expect(action).toHaveBeenCalledTimes(1)
    await page.act(async () => handle().release())
    expect(shown()).toBe('idle|')
    await page.act(() => handle().run(3))
    expect(action).toHaveBeenCalledTimes(2)
  })

  it('ends quietly when the screen has gone', async () => {
    const gate = deferred()
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { page, handle } = await mountAction(() => gate.promise, inline)
    const run = handle().run(1)
    page.unmout()
    gate.reject(new Error('too late'))
    await expect(run).resolves.toBeUndefined()
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})
