/**
 * Time passing for the phone and the server alike: the compiled app reads the time with
 * `Date.now()` (its request de-duplication window, its signatures), the test server with its
 * FakeClock; both move on by the same amount. Timers are not affected. The `Date.now` stand-in
 * lives as long as the test file's environment.
 */
import type { FakeClock } from '../../server/support/test-app'

let offsetMs = 0
let installed = false

export function passTime(serverClock: FakeClock, ms: number): void {
  if (!installed) {
    const realNow = Date.now.bind(Date)
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs)
    installed = true
  }
  offsetMs += ms
  serverClock.advance(ms)
}
