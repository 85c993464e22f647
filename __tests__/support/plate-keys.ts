/** The plate keyboard as a person uses it in page tests: the boxes' text, and keys pressed one by one. */
import { flush, getByTestId } from './page-test'
import type { mountBare } from './page-test'

type Page = Awaited<ReturnType<typeof mountBare>>

export const boxes = (page: Page): string =>
  Array.from(page.queries.querySelectorAll('[data-testid^="plate-box-"]'), (box) => box.textContent ?? '').join('')

export async function press(page: Page, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    page.fireEvent.click(getByTestId(page, `plate-key-${key}`))
    await flush(page)
  }
}
