/** Typing a plate on the plate page of the Alipay run: one tap per key of the app's own plate keyboard. */
import type { AlipayApp } from './alipay-app'

/** Taps the plate keyboard's key of every character of `plate` (the keyboard must be open). */
export async function typePlate(app: AlipayApp, plate: string): Promise<void> {
  for (const key of plate) {
    app.tap(await app.findTappable(key))
    await app.settle()
  }
}
