/** Typing a plate on the plate page of the Alipay run: one tap per key of the app's own plate keyboard. */
import type { AlipayApp } from './alipay-app'

/**
 * Taps the plate keyboard's key of every character of `plate` (the keyboard must be open), once
 * the app's services have come: the launch's entropy answered, and the form in place of the
 * placeholder and drawn (its 下一步 answers taps; the placeholder's waits, busy). A tap the view
 * sends while the page's data is swapping placeholder for form names a node the app no longer
 * has, and is lost, as on a phone (seen in CI under seeds 3 and 4): these runs are not about
 * that moment.
 */
export async function typePlate(app: AlipayApp, plate: string): Promise<void> {
  await app.waitFor(() => app.entropyCalls > 0, "the launch's entropy")
  await app.findTappable('下一步')
  await app.settle()
  for (const key of plate) {
    app.tap(await app.findTappable(key))
    await app.settle()
  }
}
