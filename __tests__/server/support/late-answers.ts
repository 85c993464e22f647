/**
 * What every vendor stand-in does to provoke a client timeout: the next answer leaves late (the
 * request itself is carried out at once, as the vendor would), and closing the stand-in cancels
 * what is still waiting.
 */
export class LateAnswers {
  private nextDelayMs = 0
  private readonly timers = new Set<NodeJS.Timeout>()

  /** The next answer leaves `ms` late. */
  delayNext(ms: number): void {
    this.nextDelayMs = ms
  }

  /** Writes the answer now, or as late as delayNext said. */
  send(write: () => void): void {
    const delay = this.nextDelayMs
    this.nextDelayMs = 0
    if (delay === 0) return write()
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      write()
    }, delay)
    this.timers.add(timer)
  }

  cancel(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }
}
