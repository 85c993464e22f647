import { useState } from 'react'
import { PlateInput } from '../../src/features/entry/plate-input/PlateInput'
import { EMPTY_PLATE_ENTRY } from '../../src/domain/plate-entry'
import type { PlateEntry } from '../../src/domain/plate-entry'
import { byTestId, flush, getByTestId, mountBare, textOf } from '../support/page-test'

let latest: PlateEntry = EMPTY_PLATE_ENTRY
let keyboardChanges: boolean[] = []

function Harness({ error, initiallyOpen = true }: { error?: string; initiallyOpen?: boolean }) {
  const [entry, setEntry] = useState<PlateEntry>(EMPTY_PLATE_ENTRY)
  latest = entry
  return <PlateInput value={entry} onChange={setEntry} error={error} initiallyOpen={initiallyOpen} onKeyboardChange={(open) => keyboardChanges.push(open)} />
}

const boxes = (page: Awaited<ReturnType<typeof mountBare>>): string[] =>
  Array.from(page.queries.querySelectorAll('[data-testid^="plate-box-"]'), (box) => box.textContent ?? '')

/** Mounts the harness and waits for the lazily loaded keyboard panel. */
async function mountOpen(props: { error?: string } = {}) {
  const page = await mountBare(() => <Harness {...props} />)
  await keyboardLoaded(page)
  return page
}

async function keyboardLoaded(page: Awaited<ReturnType<typeof mountBare>>) {
  for (let round = 0; round < 20 && !byTestId(page, 'plate-keyboard'); round++) {
    await page.act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  }
  expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
}

async function press(page: Awaited<ReturnType<typeof mountBare>>, ...keys: string[]) {
  for (const key of keys) {
    page.fireEvent.click(getByTestId(page, `plate-key-${key}`))
    await flush(page)
  }
}

describe('plate input', () => {
  beforeEach(() => {
    keyboardChanges = []
  })

  it('types a blue plate through the province panel, then letters, then letters and digits', async () => {
    const page = await mountOpen()
    expect(boxes(page)).toHaveLength(7)
    expect(getByTestId(page, 'plate-keyboard').getAttribute('data-panel')).toBe('province')
    expect(byTestId(page, 'plate-key-A')).toBeNull()
    await press(page, '京', 'A')
    expect(getByTestId(page, 'plate-keyboard').getAttribute('data-panel')).toBe('alphanumeric')
    await press(page, '1', '2', '3', '4', '5')
    expect(boxes(page).join('')).toBe('京A12345')
    expect(latest.chars.join('')).toBe('京A12345')
  })

  it('closes the keyboard by itself once every box is filled, and tells the page', async () => {
    const page = await mountOpen()
    await press(page, '粤', 'B', '1', '2', '3', '4')
    expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
    await press(page, '5')
    expect(byTestId(page, 'plate-keyboard')).toBeNull()
    expect(keyboardChanges).toEqual([false])
  })

  it('never offers I or O, and deletes from the end', async () => {
    const page = await mountOpen()
    await press(page, '粤')
    expect(getByTestId(page, 'plate-keyboard').getAttribute('data-panel')).toBe('letters')
    expect(byTestId(page, 'plate-key-I')).toBeNull()
    expect(byTestId(page, 'plate-key-O')).toBeNull()
    await press(page, 'delete')
    expect(boxes(page).join('')).toBe('')
    expect(getByTestId(page, 'plate-keyboard').getAttribute('data-panel')).toBe('province')
  })

  it('switches to 8 boxes for a green plate, marked as the selected radio', async () => {
    const page = await mountOpen()
    page.fireEvent.click(getByTestId(page, 'plate-kind-green'))
    await flush(page)
    expect(boxes(page)).toHaveLength(8)
    expect(getByTestId(page, 'plate-kind-green').getAttribute('aria-checked')).toBe('true')
    expect(getByTestId(page, 'plate-kind-blue').getAttribute('aria-checked')).toBe('false')
    expect(getByTestId(page, 'plate-boxes').getAttribute('aria-label')).toBe('车牌号 未填写，共8位，点击输入')
  })

  it('shows the reason it is given as an alert, and closes and reopens the keyboard', async () => {
    const page = await mountOpen({ error: '车牌号第一位应为省份简称' })
    expect(textOf(page, 'plate-error')).toBe('车牌号第一位应为省份简称')
    expect(getByTestId(page, 'plate-error').getAttribute('role')).toBe('alert')
    page.fireEvent.click(getByTestId(page, 'plate-key-done'))
    await flush(page)
    expect(byTestId(page, 'plate-keyboard')).toBeNull()
    page.fireEvent.click(getByTestId(page, 'plate-boxes'))
    await flush(page)
    expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
    expect(keyboardChanges).toEqual([false, true])
  })

  it('opens from the keyboard: Enter on the boxes', async () => {
    const page = await mountBare(() => <Harness initiallyOpen={false} />)
    expect(byTestId(page, 'plate-keyboard')).toBeNull()
    page.fireEvent.keyDown(getByTestId(page, 'plate-boxes'), { key: 'Enter' })
    await keyboardLoaded(page)
    expect(getByTestId(page, 'plate-keyboard').getAttribute('aria-label')).toBe('车牌键盘')
  })
})
