import { ENTRY_COPY } from '../../src/config/entry-copy'
import { ENTRY_SKELETON_ID, entryAddressPattern, entrySkeletonHtml } from '../../src/config/entry-skeleton'

describe("index.html's copy of the entry page", () => {
  it.each(['', '#/', '#/apply/basic', '#/?promotionChannelId=p1', '#/apply/basic?bd_vid=x'])('shows for the entry address %p', (hash) => {
    expect(entryAddressPattern().test(hash)).toBe(true)
  })

  it.each(['#/apply/order-list', '#/apply/basic2', '#/pages/login/index', '#/apply/land?x=1', '#/apply'])('is removed at once for another page: %p', (hash) => {
    expect(entryAddressPattern().test(hash)).toBe(false)
  })

  it("carries the page's opening words under its id, hidden from screen readers, with the gate after it", () => {
    const html = entrySkeletonHtml()
    expect(html.startsWith(`<div id="${ENTRY_SKELETON_ID}" aria-hidden="true"`)).toBe(true)
    for (const text of [ENTRY_COPY.intro, ENTRY_COPY.heading, ENTRY_COPY.hint, ...ENTRY_COPY.steps]) expect(html).toContain(text)
    expect(html).toContain(`<script>(function(){if(!${entryAddressPattern().toString()}.test(location.hash))`)
  })
})
