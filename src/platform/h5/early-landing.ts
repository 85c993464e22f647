/**
 * The script of index.html's landing copies (config/landing-skeleton.ts), bundled at build time
 * into an inline script (config/index.ts) that runs right after them, before the first paint. It
 * shows the copy of the address and removes the others, and makes its call to action answer at
 * once, as the page's does: to the plate page, at its address with the landing address's query
 * (the promotion ids, the click id), where index.html's copy of the plate page (kept hidden until
 * then) shows with its working keyboard. What was done is kept for the app (early-landing-tap.ts).
 * Back on the landing address before the app has come, its copy shows again.
 */
import { ENTRY_SKELETON_ID, LANDING_ADDRESS_ATTRIBUTE, LANDING_CTA_ATTRIBUTE, LANDING_SKELETON_ATTRIBUTE } from '../../config/first-screens'
import { answerActivationKeys } from './activation-keys'
import { keepEarlyLanding } from './early-landing-tap'
import { addressOf, queryOf } from './hash-address'
import type { EarlyLanding } from './early-landing-tap'

export function installEarlyLanding(doc: Document, win: Window): void {
  const address = addressOf(win.location.hash)
  const copies = Array.from(doc.querySelectorAll<HTMLElement>(`[${LANDING_SKELETON_ATTRIBUTE}]`))
  const copy = copies.find((candidate) => candidate.getAttribute(LANDING_ADDRESS_ATTRIBUTE) === address)
  for (const other of copies) if (other !== copy) other.remove()
  if (!copy) return
  const cta = copy.querySelector(`[${LANDING_CTA_ATTRIBUTE}]`)
  const plateAddress = cta?.getAttribute(LANDING_CTA_ATTRIBUTE)
  const landing: EarlyLanding = { route: copy.getAttribute(LANDING_SKELETON_ATTRIBUTE) ?? '', tapped: false, taken: false }
  keepEarlyLanding(win, landing)
  /** The landing's copy, or the plate page's (whichever the app has not removed yet). */
  const show = (onLanding: boolean) => {
    copy.hidden = !onLanding
    const entry = doc.getElementById(ENTRY_SKELETON_ID)
    if (entry) entry.hidden = onLanding
  }
  show(true)
  const answer = () => {
    if (landing.taken || !plateAddress || copy.hidden) return
    landing.tapped = true
    show(false)
    win.location.hash = `#${plateAddress}${queryOf(win.location.hash)}`
  }
  cta?.addEventListener('click', answer)
  if (cta) answerActivationKeys(cta, answer)
  // Back from the plate page's copy: the person has not gone on from the landing page after all.
  win.addEventListener('hashchange', () => {
    if (landing.taken || addressOf(win.location.hash) !== address) return
    landing.tapped = false
    show(true)
  })
}
