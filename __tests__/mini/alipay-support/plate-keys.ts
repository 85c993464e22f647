/** Typing a plate on the plate page of the Alipay run: one tap per key of the app's own plate keyboard. */
import type { AlipayApp } from './alipay-app'

/**
 * Taps the plate keyboard's key of every character of `plate` (the keyboard must be open), once
 * the app's services have come (the launch's entropy answered, the form in place of the
 * placeholder and drawn). A key tapped while the placeholder gives way to the form can be lost
 * under load (seen in CI, issue 26's note): these runs are not about that moment.
 */
export async function typePlate(app: AlipayApp, plate: string): Promise<void> {
  await app.waitFor(() => app.entropyCalls > 0, "the launch's entropy")
  await app.settle()
  for (const key of plate) {
    app.tap(await app.findTappable(key))
    await app.settle()
  }
}
