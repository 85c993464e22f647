import { ENTRY_COPY } from '../../src/config/entry-copy'
import { entryAddressPattern, entrySkeletonHtml, landingAddressPattern } from '../../src/config/entry-skeleton'
import { ENTRY_SKELETON_ID } from '../../src/config/first-screens'
import { EARLY_KEYBOARD_HOST } from '../../src/config/plate-input-copy'

describe("index.html's copy of the entry page", () => {
  it.each(['', '#/', '#/apply/basic', '#/?promotionChannelId=p1', '#/apply/basic?bd_vid=x'])('shows for the entry address %p', (hash) => {
    expect(entryAddressPattern().test(hash)).toBe(true)
  })

  it.each(['#/apply/order-list', '#/apply/basic2', '#/pages/login/index', '#/apply/land?x=1', '#/apply'])('is removed at once for another page: %p', (hash) => {
    expect(entryAddressPattern().test(hash)).toBe(false)
  })

  it.each(['#/apply/land', '#/apply/baidu-land?bd_vid=x&promotionChannelId=p1', '#/apply/jh-land', '#/apply/qishi'])(
    'is kept hidden for a landing address, whose call to action leads to it: %p',
    (hash) => {
      expect(entryAddressPattern().test(hash)).toBe(false)
      expect(landingAddressPattern().test(hash)).toBe(true)
    },
  )

  it.each(['', '#/', '#/apply/basic', '#/apply/land/gaode-notice', '#/apply/baidu-land2', '#/apply/order-list'])('is not a landing address: %p', (hash) => {
    expect(landingAddressPattern().test(hash)).toBe(false)
  })

  it("carries the page's opening words under its id, a host for the keyboard, the gate, then the keyboard's script", () => {
    const html = entrySkeletonHtml('installKeyboard()')
    expect(html.startsWith(`<div id="${ENTRY_SKELETON_ID}" style=`)).toBe(true)
    // It is what people use until the app comes (the early keyboard): not hidden from screen readers.
    expect(html).not.toContain('aria-hidden')
    for (const text of [ENTRY_COPY.intro, ENTRY_COPY.heading, ENTRY_COPY.hint, ENTRY_COPY.waiting, ...ENTRY_COPY.steps]) expect(html).toContain(text)
    expect(html).toContain(`<div class="plate-input" ${EARLY_KEYBOARD_HOST}></div>`)
    const gate = html.indexOf(`<script>(function(){var h=location.hash,s=document.getElementById(${JSON.stringify(ENTRY_SKELETON_ID)});if(s&&!${entryAddressPattern().toString()}.test(h)){if(${landingAddressPattern().toString()}.test(h))s.hidden=true;`)
    expect(gate).toBeGreaterThan(0)
    expect(html.endsWith('<script>installKeyboard()</script>')).toBe(true)
  })
})
