/**
 * Calls that are running, by key: a second call with a key while one runs gets the same promise,
 * so a double tap sends once; once it has settled, the next call runs anew.
 */
export class InFlight {
  private readonly running = new Map<string, Promise<unknown>>()

  run<T>(key: string, call: () => Promise<T>): Promise<T> {
    const running = this.running.get(key)
    if (running) return running as Promise<T>
    const promise = call().finally(() => this.running.delete(key))
    this.running.set(key, promise)
    return promise
  }
}
