import { useState } from 'react'
import { PlateInput } from '../../src/components/plate-input/PlateInput'
import { EMPTY_PLATE_ENTRY } from '../../src/domain/plate-entry'
import type { PlateEntry } from '../../src/domain/plate-entry'
import { byTestId, flush, getByTestId, mountBare, textOf } from '../support/page-test'

let latest: PlateEntry = EMPTY_PLATE_ENTRY

function Harness({ error }: { error?: string }) {
  const [entry, setEntry] = useState<PlateEntry>(EMPTY_PLATE_ENTRY)
  latest = entry
  return <PlateInput value={entry} onChange={setEntry} error={error} initiallyOpen />
}

const boxes = (page: Awaited<ReturnType<typeof mountBare>>): string[] =>
  Array.from(page.queries.querySelectorAll('[data-testid^="plate-box-"]'), (box) => box.textContent ?? '')

describe('plate input', () => {
  it('types a blue plate through the province panel, then letters, then letters and digits', async () => {
    const page = await mountBare(() => <Harness />)
    expect(boxes(page)).toHaveLength(7)
    expect(getByTestId(page, 'plate-keyboard').getAttribute('data-panel')).toBe('province')
    expect(byTestId(page, 'plate-key-A')).toBeNull()
    for (const key of ['京', 'A', '1', '2', '3', '4', '5']) {
      page.fireEvent.click(getByTestId(page, `plate-key-${key}`))
      await flush(page)
    }
    expect(boxes(page).join('')).toBe('京A12345')
    expect(latest.chars.join('')).toBe('京A12345')
  })

  it('never offers I or O, and deletes from the end', async () => {
    const page = await mountBare(() => <Harness />)
    page.fireEvent.click(getByTestId(page, 'plate-key-粤'))
    await flush(page)
    expect(getByTestId(page, 'plate-keyboard').getAttribute('data-panel')).toBe('letters')
    expect(byTestId(page, 'plate-key-I')).toBeNull()
    expect(byTestId(page, 'plate-key-O')).toBeNull()
    page.fireEvent.click(getByTestId(page, 'plate-key-delete'))
    await flush(page)
    expect(boxes(page).join('')).toBe('')
  })

  it('switches to 8 boxes for a green plate, marked as the selected radio', async () => {
    const page = await mountBare(() => <Harness />)
    page.fireEvent.click(getByTestId(page, 'plate-kind-green'))
    await flush(page)
    expect(boxes(page)).toHaveLength(8)
    expect(getByTestId(page, 'plate-kind-green').getAttribute('aria-checked')).toBe('true')
    expect(getByTestId(page, 'plate-kind-blue').getAttribute('aria-checked')).toBe('false')
  })

  it('shows the reason it is given as an alert, and closes the keyboard on 完成', async () => {
    const page = await mountBare(() => <Harness error='车牌号第一位应为省份简称' />)
    expect(textOf(page, 'plate-error')).toBe('车牌号第一位应为省份简称')
    expect(getByTestId(page, 'plate-error').getAttribute('role')).toBe('alert')
    page.fireEvent.click(getByTestId(page, 'plate-key-done'))
    await flush(page)
    expect(byTestId(page, 'plate-keyboard')).toBeNull()
    page.fireEvent.click(getByTestId(page, 'plate-boxes'))
    await flush(page)
    expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
  })
})
