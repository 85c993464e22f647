import { ENTRY_COPY } from '../../src/config/entry-copy'
import { ENTRY_SKELETON_ID, entryAddressPattern, entrySkeletonHtml } from '../../src/config/entry-skeleton'
import { EARLY_KEYBOARD_HOST } from '../../src/config/plate-input-copy'

describe("index.html's copy of the entry page", () => {
  it.each(['', '#/', '#/apply/basic', '#/?promotionChannelId=p1', '#/apply/basic?bd_vid=x'])('shows for the entry address %p', (hash) => {
    expect(entryAddressPattern().test(hash)).toBe(true)
  })

  it.each(['#/apply/order-list', '#/apply/basic2', '#/pages/login/index', '#/apply/land?x=1', '#/apply'])('is removed at once for another page: %p', (hash) => {
    expect(entryAddressPattern().test(hash)).toBe(false)
  })

  it("carries the page's opening words under its id, a host for the keyboard, the gate, then the keyboard's script", () => {
    const html = entrySkeletonHtml('installKeyboard()')
    expect(html.startsWith(`<div id="${ENTRY_SKELETON_ID}" style=`)).toBe(true)
    // It is what people use until the app comes (the early keyboard): not hidden from screen readers.
    expect(html).not.toContain('aria-hidden')
    for (const text of [ENTRY_COPY.intro, ENTRY_COPY.heading, ENTRY_COPY.hint, ENTRY_COPY.waiting, ...ENTRY_COPY.steps]) expect(html).toContain(text)
    expect(html).toContain(`<div class="plate-input" ${EARLY_KEYBOARD_HOST}></div>`)
    const gate = html.indexOf(`<script>(function(){if(!${entryAddressPattern().toString()}.test(location.hash))`)
    expect(gate).toBeGreaterThan(0)
    expect(html.endsWith('<script>installKeyboard()</script>')).toBe(true)
  })
})
