import { keyboardButtonProps } from '../../src/components/pressable/activation-keys'
import { flushWhenPageHides } from '../../src/platform/h5/flush-on-hide'
import { addressParams } from '../../src/platform/launch-params'

describe('launch parameters of an H5 address', () => {
  it('reads the search part and the hash query, the hash winning, decoded', () => {
    expect(addressParams('?token=A&bd_vid=1', '#/apply/basic?bd_vid=2&plate=%E4%BA%ACA12345')).toEqual({
      token: 'A',
      bd_vid: '2',
      plate: '京A12345',
    })
  })

  it('is empty for an address without parameters', () => {
    expect(addressParams('', '#/')).toEqual({})
  })
})

describe('flushing when an H5 page hides', () => {
  function fakePage() {
    const listeners: Record<string, () => void> = {}
    const doc = {
      visibilityState: 'visible',
      addEventListener: (type: string, listener: () => void) => void (listeners[type] = listener),
    }
    const win = { addEventListener: (type: string, listener: () => void) => void (listeners[type] = listener) }
    const fire = (type: string) => listeners[type]?.()
    return { doc, win, fire }
  }

  it('flushes when the document becomes hidden, not when it becomes visible', () => {
    const { doc, win, fire } = fakePage()
    const flush = jest.fn()
    flushWhenPageHides(doc, win, flush)
    fire('visibilitychange')
    expect(flush).not.toHaveBeenCalled()
    doc.visibilityState = 'hidden'
    fire('visibilitychange')
    expect(flush).toHaveBeenCalledTimes(1)
  })

  it('flushes when the page is being left (pagehide)', () => {
    const { doc, win, fire } = fakePage()
    const flush = jest.fn()
    flushWhenPageHides(doc, win, flush)
    fire('pagehide')
    expect(flush).toHaveBeenCalledTimes(1)
  })
})

describe('keyboard access for a View acting as a button', () => {
  const key = (name: string) => ({ key: name, preventDefault: jest.fn() })

  it('is reachable with Tab', () => {
    expect(keyboardButtonProps(() => undefined).tabIndex).toBe(0)
  })

  it('activates on Enter (key down) and on Space (key up), as a native button does', () => {
    const activate = jest.fn()
    const props = keyboardButtonProps(activate)
    const enter = key('Enter')
    props.onKeyDown(enter)
    expect(activate).toHaveBeenCalledTimes(1)
    expect(enter.preventDefault).toHaveBeenCalled()
    const spaceDown = key(' ')
    props.onKeyDown(spaceDown)
    // Space's key down only keeps the page from scrolling.
    expect(activate).toHaveBeenCalledTimes(1)
    expect(spaceDown.preventDefault).toHaveBeenCalled()
    props.onKeyUp(key(' '))
    expect(activate).toHaveBeenCalledTimes(2)
  })

  it('ignores every other key', () => {
    const activate = jest.fn()
    const props = keyboardButtonProps(activate)
    for (const name of ['Tab', 'a', 'Escape', 'ArrowDown']) {
      const event = key(name)
      props.onKeyDown(event)
      props.onKeyUp(event)
      expect(event.preventDefault).not.toHaveBeenCalled()
    }
    props.onKeyUp(key('Enter'))
    expect(activate).not.toHaveBeenCalled()
  })
})
