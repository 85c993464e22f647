/**
 * Brings an element into sight above a panel fixed to the bottom of the window (the plate
 * keyboard) when the panel covers it: on a short or zoomed screen (200 % text zoom lays a phone
 * out 195 CSS px wide and about 420 tall) the keyboard would otherwise sit on the boxes the person
 * types into. An element already in sight does not move the page.
 */

/** Room left between the element and the panel's top edge. */
const REVEAL_MARGIN_PX = 8

/** The nearest ancestor that scrolls (the page's container on H5), or the document's. */
function scrollerOf(element: Element): Element {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node)
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node
  }
  return document.scrollingElement ?? document.documentElement
}

export function revealAbove(target: Element, cover: Element): void {
  const overlap = target.getBoundingClientRect().bottom + REVEAL_MARGIN_PX - cover.getBoundingClientRect().top
  if (overlap <= 0) return
  // Never so far that the element's top leaves the window.
  const room = Math.max(0, target.getBoundingClientRect().top - REVEAL_MARGIN_PX)
  scrollerOf(target).scrollTop += Math.min(overlap, room)
}
